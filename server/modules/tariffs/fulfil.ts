// What paying an invoice of the tariffs area's kinds does, inside payments' settling transaction (which has
// just moved the invoice from unpaid to paid, once): a tariff bought runs (or extends the same tariff), an
// upgrade ends the current tariff and starts the new one, a subscription period extends the tenant's platform
// subscription. Every row it changes is locked first. Payments dispatches to it by kind (invoice-kinds.ts),
// and asks it first whether an upgrade may still be paid (an upgrade goes stale once its tariff no longer runs).
import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appError } from '../../errors';
import { billingCycleMonths, subscriptionPeriodMonths } from '../../../domain/limits';
import { addMonths, isBillingCycle } from '../../../domain/pricing';
import { purchases } from '../shop/tables';
import type { InvoiceKindHandler } from '../payments/invoice-kinds';
import { invoices } from '../payments/tables';
import { subscriptionInvoices, tariffCheckouts, tariffProducts, tenantSubscriptions } from './tables';

interface PaidInvoice {
  id: number;
  kind: string;
  tenantId: number;
  userId: number;
  currency: string;
}

const later = (a: Date, b: Date) => (a.getTime() > b.getTime() ? a : b);

/** The end of a cycle of `months` from `from`: null for a one-time purchase, which never ends. */
const tillAfter = (from: Date, months: number) => (months > 0 ? addMonths(from, months) : null);

/** The member's tariff purchases, locked in one order (newest first) by every path that changes or relies on them. */
async function lockTariffPurchases(tx: Db, invoice: Pick<PaidInvoice, 'userId' | 'tenantId'>) {
  return tx
    .select({ purchase: purchases })
    .from(purchases)
    .innerJoin(tariffProducts, eq(tariffProducts.productId, purchases.productId))
    .where(and(eq(purchases.userId, invoice.userId), eq(purchases.tenantId, invoice.tenantId)))
    .orderBy(desc(purchases.id))
    .for('update', { of: purchases });
}

/**
 * Whether an unpaid invoice may still be paid as far as this area is concerned: an upgrade only while the
 * tariff it upgrades still runs and no other upgrade of it was paid (else it is stale). For a tariff or an
 * upgrade it locks the member's tariff purchases for the rest of the caller's transaction, so the answer holds
 * until it settles; call it with the invoice already locked and before the wallet moves (invoice, purchases,
 * wallet: the order every payment of them takes).
 */
async function tariffInvoicePayable(tx: Db, invoice: Pick<PaidInvoice, 'id' | 'kind' | 'userId' | 'tenantId'>): Promise<boolean> {
  // A tariff bought takes the same lock before the wallet moves, so every payment of the member's tariff
  // invoices locks invoice, purchases, wallet in that order (two of them paid at once cannot deadlock).
  if (invoice.kind === 'tariff') await lockTariffPurchases(tx, invoice);
  if (invoice.kind !== 'upgrade') return true;
  const [checkout] = await tx.select().from(tariffCheckouts).where(eq(tariffCheckouts.invoiceId, invoice.id));
  if (!checkout || checkout.fromPurchaseId === null) return false;
  const held = await lockTariffPurchases(tx, invoice);
  // The clock is read after the lock: a payment that waited on it sees the end another upgrade just set.
  const now = new Date();
  const from = held.find((row) => row.purchase.id === checkout.fromPurchaseId)?.purchase;
  if (!from || (from.activeFrom !== null && from.activeFrom > now) || (from.activeTill !== null && from.activeTill <= now)) return false;
  // And no other upgrade of the same purchase has been paid (whatever the clocks say).
  const [upgraded] = await tx
    .select({ id: tariffCheckouts.invoiceId })
    .from(tariffCheckouts)
    .innerJoin(invoices, eq(invoices.id, tariffCheckouts.invoiceId))
    .where(and(eq(tariffCheckouts.fromPurchaseId, from.id), eq(tariffCheckouts.kind, 'upgrade'), eq(invoices.status, 'paid'), ne(invoices.id, invoice.id)))
    .limit(1);
  return !upgraded;
}

/** Fulfils a paid invoice of kind tariff or upgrade. */
async function fulfilTariffInvoice(tx: Db, invoice: PaidInvoice, now: Date): Promise<void> {
  if (invoice.kind !== 'tariff' && invoice.kind !== 'upgrade') return;
  const [checkout] = await tx.select().from(tariffCheckouts).where(eq(tariffCheckouts.invoiceId, invoice.id));
  if (!checkout || !isBillingCycle(checkout.billingCycle)) return;
  const months = billingCycleMonths[checkout.billingCycle];
  // The member's tariff purchases, locked: two invoices paid at once change them one after the other.
  const held = await lockTariffPurchases(tx, invoice);
  const running = held.map((row) => row.purchase).filter((purchase) => purchase.activeTill === null || purchase.activeTill > now);
  const newPurchase = (activeFrom: Date | null) => ({
    tenantId: invoice.tenantId,
    userId: invoice.userId,
    productId: checkout.productId,
    invoiceId: invoice.id,
    billingCycle: checkout.billingCycle,
    qty: 1,
    price: checkout.price,
    currency: invoice.currency,
    activeFrom,
    activeTill: tillAfter(activeFrom ?? now, months),
    createdAt: now,
  });

  if (checkout.kind === 'upgrade') {
    // The current tariff ends now (if it still runs); the new one runs one whole cycle from now.
    if (checkout.fromPurchaseId !== null) {
      await tx
        .update(purchases)
        .set({ activeTill: now })
        .where(and(eq(purchases.id, checkout.fromPurchaseId), or(isNull(purchases.activeTill), gt(purchases.activeTill, now))));
    }
    await tx.insert(purchases).values(newPurchase(null)).onConflictDoNothing();
    return;
  }

  // The same tariff, recurrent and still running (or waiting to start): it runs `months` longer.
  const same = running.find((purchase) => purchase.productId === checkout.productId && purchase.activeTill !== null);
  if (same && months > 0) {
    await tx
      .update(purchases)
      .set({ activeTill: addMonths(later(same.activeTill!, now), months), billingCycle: checkout.billingCycle, price: checkout.price })
      .where(eq(purchases.id, same.id));
    return;
  }
  // Another tariff starts when the member's running tariffs end (a one-time tariff never ends: at once).
  const ends = running.flatMap((purchase) => (purchase.activeTill ? [purchase.activeTill] : []));
  const start = ends.length ? ends.reduce(later) : null;
  await tx.insert(purchases).values(newPurchase(start && start > now ? start : null)).onConflictDoNothing();
}

/** A paid period of the platform subscription: from the end of the paid one, or from now when none runs. */
async function extendSubscription(tx: Db, invoice: PaidInvoice, now: Date): Promise<void> {
  const [bought] = await tx.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.invoiceId, invoice.id));
  if (!bought || !Object.hasOwn(subscriptionPeriodMonths, bought.period)) return;
  const months = subscriptionPeriodMonths[bought.period as keyof typeof subscriptionPeriodMonths];
  await tx.insert(tenantSubscriptions).values({ tenantId: bought.tenantId }).onConflictDoNothing();
  const [current] = await tx.select().from(tenantSubscriptions).where(eq(tenantSubscriptions.tenantId, bought.tenantId)).for('update');
  const from = current?.activeTill ? later(current.activeTill, now) : now;
  await tx
    .update(tenantSubscriptions)
    .set({ period: bought.period, activeTill: addMonths(from, months), updatedAt: sql`now()` })
    .where(eq(tenantSubscriptions.tenantId, bought.tenantId));
}

const upgradeStale = () =>
  appError('conflict', 'This upgrade invoice is out of date: your tariff changed since it was made. Start the upgrade again.', {
    reason: 'UpgradeStale',
  });

/** The kinds this area sells through invoices. */
export const tariffInvoiceKinds: Record<string, InvoiceKindHandler> = {
  tariff: { fulfil: fulfilTariffInvoice, payable: tariffInvoicePayable },
  upgrade: { fulfil: fulfilTariffInvoice, payable: tariffInvoicePayable, staleError: upgradeStale },
  subscription: { fulfil: extendSubscription },
};
