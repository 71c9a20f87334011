// Buying raffle tickets (issue 29): from the balance in one transaction that locks the raffle row first, so the
// tickets sold and the member's tickets are read under that lock and parallel purchases never sell past
// tickets_total nor take a member past max_tickets_per_member; the wallet's conditional debit never takes the
// balance below zero. The tickets take the next numbers in order; the last one sold fills the raffle (the draw
// job draws it). Money moves once per ledger entry key: lottery:<purchase id>:tickets (LOTTERY_TICKET).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withIdempotency } from '../../db/idempotency';
import type { UserRow } from '../../context';
import { appError } from '../../errors';
import { multiply } from '../../../domain/money';
import type { TenantRow } from '../shell/service';
import { debitWallet } from '../wallet/ledger';
import { accessTariffsOf, currentTariffOf, onSale, purchaseView, raffleNotFound, soldCounts, type RaffleRow } from './service';
import { lotteryPurchases, lotteryRaffles, lotteryTickets } from './tables';

export const raffleClosed = () => appError('conflict', 'This raffle is closed.', { reason: 'RaffleClosed' });

async function lockRaffle(tx: Db, tenantId: number, raffleId: number): Promise<RaffleRow> {
  const [raffle] = await tx
    .select()
    .from(lotteryRaffles)
    .where(and(eq(lotteryRaffles.id, raffleId), eq(lotteryRaffles.tenantId, tenantId)))
    .for('update');
  if (!raffle) throw raffleNotFound();
  return raffle;
}

/**
 * Sells `qty` tickets of a raffle to a member inside the caller's transaction: locks the raffle, checks it is on
 * sale, the member's premium access, what is left and the member's maximum, debits the balance, numbers the
 * tickets and fills the raffle with its last ticket. Answers the purchase's id.
 */
export async function sellTickets(tx: Db, input: { tenantId: number; userId: number; raffleId: number; qty: number }, now: Date): Promise<number> {
  const raffle = await lockRaffle(tx, input.tenantId, input.raffleId);
  if (!onSale(raffle, now)) throw raffleClosed();
  if (raffle.premiumOnly) {
    const [access, tariff] = await Promise.all([accessTariffsOf(tx, [raffle.id]), currentTariffOf(tx, input.tenantId, input.userId, now)]);
    if (!(access.get(raffle.id) ?? []).some((entry) => entry.productId === tariff)) {
      throw appError('conflict', 'This raffle is for members with a premium tariff.', { reason: 'PremiumRequired' });
    }
  }
  const sold = (await soldCounts(tx, [raffle.id])).get(raffle.id) ?? 0;
  const left = raffle.ticketsTotal - sold;
  if (input.qty > left) throw appError('conflict', `Only ${left} tickets are left.`, { reason: 'SoldOut' });
  const [held] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(lotteryTickets)
    .where(and(eq(lotteryTickets.raffleId, raffle.id), eq(lotteryTickets.userId, input.userId)));
  if (Number(held?.count ?? 0) + input.qty > raffle.maxTicketsPerMember) {
    throw appError('conflict', `You can hold at most ${raffle.maxTicketsPerMember} tickets in this raffle.`, { reason: 'MaxTicketsReached' });
  }
  const amount = multiply(raffle.ticketPrice, input.qty);
  const [purchase] = await tx
    .insert(lotteryPurchases)
    .values({ raffleId: raffle.id, userId: input.userId, qty: input.qty, amount, createdAt: now })
    .returning({ id: lotteryPurchases.id });
  const debited = await debitWallet(tx, {
    userId: input.userId,
    currency: raffle.currency,
    amount,
    type: 'LOTTERY_TICKET',
    entryKey: `lottery:${purchase!.id}:tickets`,
    note: `${raffle.name}: ${input.qty} ${input.qty === 1 ? 'ticket' : 'tickets'}`,
    details: { subject: raffle.name, count: input.qty },
  });
  // The transaction is rolled back with the error: no purchase without its debit.
  if (!debited) throw appError('conflict', 'Insufficient balance for an invoice.', { reason: 'InsufficientBalance' });
  await tx.insert(lotteryTickets).values(
    Array.from({ length: input.qty }, (_, n) => ({ raffleId: raffle.id, number: sold + n + 1, userId: input.userId, purchaseId: purchase!.id })),
  );
  if (sold + input.qty === raffle.ticketsTotal) await tx.update(lotteryRaffles).set({ status: 'filled' }).where(eq(lotteryRaffles.id, raffle.id));
  return purchase!.id;
}

/** Buys tickets from the member's balance (moduleLotteryBuyTickets): once per idempotency key. */
export async function buyTickets(
  db: Db,
  user: UserRow,
  tenant: TenantRow,
  input: { raffleId: number; qty: number; idempotencyKey: string | null },
  now = new Date(),
) {
  const request = { raffle: input.raffleId, qty: input.qty };
  const { id } = await withIdempotency(db, user.id, 'moduleLotteryBuyTickets', input.idempotencyKey, request, async (tx) => ({
    id: await sellTickets(tx, { tenantId: tenant.id, userId: user.id, raffleId: input.raffleId, qty: input.qty }, now),
  }));
  return purchaseView(db, tenant, user, id, now);
}
