// Referral earnings from real purchases (issue "Wallet"): when a team member's purchase invoice is made, each
// sponsor up the sponsor chain (users.sponsor_id, same tenant) gets a `pending` earning, at the level's rate
// (domain/limits.ts affiliateLevelRates) of the purchase, in the invoice's currency; when the invoice
// is paid, in the settling transaction itself, the invoice's earnings become `approved` and are held for the
// holding period. An invoice that is canceled, refunded or past its due date unpaid loses its pending
// earnings (the payout job drops them, payout.ts); if it is paid later after all, paying creates them anew.
// (invoice_id, user_id) is unique, so an invoice earns each sponsor once however it is paid or repeated.
// Payments tells it about every invoice through the listener it registers (payments/invoice-kinds.ts).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliateEarningKinds, affiliateEarnings, affiliateLevelRates } from '../../../domain/limits';
import { cents, compare, multiply, subtract, type Decimal } from '../../../domain/money';
import type { InvoiceListener } from '../payments/invoice-kinds';
import { affPlans } from '../shell/tables';
import { users } from '../account/tables';
import { affEarnings, affLevelAccess } from './tables';

/** What of an invoice the earnings are made from. */
export interface EarningInvoice {
  id: number;
  tenantId: number;
  userId: number;
  kind: string;
  status: string;
  currency: string;
  subtotal: Decimal;
  discount: Decimal;
}

const day = 24 * 60 * 60_000;

const earns = (invoice: EarningInvoice) => (affiliateEarningKinds as readonly string[]).includes(invoice.kind);

/** db.execute answers { rows } on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The buyer's sponsors up the chain with their level (1: the direct sponsor), never deeper than the tenant's
 * plan (max_depth) or the rate list, and only the levels each sponsor's team level access lets them see: a
 * sponsor earns from exactly the members their team tree shows. A loop in the chain (bad data) ends at the
 * buyer or the depth, and each sponsor earns once, at their nearest level.
 */
export async function sponsorChain(tx: Db, buyer: { id: number; tenantId: number }): Promise<{ userId: number; level: number }[]> {
  const [plan] = await tx.select({ maxDepth: affPlans.maxDepth }).from(affPlans).where(eq(affPlans.tenantId, buyer.tenantId));
  const depth = Math.min(Math.max(0, plan?.maxDepth ?? 0), affiliateLevelRates.length);
  if (depth === 0) return [];
  const result = await tx.execute(sql`
    with recursive chain(id, level) as (
      select s.id, 1 from ${users} b join ${users} s on s.id = b.sponsor_id and s.tenant_id = b.tenant_id
      where b.id = ${buyer.id} and b.tenant_id = ${buyer.tenantId}
      union all
      select s.id, chain.level + 1 from chain join ${users} c on c.id = chain.id
        join ${users} s on s.id = c.sponsor_id and s.tenant_id = c.tenant_id
      where chain.level < ${depth} and chain.id <> ${buyer.id}
    ),
    sponsors as (select id, min(level) as level from chain where id <> ${buyer.id} group by id)
    select s.id::int as id, s.level::int as level from sponsors s
    left join ${affLevelAccess} a on a.user_id = s.id
    where s.level <= coalesce(a.max_level, ${depth})
    order by s.level`);
  return rowsOf<{ id: number; level: number }>(result).map((row) => ({ userId: Number(row.id), level: Number(row.level) }));
}

/** The purchase an invoice's earnings are a share of: subtotal less discount (no gateway fees, taxes or penalty). */
const purchaseBase = (invoice: EarningInvoice) => {
  const base = subtract(invoice.subtotal, invoice.discount);
  return compare(base, '0') > 0 ? base : '0';
};

/** One earning per sponsor of the buyer, at the level's rate of the purchase, in cents; none that would be zero. */
async function earningRows(tx: Db, invoice: EarningInvoice) {
  if (!earns(invoice)) return [];
  const base = purchaseBase(invoice);
  if (compare(base, '0') === 0) return [];
  const chain = await sponsorChain(tx, { id: invoice.userId, tenantId: invoice.tenantId });
  return chain.flatMap(({ userId, level }) => {
    const amount = cents(multiply(base, affiliateLevelRates[level - 1]!));
    return compare(amount, '0') > 0 ? [{ userId, fromUserId: invoice.userId, invoiceId: invoice.id, level, amount, currency: invoice.currency }] : [];
  });
}

/**
 * A purchase invoice was made (inside its transaction): each sponsor's earning from it, pending until it is
 * paid. A repeat for the same invoice adds nothing.
 */
export async function recordPendingEarnings(tx: Db, invoice: EarningInvoice): Promise<number> {
  if (invoice.status !== 'unpaid') return 0;
  const rows = await earningRows(tx, invoice);
  if (!rows.length) return 0;
  const made = await tx
    .insert(affEarnings)
    .values(rows.map((row) => ({ ...row, status: 'pending' })))
    .onConflictDoNothing({ target: [affEarnings.invoiceId, affEarnings.userId] })
    .returning({ id: affEarnings.id });
  return made.length;
}

/**
 * The invoice is paid (inside the settling transaction, which moves it from unpaid to paid once): its
 * earnings, from the invoice as paid and the sponsor chain as it stands now, become approved and are held
 * until paidAt + the holding period. Pending ones from its creation are replaced; an earning already
 * approved or paid for the same invoice and sponsor is kept as it is (the unique key), so nothing doubles.
 */
export async function approveInvoiceEarnings(tx: Db, invoice: EarningInvoice, paidAt: Date): Promise<number> {
  if (!earns(invoice)) return 0;
  await tx.delete(affEarnings).where(and(eq(affEarnings.invoiceId, invoice.id), eq(affEarnings.status, 'pending')));
  const rows = await earningRows(tx, invoice);
  if (!rows.length) return 0;
  const holdUntil = new Date(paidAt.getTime() + affiliateEarnings.holdingDays * day);
  const made = await tx
    .insert(affEarnings)
    .values(rows.map((row) => ({ ...row, status: 'approved', holdUntil, createdAt: paidAt })))
    .onConflictDoNothing({ target: [affEarnings.invoiceId, affEarnings.userId] })
    .returning({ id: affEarnings.id });
  return made.length;
}

/** What this area does for every invoice: its sponsors' earnings are pending once it is made, approved once paid. */
export const referralEarnings: InvoiceListener = { made: recordPendingEarnings, paid: approveInvoiceEarnings };
