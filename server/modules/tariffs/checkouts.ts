// Buying a tariff (moduleProductsTariffsCheckout), and what every checkout of this area shares (the upgrade's
// and the subscription's too): each runs in one transaction with the member's row locked, so parallel
// checkouts of the same thing make one invoice (an unpaid one is answered again), and takes an optional
// idempotency key as the payments calls do. What paying such an invoice does is fulfil.ts.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withIdempotency } from '../../db/idempotency';
import type { UserRow } from '../../context';
import { validationError } from '../../errors';
import { cents, compare } from '../../../domain/money';
import type { BillingCycle } from '../../../domain/pricing';
import type { TenantRow } from '../shell/service';
import { users } from '../account/tables';
import type { Ref } from '../shop/access';
import { cyclePrice } from '../shop/products';
import { cancelInvoice } from '../payments/expiry';
import { insertInvoice } from '../payments/invoices';
import { invoices } from '../payments/tables';
import { shortestCycle, requireTariff } from './tariff-line';
import { tariffCheckouts } from './tables';

/**
 * The member's row locked: their checkouts run one after the other, so a double click makes one invoice.
 * FOR NO KEY UPDATE, not FOR UPDATE: an idempotency key inserted first holds KEY SHARE on the same row (its
 * foreign key), and FOR UPDATE would wait on a parallel request's KEY SHARE while it waits on ours (deadlock).
 */
export async function lockMember(tx: Db, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * An unpaid invoice of the member for the same thing, to answer again: if it still asks the current amount,
 * or something has arrived for it already. One that asks a stale amount and has nothing paid is canceled.
 */
export async function reusableInvoice(tx: Db, candidateIds: number[], subtotal: string): Promise<number | null> {
  if (!candidateIds.length) return null;
  const rows = await tx
    .select()
    .from(invoices)
    .where(and(inArray(invoices.id, candidateIds), eq(invoices.status, 'unpaid')))
    .orderBy(desc(invoices.id))
    .for('update');
  for (const invoice of rows) {
    if (compare(invoice.subtotal, subtotal) === 0 || compare(invoice.amountPaid, '0') > 0) return invoice.id;
    await cancelInvoice(tx, invoice.id, 'repriced');
  }
  return null;
}

/** moduleProductsTariffsCheckout: the invoice of a tariff in a cycle (an unpaid one for the same is answered again). */
export async function tariffsCheckout(
  db: Db,
  tenant: TenantRow,
  user: UserRow,
  input: { productRef: Ref | null; cycle: BillingCycle | null; idempotencyKey: string | null },
): Promise<number> {
  const product = await requireTariff(db, tenant.id, input.productRef, 'product_id');
  const cycle = input.cycle ?? shortestCycle(product);
  const price = cycle ? cyclePrice(product, cycle) : null;
  if (!cycle || price === null) throw validationError({ billing_cycle: ['cycleNotOffered'] });
  const { invoiceId } = await withIdempotency(
    db,
    user.id,
    'moduleProductsTariffsCheckout',
    input.idempotencyKey,
    { product_id: product.id, billing_cycle: cycle },
    async (tx) => {
      await lockMember(tx, user.id);
      const open = await tx
        .select({ id: tariffCheckouts.invoiceId })
        .from(tariffCheckouts)
        .where(
          and(
            eq(tariffCheckouts.userId, user.id),
            eq(tariffCheckouts.kind, 'tariff'),
            eq(tariffCheckouts.productId, product.id),
            eq(tariffCheckouts.billingCycle, cycle),
          ),
        );
      const reused = await reusableInvoice(tx, open.map((row) => row.id), cents(price));
      if (reused !== null) return { invoiceId: reused };
      const invoice = await insertInvoice(tx, {
        tenantId: tenant.id,
        userId: user.id,
        kind: 'tariff',
        currency: product.currency,
        subtotal: cents(price),
        discount: '0',
        items: [{ productId: product.id, subject: product.name, billingCycle: cycle, qty: 1, unitPrice: cents(price), amount: cents(price) }],
      });
      await tx.insert(tariffCheckouts).values({
        invoiceId: invoice.id,
        tenantId: tenant.id,
        userId: user.id,
        kind: 'tariff',
        productId: product.id,
        billingCycle: cycle,
        price: cents(price),
      });
      return { invoiceId: invoice.id };
    },
  );
  return invoiceId;
}
