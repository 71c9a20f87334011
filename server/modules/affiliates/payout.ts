// Paying referral earnings into the wallet (issue "Wallet"): a member's released earnings (approved, past
// hold_until) in a currency are paid together once their total reaches the minimum payout (50 USDT, a
// currency other than USDT at its USDT rate): one transaction credits the wallet with one ledger movement
// (REFERRAL_BONUS, an AffiliatePayout entry of the balance history) and marks each earning paid, linked to
// that ledger row. Runs from the server's periodic job (job.ts) and on demand in tests; exactly once when
// several server instances run it at once: the member's row is taken with SKIP LOCKED (another instance
// paying the same member skips them), the earnings are locked and re-read as approved, and the ledger's
// entry key is made from the earnings it pays, so the same earnings can never be credited twice.
// The same job drops the pending earnings of invoices that lapsed (canceled, refunded, or unpaid past due).
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliateEarnings } from '../../../domain/limits';
import { cents, compare, multiply, sum } from '../../../domain/money';
import { users } from '../account/tables';
import { invoices } from '../payments/tables';
import { creditWallet } from '../wallet/ledger';
import { currencies, ledgerEntries } from '../wallet/tables';
import { affEarnings } from './tables';

/** The ledger type of a payout: a referral bonus, which the balance history counts as AffiliatePayout. */
export const payoutLedgerType = 'REFERRAL_BONUS' as const;
export const payoutNote = 'Referral earnings payout';

/** db.execute answers { rows } on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** USDT per unit of the currency; null when the portal knows no rate for it (then it is never paid out). */
async function usdtRate(tx: Db, currency: string): Promise<string | null> {
  const [row] = await tx.select({ rate: currencies.usdtRate }).from(currencies).where(eq(currencies.code, currency));
  return row?.rate ?? (currency === affiliateEarnings.currency ? '1' : null);
}

/**
 * Pays one member's released earnings in one currency, if they reach the minimum, in one transaction:
 * the wallet credit's ledger row id, or null when nothing was paid (below the minimum, already paid, or
 * another instance is paying this member right now).
 */
export async function payMemberEarnings(db: Db, userId: number, currency: string, now = new Date()): Promise<number | null> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    // One payer per member at a time: another instance holding the member skips them (it pays them).
    const taken = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update', { skipLocked: true });
    if (!taken.length) return null;
    const released = await tx
      .select({ id: affEarnings.id, amount: affEarnings.amount })
      .from(affEarnings)
      .where(and(eq(affEarnings.userId, userId), eq(affEarnings.currency, currency), eq(affEarnings.status, 'approved'), lte(affEarnings.holdUntil, now)))
      .orderBy(asc(affEarnings.id))
      .for('update');
    if (!released.length) return null;
    const total = cents(sum(released.map((row) => row.amount)));
    const rate = await usdtRate(tx, currency);
    if (rate === null || compare(multiply(total, rate), affiliateEarnings.minimumPayout) < 0) return null;
    const ids = released.map((row) => row.id);
    const entryKey = `aff-payout:${userId}:${currency}:${createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 24)}`;
    await creditWallet(tx, { userId, currency, amount: total, type: payoutLedgerType, entryKey, note: payoutNote, details: { reason: 'referral_payout' } });
    const [entry] = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.entryKey, entryKey));
    await tx.update(affEarnings).set({ status: 'paid', paidAt: now, ledgerEntryId: entry!.id }).where(inArray(affEarnings.id, ids));
    return entry!.id;
  });
}

/**
 * Every member and currency whose released earnings reach the minimum payout, each paid in a transaction of
 * its own (one member's failure does not hold the others up; it is retried on the next run).
 */
export async function payReleasedEarnings(db: Db, now = new Date()): Promise<{ credits: number; failures: number }> {
  const result = await db.execute(sql`
    select e.user_id::int as user_id, e.currency from ${affEarnings} e
    left join ${currencies} c on c.code = e.currency
    where e.status = 'approved' and e.hold_until <= ${now.toISOString()}::timestamptz
    group by e.user_id, e.currency, c.usdt_rate
    having sum(e.amount) * coalesce(c.usdt_rate, case when e.currency = ${affiliateEarnings.currency} then 1 end)
      >= ${affiliateEarnings.minimumPayout}::numeric`);
  let credits = 0;
  let failures = 0;
  for (const row of rowsOf<{ user_id: number; currency: string }>(result)) {
    try {
      if ((await payMemberEarnings(db, Number(row.user_id), row.currency, now)) !== null) credits += 1;
    } catch (error) {
      failures += 1;
      console.error(`Referral earnings payout of member ${row.user_id} in ${row.currency} failed:`, error instanceof Error ? error.message : error);
    }
  }
  return { credits, failures };
}

/**
 * Drops the pending earnings of invoices that will not be paid as they stand: canceled or refunded, or
 * unpaid past their due date (paying such an invoice later still creates its earnings, as approved), and
 * pending ones whose invoice is gone.
 */
export async function dropLapsedEarnings(db: Db, now = new Date()): Promise<number> {
  const dropped = await db
    .delete(affEarnings)
    .where(
      and(
        eq(affEarnings.status, 'pending'),
        sql`(${affEarnings.invoiceId} is null or exists (
          select 1 from ${invoices} i where i.id = ${affEarnings.invoiceId}
          and (i.status not in ('unpaid', 'paid') or (i.status = 'unpaid' and i.due_date <= ${now.toISOString()}::timestamptz))))`,
      ),
    )
    .returning({ id: affEarnings.id });
  return dropped.length;
}
