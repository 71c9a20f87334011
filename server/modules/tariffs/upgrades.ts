// The upgrade of the member's running tariff to a higher one (moduleProductsUpgradeCart,
// moduleProductsUpgradeCheckout), priced now by the proration rule of domain/pricing.ts: the invoice of the
// difference. One open upgrade per tariff; paying it is refused once the tariff it upgrades no longer runs
// (fulfil.ts says the upgrade went stale).
import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withIdempotency } from '../../db/idempotency';
import type { UserRow } from '../../context';
import type { Product as ProductAnswer, UpgradeCart } from '../../generated/resolvers-types';
import { appError, validationError } from '../../errors';
import { billingCycleMonths } from '../../../domain/limits';
import { addMonths, upgradeProration, type BillingCycle } from '../../../domain/pricing';
import { cents } from '../../../domain/money';
import type { TenantRow } from '../shell/service';
import type { Ref, Shop } from '../shop/access';
import { findProduct } from '../shop/catalog';
import { cyclePrice, type ProductRow } from '../shop/products';
import { orders, products, purchases } from '../shop/tables';
import { cancelInvoice } from '../payments/expiry';
import { insertInvoice } from '../payments/invoices';
import { invoices, type InvoiceUpgradeFigures } from '../payments/tables';
import { lockMember, reusableInvoice } from './checkouts';
import { shortestCycle } from './tariff-line';
import { tariffCheckouts, tariffProducts, tariffUpgrades } from './tables';

type PurchaseRow = typeof purchases.$inferSelect;

/** A purchase runs at `now`: started (or no later start) and not ended. */
const runningAt = (now: Date) =>
  and(or(isNull(purchases.activeFrom), lte(purchases.activeFrom, now)), or(isNull(purchases.activeTill), gt(purchases.activeTill, now)));

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
      await tx.update(invoices).set({ note: upgradeNote(plan), upgrade: upgradeFigures(plan) }).where(eq(invoices.id, invoice.id));
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

/** The same figures for the portal, which writes the note in the member's language. */
function upgradeFigures({ current, currentProduct, target, newPrice, proration }: UpgradePlan): InvoiceUpgradeFigures {
  const prorated = proration.daysLeft !== null;
  return {
    from_product: currentProduct.name,
    to_product: target.name,
    new_price: cents(newPrice),
    current_price: cents(current.price),
    days_left: prorated ? proration.daysLeft : null,
    days_in_cycle: prorated ? proration.daysInCycle : null,
    credit: cents(proration.credit),
    difference: cents(proration.difference),
  };
}

/** How the difference was computed, on the invoice, so the member can check it later too. */
function upgradeNote({ current, currentProduct, target, newPrice, proration }: UpgradePlan): string {
  const credit =
    proration.daysLeft === null
      ? `${currentProduct.name} (one-time, ${cents(current.price)}) counts in full`
      : `${currentProduct.name}: ${proration.daysLeft} of ${proration.daysInCycle} days left of ${cents(current.price)} = ${proration.credit}`;
  return `${target.name} ${newPrice} - credit ${proration.credit} (${credit}) = ${proration.difference}`;
}
