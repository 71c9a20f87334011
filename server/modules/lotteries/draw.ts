// The draw job (`lotteries.draw`, issue 29, DESIGN §7): every raffle that is filled, or still active past its
// stored ends_at (no timer: a restart finds it the same), is closed once, in its own transaction with its row
// locked (FOR UPDATE SKIP LOCKED: a raffle another process holds is that process's) and its status checked again
// under the lock. With no ticket sold it finishes without winners; below its minimum every purchase is refunded;
// else the winners are domain/lotteries.ts's drawWinners of the committed seed and the sold numbers, and each
// prize is credited to its winner. Each movement once, by its ledger entry key and its claim row:
//   lottery:<purchase id>:refund     REFUND_TO_BALANCE       a purchase back when the minimum was not reached
//   lottery:<raffle id>:prize:<n>    AIRDROP_RAFFLE_REWARD   place n's prize (claimed by its (raffle, place) row)
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { drawWinners } from '../../../domain/lotteries';
import { creditWallet } from '../wallet/ledger';
import { ticketNumbers, type RaffleRow } from './service';
import { lotteryPrizes, lotteryPurchases, lotteryRaffles, lotteryTickets, lotteryWinners } from './tables';

export type DrawResult = 'empty' | 'refunded' | 'drawn';

/** Whether a raffle is due for the draw at `now`: filled, or active past its ends_at. */
const isDue = (raffle: RaffleRow, now: Date) => raffle.status === 'filled' || (raffle.status === 'active' && raffle.endsAt.getTime() <= now.getTime());

/** Refunds every purchase of a locked raffle once, and marks them and the raffle refunded. */
async function refundRaffle(tx: Db, raffle: RaffleRow, now: Date): Promise<void> {
  const bought = await tx
    .select()
    .from(lotteryPurchases)
    .where(and(eq(lotteryPurchases.raffleId, raffle.id), isNull(lotteryPurchases.refundedAt)))
    // By member first: every close credits wallets in one order, so two runners closing two raffles with the
    // same members cannot deadlock on their wallets.
    .orderBy(asc(lotteryPurchases.userId), asc(lotteryPurchases.id));
  for (const purchase of bought) {
    await creditWallet(tx, {
      userId: purchase.userId,
      currency: raffle.currency,
      amount: purchase.amount,
      type: 'REFUND_TO_BALANCE',
      entryKey: `lottery:${purchase.id}:refund`,
      note: `${raffle.name}: the minimum of tickets was not reached`,
      details: { subject: raffle.name, reason: 'too_few_tickets' },
    });
  }
  await tx.update(lotteryPurchases).set({ refundedAt: now }).where(and(eq(lotteryPurchases.raffleId, raffle.id), isNull(lotteryPurchases.refundedAt)));
  await tx.update(lotteryRaffles).set({ status: 'finished', refundedAt: now, finishedAt: now }).where(eq(lotteryRaffles.id, raffle.id));
}

/** Draws a locked raffle's winners from its seed and sold numbers, credits each prize once, and finishes it. */
async function drawLocked(tx: Db, raffle: RaffleRow, sold: number[], now: Date): Promise<void> {
  const prizes = await tx.select().from(lotteryPrizes).where(eq(lotteryPrizes.raffleId, raffle.id)).orderBy(asc(lotteryPrizes.place));
  const winning = await drawWinners(raffle.seed, sold, prizes.length);
  const owners = winning.length
    ? await tx
        .select({ number: lotteryTickets.number, userId: lotteryTickets.userId })
        .from(lotteryTickets)
        .where(and(eq(lotteryTickets.raffleId, raffle.id), inArray(lotteryTickets.number, winning)))
    : [];
  const ownerOf = new Map(owners.map((row) => [row.number, row.userId]));
  // Prizes are credited by winner (then place): wallets are locked in one order across runners (no deadlock).
  const awards = winning
    .map((ticket, index) => ({ ticket, prize: prizes[index]!, userId: ownerOf.get(ticket)! }))
    .sort((a, b) => a.userId - b.userId || a.prize.place - b.prize.place);
  for (const { ticket, prize, userId } of awards) {
    const claimed = await tx
      .insert(lotteryWinners)
      .values({ raffleId: raffle.id, place: prize.place, ticket, userId, amount: prize.amount })
      .onConflictDoNothing()
      .returning({ place: lotteryWinners.place });
    if (!claimed.length) continue;
    await creditWallet(tx, {
      userId,
      currency: raffle.currency,
      amount: prize.amount,
      type: 'AIRDROP_RAFFLE_REWARD',
      entryKey: `lottery:${raffle.id}:prize:${prize.place}`,
      note: `${raffle.name}: prize for place ${prize.place}, ticket ${ticket}`,
      details: { subject: raffle.name, count: prize.place, ref: String(ticket) },
    });
  }
  await tx.update(lotteryRaffles).set({ status: 'finished', drawnAt: now, finishedAt: now }).where(eq(lotteryRaffles.id, raffle.id));
}

/**
 * Closes one raffle if it is due, inside the caller's transaction with its row locked: finished without winners
 * when nothing sold, refunded below its minimum, else drawn. null when it is not due (closed meanwhile).
 */
export async function closeRaffle(tx: Db, raffle: RaffleRow, now: Date): Promise<DrawResult | null> {
  if (!isDue(raffle, now)) return null;
  const sold = (await ticketNumbers(tx, [raffle.id], null)).get(raffle.id) ?? [];
  if (!sold.length) {
    await tx.update(lotteryRaffles).set({ status: 'finished', finishedAt: now }).where(eq(lotteryRaffles.id, raffle.id));
    return 'empty';
  }
  if (raffle.minTickets !== null && sold.length < raffle.minTickets) {
    await refundRaffle(tx, raffle, now);
    return 'refunded';
  }
  await drawLocked(tx, raffle, sold, now);
  return 'drawn';
}

export interface DrawJobOutcome {
  drawn: number;
  refunded: number;
  empty: number;
}

/** The draw job (`lotteries.draw`): each due raffle closed in its own transaction; a row another process holds is skipped. */
export async function runDrawJob(db: Db, now = new Date()): Promise<DrawJobOutcome> {
  const outcome: DrawJobOutcome = { drawn: 0, refunded: 0, empty: 0 };
  const due = await db
    .select({ id: lotteryRaffles.id })
    .from(lotteryRaffles)
    .where(or(eq(lotteryRaffles.status, 'filled'), and(eq(lotteryRaffles.status, 'active'), lte(lotteryRaffles.endsAt, now))))
    .orderBy(asc(lotteryRaffles.id));
  for (const { id } of due) {
    try {
      const result = await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [raffle] = await tx
          .select()
          .from(lotteryRaffles)
          .where(and(eq(lotteryRaffles.id, id), inArray(lotteryRaffles.status, ['active', 'filled'])))
          .for('update', { skipLocked: true });
        return raffle ? closeRaffle(tx, raffle, now) : null;
      });
      if (result) outcome[result] += 1;
    } catch (error) {
      // One raffle failing (a lost connection) leaves the rest of the pass to run; the next pass tries it again.
      console.error(`Job lotteries.draw: raffle ${id} failed:`, error instanceof Error ? error.message : error);
    }
  }
  return outcome;
}
