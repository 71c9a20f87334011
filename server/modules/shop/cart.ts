// Carts: orders with status new, one per member or per anonymous id and tenant (a partial unique index keeps
// it to one), their lines, and the guest cart merged into the member's at sign-in.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CartItem, ShoppingCart } from '../../generated/resolvers-types';
import { appError, validationError } from '../../errors';
import { cartQty } from '../../../domain/limits';
import { lineAmount, setupFeeOf, type BillingCycle } from '../../../domain/pricing';
import { cents, sum } from '../../../domain/money';
import type { TenantRow } from '../shell/service';
import * as v from 'valibot';
import { anonymousIdField, productsModuleOn, type Ref } from './access';
import { productsById } from './catalog';
import { cyclePrice, requireProductRow } from './products';
import { orderLines, orders, products } from './tables';

export type CartOwner = { tenantId: number; userId: number; anonymousId?: undefined } | { tenantId: number; userId?: undefined; anonymousId: string };

const ownedBy = (owner: CartOwner) =>
  and(
    eq(orders.tenantId, owner.tenantId),
    owner.userId !== undefined ? eq(orders.userId, owner.userId) : and(isNull(orders.userId), eq(orders.anonymousId, owner.anonymousId)),
  );

type OrderRow = typeof orders.$inferSelect;

async function activeOrder(db: Db, owner: CartOwner, lock = false): Promise<OrderRow | undefined> {
  const query = db
    .select()
    .from(orders)
    .where(and(ownedBy(owner), eq(orders.status, 'new')))
    .limit(1);
  const [order] = lock ? await query.for('update') : await query;
  return order;
}

/** The owner's active cart, made if there is none (the partial unique index keeps it to one), locked. */
async function ensureActiveOrder(tx: Db, owner: CartOwner): Promise<OrderRow> {
  await tx
    .insert(orders)
    .values({ tenantId: owner.tenantId, userId: owner.userId ?? null, anonymousId: owner.anonymousId ?? null })
    .onConflictDoNothing();
  const order = await activeOrder(tx, owner, true);
  if (!order) throw new Error('The active cart could not be made.');
  return order;
}

/** The currency of the cart's products (all lines share one). */
async function cartCurrency(tx: Db, orderId: number): Promise<string | null> {
  const [line] = await tx
    .select({ currency: products.currency })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .limit(1);
  return line?.currency ?? null;
}

/** Adds qty to the line of this product and cycle; a line never holds more than the maximum. */
export async function addToCart(db: Db, owner: CartOwner, productRef: Ref | null, qty: number, cycle: BillingCycle) {
  const product = await requireProductRow(db, owner.tenantId, productRef, 'product_id');
  if (cyclePrice(product, cycle) === null) throw validationError({ 'input.billing_cycle': ['cycleNotOffered'] });
  await db.transaction(async (tx) => {
    const order = await ensureActiveOrder(tx, owner);
    const currency = await cartCurrency(tx, order.id);
    if (currency && currency !== product.currency) throw validationError({ product_id: ['currencyMismatch'] });
    // Check and add in one statement: parallel adds cannot push a line past the maximum.
    const added = await tx
      .insert(orderLines)
      .values({ orderId: order.id, productId: product.id, billingCycle: cycle, qty })
      .onConflictDoUpdate({
        target: [orderLines.orderId, orderLines.productId, orderLines.billingCycle],
        set: { qty: sql`${orderLines.qty} + excluded.qty` },
        setWhere: sql`${orderLines.qty} + excluded.qty <= ${cartQty.max}`,
      })
      .returning({ id: orderLines.id });
    if (!added.length) throw validationError({ 'input.qty': [`maxValue:${cartQty.max}`] });
    await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, order.id));
  });
}

export const orderNotFound = () => appError('not_found', 'This cart is no longer available.', { reason: 'OrderNotFound' });

/** Sets a line's qty; 0 removes it (without a cycle: every line of the product). */
export async function updateCartLine(
  db: Db,
  owner: CartOwner,
  orderId: number,
  productRef: Ref | null,
  qty: number,
  cycle: BillingCycle | null,
) {
  const product = await requireProductRow(db, owner.tenantId, productRef, 'product_id', false);
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), ownedBy(owner), eq(orders.status, 'new')))
      .for('update');
    if (!order) throw orderNotFound();
    const lines = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.productId, product.id), ...(cycle ? [eq(orderLines.billingCycle, cycle)] : [])));
    if (qty === 0) {
      if (lines.length) await tx.delete(orderLines).where(inArray(orderLines.id, lines.map((line) => line.id)));
    } else {
      if (!lines.length) throw validationError({ product_id: ['notInCart'] });
      if (lines.length > 1) throw validationError({ 'input.billing_cycle': ['required'] });
      await tx.update(orderLines).set({ qty }).where(eq(orderLines.id, lines[0]!.id));
    }
    await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, order.id));
  });
}

/** The cart as the contract shows it: lines with their products, prices and amounts, and the total. */
async function cartView(db: Db, order: OrderRow, tenant: TenantRow): Promise<ShoppingCart> {
  const lines = await db
    .select({ line: orderLines, row: products })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const productList = await productsById(db, order.tenantId, lines.map(({ line }) => line.productId));
  const byId = new Map(productList.map((product) => [product.id, product]));
  const shown = lines.flatMap(({ line, row }) => {
    const product = byId.get(line.productId);
    const cycle = cyclePrice(row, line.billingCycle as BillingCycle);
    if (!product || cycle === null) return [];
    const price = cents(cycle);
    return [
      {
        name: product.name,
        order_id: order.id,
        qty: line.qty,
        billing_cycle: line.billingCycle,
        product,
        price,
        amount: lineAmount({ qty: line.qty, price, setupFee: setupFeeOf(line.billingCycle as BillingCycle, row.priceOnetime) }),
      },
    ];
  });
  return {
    id: order.id,
    status: order.status,
    created_at: order.createdAt,
    lines: shown,
    order: {
      id: order.id,
      status: order.status,
      items: shown.map(({ product, qty, billing_cycle }) => ({ product, qty, billing_cycle })),
    },
    total: cents(sum(shown.map((line) => line.amount))),
    currency: shown[0]?.product.currency ?? tenant.currency,
    items_count: shown.reduce((total, line) => total + line.qty, 0),
  };
}

/** The owner's active cart, or null (also when orderId names another order). */
export async function findCart(db: Db, owner: CartOwner, tenant: TenantRow, orderId: number | null): Promise<ShoppingCart | null> {
  const order = await activeOrder(db, owner);
  if (!order || (orderId !== null && order.id !== orderId)) return null;
  return cartView(db, order, tenant);
}

/**
 * Moves a guest cart's lines into the member's active cart (same product and cycle: quantities add, at most
 * the maximum) and closes the guest cart, in one transaction with both orders locked.
 */
export async function mergeGuestCart(db: Db, tenant: TenantRow, userId: number, anonymousId: string) {
  const merged = await moveGuestLines(db, tenant, userId, anonymousId);
  const productList = await productsById(db, tenant.id, merged.map((line) => line.productId));
  const byId = new Map(productList.map((product) => [product.id, product]));
  const items: CartItem[] = merged.map((line) => ({ product: byId.get(line.productId)!, qty: line.qty, billing_cycle: line.billingCycle }));
  return { merged: items, cart: await findCart(db, { tenantId: tenant.id, userId }, tenant, null) };
}

/**
 * login(data: { anonymous_id }) (spec §7): the guest's cart merges into the member's, so every client that
 * sends the id keeps it. The guest cart closes as it merges, so a later merge call (the portal's own) or a
 * second sign-in with the same id moves nothing again. An id no guest could have names no cart.
 */
export async function mergeGuestCartAtSignIn(db: Db, tenant: TenantRow, userId: number, anonymousId: string | null | undefined) {
  if (!anonymousId || !v.is(anonymousIdField, anonymousId) || !(await productsModuleOn(db, tenant.id))) return;
  await moveGuestLines(db, tenant, userId, anonymousId);
}

/** The guest's lines into the member's active cart, in one transaction with both orders locked; what moved. */
async function moveGuestLines(db: Db, tenant: TenantRow, userId: number, anonymousId: string) {
  const guestOwner: CartOwner = { tenantId: tenant.id, anonymousId };
  const memberOwner: CartOwner = { tenantId: tenant.id, userId };
  return db.transaction(async (tx) => {
    const guest = await activeOrder(tx, guestOwner, true);
    if (!guest) return [];
    const lines = await tx
      .select({ line: orderLines, product: products })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(and(eq(orderLines.orderId, guest.id), eq(products.status, 'active')))
      .orderBy(asc(orderLines.id));
    const moved: { productId: number; qty: number; billingCycle: string }[] = [];
    if (lines.length) {
      const member = await ensureActiveOrder(tx, memberOwner);
      const currency = await cartCurrency(tx, member.id);
      for (const { line, product } of lines) {
        if (cyclePrice(product, line.billingCycle as BillingCycle) === null) continue;
        if ((currency ?? product.currency) !== product.currency) continue;
        await tx
          .insert(orderLines)
          .values({ orderId: member.id, productId: line.productId, billingCycle: line.billingCycle, qty: line.qty })
          .onConflictDoUpdate({
            target: [orderLines.orderId, orderLines.productId, orderLines.billingCycle],
            set: { qty: sql`least(${orderLines.qty} + excluded.qty, ${cartQty.max})` },
          });
        moved.push({ productId: line.productId, qty: line.qty, billingCycle: line.billingCycle });
      }
      await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, member.id));
    }
    await tx.update(orders).set({ status: 'merged', updatedAt: new Date() }).where(eq(orders.id, guest.id));
    return moved;
  });
}
