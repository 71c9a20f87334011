// The operator's moves of a deal (spec §6: not shown in the portal; in development POST /dev/deals/status plays
// them): a status, the amounts, a decline reason. Completing a deal credits the filer's sponsor the referrer fee
// in US dollars (REAL_ESTATE_DEAL_BONUS, entry key deal:<id>:referrer-fee) in the transaction that locks the deal
// row, so two parallel completions credit it once; a completed or declined deal does not move again.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealCurrency, isFinalDealStatus, referrerFee, type DealStatus } from '../../../domain/deals';
import { cents, isZero, type Decimal } from '../../../domain/money';
import { users } from '../account/tables';
import { creditWallet } from '../wallet/ledger';
import { dealHistory, deals } from './tables';

export interface DealMove {
  dealId: number;
  status: DealStatus;
  transactionAmount?: Decimal;
  transactionFee?: Decimal;
  declineReason?: string;
}

/** What the control answers: an HTTP status and a JSON body. */
export type MoveAnswer = { status: number; body: Record<string, unknown> };

/** A refusal that rolls the transaction back. */
class Refused extends Error {
  constructor(readonly answer: MoveAnswer) {
    super(String(answer.body.error));
  }
}

const refuse = (status: number, error: string) => new Refused({ status, body: { error } });

export const referrerFeeEntryKey = (dealId: number) => `deal:${dealId}:referrer-fee`;

/** Moves a deal as the operator does, in one transaction; answers the deal's id, status and amounts, or why not. */
export async function moveDeal(db: Db, move: DealMove, now = new Date()): Promise<MoveAnswer> {
  try {
    return await db.transaction((tx) => moveDealIn(tx as unknown as Db, move, now));
  } catch (error) {
    // The refusal may come back wrapped by the driver's transaction.
    for (let current: unknown = error; current instanceof Error; current = current.cause) {
      if (current instanceof Refused) return current.answer;
    }
    throw error;
  }
}

/** The move inside the caller's transaction (the demo data's too): a refusal throws, rolling it back. */
export async function moveDealIn(tx: Db, move: DealMove, now: Date): Promise<MoveAnswer> {
  const [deal] = await tx.select().from(deals).where(eq(deals.id, move.dealId)).for('update');
  if (!deal) throw refuse(404, `No deal ${move.dealId}.`);
  if (isFinalDealStatus(deal.status)) throw refuse(409, `Deal ${deal.id} is ${deal.status} and does not move again.`);
  const transactionFee = move.transactionFee ?? deal.transactionFee;
  const transactionAmount = move.transactionAmount ?? deal.transactionAmount;
  if (move.status === 'completed' && (transactionFee === null || transactionAmount === null)) {
    throw refuse(400, `Deal ${deal.id} needs its transaction_amount and transaction_fee before it completes.`);
  }
  const fee = transactionFee === null ? null : referrerFee(transactionFee);
  let sponsorId: number | null = null;
  let feePaidAt: Date | null = null;
  if (move.status === 'completed' && fee !== null && !isZero(fee)) {
    const [filer] = await tx.select({ sponsorId: users.sponsorId, tenantId: users.tenantId }).from(users).where(eq(users.id, deal.userId));
    const [sponsor] = filer?.sponsorId ? await tx.select({ id: users.id, tenantId: users.tenantId }).from(users).where(eq(users.id, filer.sponsorId)) : [];
    // The team is the tenant's only (as team_paths): a sponsor elsewhere earns nothing here.
    if (sponsor && sponsor.tenantId === deal.tenantId) {
      await creditWallet(tx, {
        userId: sponsor.id,
        currency: dealCurrency,
        amount: fee,
        type: 'REAL_ESTATE_DEAL_BONUS',
        entryKey: referrerFeeEntryKey(deal.id),
        note: `Real-estate deal ${deal.id}: referrer fee`,
        details: { ref: String(deal.id) },
      });
      sponsorId = sponsor.id;
      feePaidAt = now;
    }
  }
  const [moved] = await tx
    .update(deals)
    .set({
      status: move.status,
      ...(move.transactionAmount !== undefined ? { transactionAmount: move.transactionAmount } : {}),
      ...(move.transactionFee !== undefined ? { transactionFee: move.transactionFee } : {}),
      // What completing pays is what the deal shows: the fee is worked out again whenever it could have changed.
      ...(move.transactionFee !== undefined || move.status === 'completed' ? { referrerFee: fee } : {}),
      ...(move.declineReason !== undefined ? { declineReason: move.declineReason } : {}),
      ...(feePaidAt ? { sponsorId, feePaidAt } : {}),
    })
    .where(eq(deals.id, deal.id))
    .returning();
  if (move.status !== deal.status) await tx.insert(dealHistory).values({ dealId: deal.id, status: move.status, at: now });
  return {
    status: 200,
    body: {
      id: String(moved!.id),
      status: moved!.status,
      transaction_amount: moved!.transactionAmount === null ? null : cents(moved!.transactionAmount),
      transaction_fee: moved!.transactionFee === null ? null : cents(moved!.transactionFee),
      referrer_fee: moved!.referrerFee === null ? null : cents(moved!.referrerFee),
      fee_paid: moved!.feePaidAt !== null,
      decline_reason: moved!.declineReason,
    },
  };
}
