// Tariffs (spec §2 /tariffs, §6): the tenant's tariff line, buying a tariff, the upgrade of the current tariff
// (priced by the proration rule of domain/pricing.ts) and the platform subscription its owners pay.
// Each checkout runs in one transaction with the member's row locked, so parallel checkouts of the same thing
// make one invoice (an unpaid one is answered again), and takes an optional idempotency key as the payments
// calls do. What paying such an invoice does is in fulfil.ts.
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withIdempotency } from '../../db/idempotency';
import type { UserRow } from '../../context';
import type { Product as ProductAnswer, Tariff, UpgradeCart } from '../../generated/resolvers-types';
import { appError, validationError } from '../../errors';
import { billingCycleMonths, subscriptionPeriodMonths } from '../../../domain/limits';
import { addMonths, billingCycles, upgradeProration, type BillingCycle } from '../../../domain/pricing';
import { cents, compare } from '../../../domain/money';
import type { TenantRow } from '../shell/service';
import { users } from '../account/tables';
import { findProduct, type Ref, type Shop } from '../shop/service';
import { orders, products, purchases } from '../shop/tables';
import { cancelInvoice } from '../payments/expiry';
import { insertInvoice } from '../payments/invoices';
import { invoices } from '../payments/tables';
import { subscriptionInvoices, tariffCheckouts, tariffProducts, tariffUpgrades, tenantOwners } from './tables';

type ProductRow = typeof products.$inferSelect;
type PurchaseRow = typeof purchases.$inferSelect;

export type SubscriptionPeriod = keyof typeof subscriptionPeriodMonths;
export const subscriptionPeriods = Object.keys(subscriptionPeriodMonths) as SubscriptionPeriod[];

/** The price of a billing cycle on a product row (null: not sold in that cycle). */
export const cyclePrice = (product: ProductRow, cycle: BillingCycle): string | null =>
  ({
    onetime: product.priceOnetime,
    monthly: product.priceMonthly,
    quartally: product.priceQuartally,
    semiannually: product.priceSemiannually,
    annually: product.priceAnnually,
  })[cycle];

/** The shortest recurrent cycle the product is sold in, else onetime (null: no price at all). */
function shortestCycle(product: ProductRow): BillingCycle | null {
  const recurrent = billingCycles.filter((cycle) => billingCycleMonths[cycle] > 0 && cyclePrice(product, cycle) !== null);
  if (recurrent.length) return recurrent[0]!;
  return cyclePrice(product, 'onetime') !== null ? 'onetime' : null;
}

/** A purchase runs at `now`: started (or no later start) and not ended. */
const runningAt = (now: Date) =>
  and(or(isNull(purchases.activeFrom), lte(purchases.activeFrom, now)), or(isNull(purchases.activeTill), gt(purchases.activeTill, now)));

// ---------------------------------------------------------------- the tariff line

/** moduleProductsTariffs: the tenant's active tariffs by level, with the tariffs each upgrades to. */
export async function listTariffs(db: Db, shop: Shop): Promise<Tariff[]> {
  const rows = await db
    .select({ productId: tariffProducts.productId, level: tariffProducts.level, uuid: products.uuid })
    .from(tariffProducts)
    .innerJoin(products, eq(products.id, tariffProducts.productId))
    .where(and(eq(tariffProducts.tenantId, shop.tenant.id), eq(products.status, 'active')))
    .orderBy(asc(tariffProducts.level), asc(products.sortOrder), asc(products.id));
  if (!rows.length) return [];
  const upgrades = await db
    .select()
    .from(tariffUpgrades)
    .where(inArray(tariffUpgrades.fromProductId, rows.map((row) => row.productId)));
  const uuidOf = new Map(rows.map((row) => [row.productId, row.uuid]));
  const levelOf = new Map(rows.map((row) => [row.productId, row.level]));
  const answers = await Promise.all(rows.map((row) => findProduct(db, shop, { id: row.productId })));
  return rows.flatMap((row, index) => {
    const product = answers[index];
    if (!product) return [];
    const targets = upgrades
      .filter((upgrade) => upgrade.fromProductId === row.productId && uuidOf.has(upgrade.toProductId))
      .sort((a, b) => levelOf.get(a.toProductId)! - levelOf.get(b.toProductId)! || a.toProductId - b.toProductId);
    return [{ product, level: row.level, upgrade_product_uuids: targets.map((upgrade) => uuidOf.get(upgrade.toProductId)!) }];
  });
}

/** The tenant's active tariff a ref names (by id or uuid), or a validation error on `field`. */
async function requireTariff(tx: Db, tenantId: number, ref: Ref | null, field: string): Promise<ProductRow> {
  const [row] = ref
    ? await tx
        .select({ product: products, level: tariffProducts.level })
        .from(products)
        .leftJoin(tariffProducts, eq(tariffProducts.productId, products.id))
        .where(and(eq(products.tenantId, tenantId), 'id' in ref ? eq(products.id, ref.id) : eq(products.uuid, ref.uuid)))
        .limit(1)
    : [];
  if (!row || row.product.status !== 'active') throw validationError({ [field]: ['unknownProduct'] });
  if (row.level === null) throw validationError({ [field]: ['notTariff'] });
  return row.product;
}

/**
 * The member's row locked: their checkouts run one after the other, so a double click makes one invoice.
 * FOR NO KEY UPDATE, not FOR UPDATE: an idempotency key inserted first holds KEY SHARE on the same row (its
 * foreign key), and FOR UPDATE would wait on a parallel request's KEY SHARE while it waits on ours (deadlock).
 */
async function lockMember(tx: Db, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * An unpaid invoice of the member for the same thing, to answer again: if it still asks the current amount,
 * or something has arrived for it already. One that asks a stale amount and has nothing paid is canceled.
 */
async function reusableInvoice(tx: Db, candidateIds: number[], subtotal: string): Promise<number | null> {
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

// ---------------------------------------------------------------- buying a tariff

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

// ---------------------------------------------------------------- upgrades

const purchaseNotFound = () => appError('not_found', 'No running tariff of yours has this id.', { reason: 'PurchaseNotFound' });
const upgradeNotAvailable = () =>
  appError('conflict', 'This tariff cannot be upgraded to that one.', { reason: 'UpgradeNotAvailable' });

/** The member's running tariff purchase by uuid, or by the id of the order it was bought with. */
async function runningTariffPurchase(tx: Db, user: UserRow, ref: Ref | null, now: Date, lock: boolean): Promise<PurchaseRow> {
  if (!ref) throw purchaseNotFound();
  const which =
    'uuid' in ref
      ? eq(purchases.uuid, ref.uuid)
      : inArray(
          purchases.invoiceId,
          tx
            .select({ id: invoices.id })
            .from(invoices)
            .innerJoin(orders, eq(orders.id, invoices.orderId))
            .where(and(eq(orders.id, ref.id), eq(orders.userId, user.id))),
        );
  const query = tx
    .select({ purchase: purchases })
    .from(purchases)
    .innerJoin(tariffProducts, eq(tariffProducts.productId, purchases.productId))
    .where(and(which, eq(purchases.userId, user.id), eq(purchases.tenantId, user.tenantId), runningAt(now)))
    .orderBy(desc(tariffProducts.level), desc(purchases.id))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: purchases }) : await query;
  if (!row) throw purchaseNotFound();
  return row.purchase;
}

interface UpgradePlan {
  current: PurchaseRow;
  currentProduct: ProductRow;
  target: ProductRow;
  cycle: BillingCycle;
  newPrice: string;
  proration: ReturnType<typeof upgradeProration>;
}

/** The upgrade of a running purchase to a tariff, priced now; UpgradeNotAvailable when it is not one. */
async function planUpgrade(
  tx: Db,
  tenant: TenantRow,
  user: UserRow,
  input: { purchaseRef: Ref | null; targetUuid: string | null; cycle: BillingCycle | null },
  now: Date,
  lock: boolean,
): Promise<UpgradePlan> {
  const current = await runningTariffPurchase(tx, user, input.purchaseRef, now, lock);
  const targets = await tx
    .select({ product: products })
    .from(tariffUpgrades)
    .innerJoin(products, eq(products.id, tariffUpgrades.toProductId))
    .innerJoin(tariffProducts, eq(tariffProducts.productId, products.id))
    .where(and(eq(tariffUpgrades.fromProductId, current.productId), eq(products.tenantId, tenant.id), eq(products.status, 'active')))
    .orderBy(asc(tariffProducts.level), asc(products.id));
  const target = input.targetUuid
    ? targets.find((row) => row.product.uuid === input.targetUuid?.toLowerCase())?.product
    : targets[0]?.product;
  if (!target) throw upgradeNotAvailable();
  const [currentProduct] = await tx.select().from(products).where(eq(products.id, current.productId));
  const currentCycle = current.billingCycle as BillingCycle;
  const cycle = input.cycle ?? (cyclePrice(target, currentCycle) !== null ? currentCycle : shortestCycle(target));
  const newPrice = cycle ? cyclePrice(target, cycle) : null;
  if (!cycle || newPrice === null) throw validationError({ billing_cycle: ['cycleNotOffered'] });
  const proration = upgradeProration({
    currentPrice: current.price,
    currentCycle,
    currentActiveTill: current.activeTill,
    newPrice,
    now,
  });
  return { current, currentProduct: currentProduct!, target, cycle, newPrice: cents(newPrice), proration };
}

/** moduleProductsUpgradeCart: the upgrade priced now. */
export async function upgradeCart(
  db: Db,
  shop: Shop,
  user: UserRow,
  input: { purchaseRef: Ref | null; targetUuid: string | null; cycle: BillingCycle | null },
): Promise<UpgradeCart> {
  const now = new Date();
  const plan = await planUpgrade(db, shop.tenant, user, input, now, false);
  const [currentAnswer, targetAnswer] = await Promise.all([
    findProduct(db, shop, { id: plan.currentProduct.id }),
    findProduct(db, shop, { id: plan.target.id }),
  ]);
  const imageOf = (answer: ProductAnswer | null) => answer?.image ?? null;
  return {
    current_product_uuid: plan.currentProduct.uuid,
    current_purchase_uuid: plan.current.uuid,
    current_product_name: plan.currentProduct.name,
    current_product_image: imageOf(currentAnswer),
    new_product_uuid: plan.target.uuid,
    new_product_name: plan.target.name,
    new_product_image: imageOf(targetAnswer),
    diff_price: plan.proration.difference,
    currency: plan.target.currency,
    billing_cycle: plan.cycle,
    new_price: plan.newPrice,
    current_billing_cycle: plan.current.billingCycle,
    current_price: cents(plan.current.price),
    current_active_till: plan.current.activeTill,
    days_left: plan.proration.daysLeft,
    days_in_cycle: plan.proration.daysInCycle,
    credit: plan.proration.credit,
    new_active_till: billingCycleMonths[plan.cycle] > 0 ? addMonths(now, billingCycleMonths[plan.cycle]) : null,
  };
}

/** moduleProductsUpgradeCheckout: the invoice of the difference, in one transaction with the purchase locked. */
export async function upgradeCheckout(
  db: Db,
  tenant: TenantRow,
  user: UserRow,
  input: { purchaseUuid: string; targetUuid: string; cycle: BillingCycle; idempotencyKey: string | null },
): Promise<number> {
  const { invoiceId } = await withIdempotency(
    db,
    user.id,
    'moduleProductsUpgradeCheckout',
    input.idempotencyKey,
    { current_purchase_uuid: input.purchaseUuid, new_product_uuid: input.targetUuid, billing_cycle: input.cycle },
    async (tx) => {
      await lockMember(tx, user.id);
      const now = new Date();
      // The purchase is read, not locked: paying an upgrade locks the invoice, then the member's purchases, and
      // refuses an upgrade whose tariff no longer runs (stale), so a checkout racing a payment cannot upgrade twice.
      const plan = await planUpgrade(tx, tenant, user, { purchaseRef: { uuid: input.purchaseUuid }, targetUuid: input.targetUuid, cycle: input.cycle }, now, false);
      const open = await tx
        .select({ id: tariffCheckouts.invoiceId, productId: tariffCheckouts.productId, billingCycle: tariffCheckouts.billingCycle })
        .from(tariffCheckouts)
        .where(and(eq(tariffCheckouts.userId, user.id), eq(tariffCheckouts.kind, 'upgrade'), eq(tariffCheckouts.fromPurchaseId, plan.current.id)));
      const same = (row: (typeof open)[number]) => row.productId === plan.target.id && row.billingCycle === plan.cycle;
      // One open upgrade per tariff: an unpaid one to another tariff or cycle is replaced (canceled; anything paid on
      // it goes back to the wallet), so two upgrades of one tariff can never both be paid.
      // All of them locked first, before a refund touches the wallet (a payment holds its invoice, then the wallet).
      if (open.length) {
        await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(inArray(invoices.id, open.map((row) => row.id)))
          .orderBy(asc(invoices.id))
          .for('update');
      }
      for (const row of open.filter((candidate) => !same(candidate)).sort((a, b) => a.id - b.id)) await cancelInvoice(tx, row.id, 'replaced');
      const reused = await reusableInvoice(tx, open.filter(same).map((row) => row.id), plan.proration.difference);
      if (reused !== null) return { invoiceId: reused };
      const invoice = await insertInvoice(tx, {
        tenantId: tenant.id,
        userId: user.id,
        kind: 'upgrade',
        currency: plan.target.currency,
        subtotal: plan.proration.difference,
        discount: '0',
        items: [
          {
            productId: plan.target.id,
            subject: `Upgrade from ${plan.currentProduct.name} to ${plan.target.name}`,
            billingCycle: plan.cycle,
            qty: 1,
            unitPrice: plan.proration.difference,
            amount: plan.proration.difference,
          },
        ],
      });
      await tx.update(invoices).set({ note: upgradeNote(plan) }).where(eq(invoices.id, invoice.id));
      await tx.insert(tariffCheckouts).values({
        invoiceId: invoice.id,
        tenantId: tenant.id,
        userId: user.id,
        kind: 'upgrade',
        productId: plan.target.id,
        billingCycle: plan.cycle,
        price: plan.newPrice,
        fromPurchaseId: plan.current.id,
      });
      return { invoiceId: invoice.id };
    },
  );
  return invoiceId;
}

/** How the difference was computed, on the invoice, so the member can check it later too. */
function upgradeNote({ current, currentProduct, target, newPrice, proration }: UpgradePlan): string {
  const credit =
    proration.daysLeft === null
      ? `${currentProduct.name} (one-time, ${cents(current.price)}) counts in full`
      : `${currentProduct.name}: ${proration.daysLeft} of ${proration.daysInCycle} days left of ${cents(current.price)} = ${proration.credit}`;
  return `${target.name} ${newPrice} - credit ${proration.credit} (${credit}) = ${proration.difference}`;
}

// ---------------------------------------------------------------- the platform subscription

const subscriptionPrices = (tenant: TenantRow): Record<SubscriptionPeriod, string | null> => ({
  monthly: tenant.subscriptionPriceMonthly,
  quarterly: tenant.subscriptionPriceQuarterly,
  semiannual: tenant.subscriptionPriceSemiannual,
  annual: tenant.subscriptionPriceAnnual,
});

const periodNames: Record<SubscriptionPeriod, string> = { monthly: 'monthly', quarterly: 'quarterly', semiannual: 'semiannual', annual: 'annual' };

export async function isTenantOwner(db: Db, tenantId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: tenantOwners.userId })
    .from(tenantOwners)
    .where(and(eq(tenantOwners.tenantId, tenantId), eq(tenantOwners.userId, userId)));
  return Boolean(row);
}

/**
 * whiteLabelActivateSubscription: an invoice of the period's price for a tenant owner; activate when no
 * subscription runs, change (another period after the running one) when one does.
 */
export async function activateSubscription(
  db: Db,
  tenant: TenantRow,
  user: UserRow,
  input: { period: SubscriptionPeriod; idempotencyKey: string | null },
): Promise<number> {
  if (!(await isTenantOwner(db, tenant.id, user.id))) {
    throw appError('forbidden', 'Only the portal’s owner can activate the subscription.', { reason: 'NotTenantOwner' });
  }
  const price = subscriptionPrices(tenant)[input.period];
  if (!tenant.subscriptionAvailable || price === null) {
    throw appError('conflict', 'The subscription is not available for this period.', { reason: 'SubscriptionUnavailable' });
  }
  const { invoiceId } = await withIdempotency(
    db,
    user.id,
    'whiteLabelActivateSubscription',
    input.idempotencyKey,
    { period: input.period },
    async (tx) => {
      await lockMember(tx, user.id);
      const open = await tx
        .select({ id: subscriptionInvoices.invoiceId })
        .from(subscriptionInvoices)
        .where(and(eq(subscriptionInvoices.userId, user.id), eq(subscriptionInvoices.period, input.period)));
      const reused = await reusableInvoice(tx, open.map((row) => row.id), cents(price));
      if (reused !== null) return { invoiceId: reused };
      const running = await tx.execute(
        sql`select 1 from tenant_subscriptions where tenant_id = ${tenant.id} and active_till > now()`,
      );
      const type = (running as unknown as { rows: unknown[] }).rows.length || tenant.subscriptionActive ? 'change' : 'activate';
      const invoice = await insertInvoice(tx, {
        tenantId: tenant.id,
        userId: user.id,
        kind: 'subscription',
        currency: tenant.currency,
        subtotal: cents(price),
        discount: '0',
        items: [{ subject: `Platform subscription (${periodNames[input.period]})`, qty: 1, unitPrice: cents(price), amount: cents(price) }],
      });
      await tx.insert(subscriptionInvoices).values({ invoiceId: invoice.id, tenantId: tenant.id, userId: user.id, period: input.period, type });
      return { invoiceId: invoice.id };
    },
  );
  return invoiceId;
}
