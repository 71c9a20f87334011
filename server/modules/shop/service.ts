// The shop: the tenant's products and categories, carts (orders with status new, per member or per
// anonymous id and tenant), promo codes, the invoice made from a cart order, and the purchases a paid order
// leaves. Money: Decimal strings through machines/shared/pricing.ts; the invoice's total is computed here,
// in the same transaction that locks the order and the promo code.
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import type { Viewer } from '../../context';
import type {
  CartItem,
  PromoCode as PromoCodeAnswer,
  Product as ProductAnswer,
  ProductCategory as CategoryAnswer,
  Purchase,
  ShoppingCart,
} from '../../generated/resolvers-types';
import { appError, unauthenticated, validationError } from '../../errors';
import { cartQty } from '../../../machines/shared/limits';
import { cartTotals, lineAmount, type BillingCycle, type DiscountType } from '../../../machines/shared/pricing';
import { sum, toFixed } from '../../../machines/shared/money';
import { isUuid, moduleCustomConfig, requireTenant, type TenantRow } from '../shell/service';
import { users } from '../account/tables';
import { insertInvoice, withIdempotency } from '../payments/service';
import { invoices } from '../payments/tables';
import { orderLines, orders, products, promoCodeCategories, promoCodeProducts, promoCodes, promoCodeUses, purchases } from './tables';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

// ---------------------------------------------------------------- access

export interface Shop {
  tenant: TenantRow;
  /** The products module lets visitors in (custom_config.allow_public_access). */
  publicAccess: boolean;
}

/**
 * The tenant's shop as the caller may use it: the products module must be on, a member must belong to the
 * tenant, and a visitor needs the module's public access.
 */
export async function openShop(db: Db, whitelabelUuid: string, viewer: Viewer | null): Promise<Shop> {
  const tenant = await requireTenant(db, whitelabelUuid);
  const config = await moduleCustomConfig(db, tenant.id, 'products');
  if (!config) throw appError('not_found', 'The products module is off for this portal.');
  if (viewer && viewer.user.tenantId !== tenant.id) throw appError('forbidden', 'This account belongs to another portal.');
  const publicAccess = (config.custom_config as { allow_public_access?: unknown }).allow_public_access === true;
  if (!viewer && !publicAccess) throw unauthenticated();
  return { tenant, publicAccess };
}

/** A product or category named by numeric id or uuid. */
export type Ref = { id: number } | { uuid: string };

export function refOf(value: string | number): Ref | null {
  const text = String(value).trim();
  if (/^\d{1,9}$/.test(text)) return { id: Number.parseInt(text, 10) };
  if (isUuid(text)) return { uuid: text.toLowerCase() };
  return null;
}

// ---------------------------------------------------------------- products

const priceColumns: Record<BillingCycle, string> = {
  onetime: 'price_onetime',
  monthly: 'price_monthly',
  quartally: 'price_quartally',
  semiannually: 'price_semiannually',
  annually: 'price_annually',
};

export const productSorts = ['default', 'asc', 'desc', 'name', 'price_asc', 'price_desc', 'newest'] as const;
export type ProductSort = (typeof productSorts)[number];

const lowestPrice = sql.raw(`least(p.price_onetime, p.price_monthly, p.price_quartally, p.price_semiannually, p.price_annually)`);
const orderings: Record<ProductSort, SQL> = {
  default: sql`p.sort_order asc, p.id asc`,
  asc: sql`p.sort_order asc, p.id asc`,
  desc: sql`p.sort_order desc, p.id desc`,
  name: sql`lower(p.name) asc, p.id asc`,
  price_asc: sql`${lowestPrice} asc nulls last, p.id asc`,
  price_desc: sql`${lowestPrice} desc nulls last, p.id asc`,
  newest: sql`p.created_at desc, p.id desc`,
};

interface ProductFilter {
  /** Active products only (lists); carts and invoices read any status. */
  activeOnly: boolean;
  search?: string | null;
  categoryId?: number | null;
  ref?: Ref;
  ids?: number[];
  sort?: ProductSort;
}

/** Categories of the tenant with their active-product counts, by id. */
async function tenantCategories(db: Db, tenantId: number): Promise<Map<number, CategoryAnswer>> {
  const result = await db.execute(sql`
    select c.id, c.name, c.view_template, c.public_config, c.hidden,
      (select count(*)::int from product_category_links l join products p on p.id = l.product_id
        where l.category_id = c.id and p.status = 'active') as number_of_products
    from product_categories c where c.tenant_id = ${tenantId} order by c.sort_order, c.id`);
  return new Map(
    rowsOf(result).map((row) => [
      row.id as number,
      {
        id: row.id as number,
        name: row.name as string,
        view_template: row.view_template as string | null,
        public_config: row.public_config,
        number_of_products: row.number_of_products as number,
        hidden: row.hidden as boolean,
      },
    ]),
  );
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
const money2 = (column: string) => sql.raw(`p.${column}::numeric(36,2)::text as ${column}`);

/**
 * Products with their images and category ids in one statement (JSON aggregates), then the categories
 * from one more: two round trips for any number of products.
 */
async function queryProducts(db: Db, tenantId: number, filter: ProductFilter): Promise<ProductAnswer[]> {
  const where: SQL[] = [sql`p.tenant_id = ${tenantId}`];
  if (filter.activeOnly) where.push(sql`p.status = 'active'`);
  if (filter.ref) where.push('id' in filter.ref ? sql`p.id = ${filter.ref.id}` : sql`p.uuid = ${filter.ref.uuid}::uuid`);
  if (filter.ids) where.push(sql`p.id in (${sql.join(filter.ids.length ? filter.ids.map((id) => sql`${id}`) : [sql`null`], sql`, `)})`);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    where.push(sql`(p.name ilike ${pattern} or p.description ilike ${pattern})`);
  }
  if (filter.categoryId != null) {
    where.push(sql`exists (select 1 from product_category_links l where l.product_id = p.id and l.category_id = ${filter.categoryId})`);
  } else if (!filter.ref && !filter.ids) {
    // Products only in hidden categories stay out of the store's lists.
    where.push(sql`(not exists (select 1 from product_category_links l where l.product_id = p.id)
      or exists (select 1 from product_category_links l join product_categories c on c.id = l.category_id
        where l.product_id = p.id and not c.hidden))`);
  }
  const [result, categories] = await Promise.all([
    db.execute(sql`
      select p.id, p.uuid, p.name, p.description, p.bg_color, p.currency, cur.symbol as currency_symbol, p.status,
        ${money2('price_onetime')}, ${money2('price_monthly')}, ${money2('price_quartally')},
        ${money2('price_semiannually')}, ${money2('price_annually')}, ${money2('last_price')},
        p.sort_order, p.default_image_id,
        coalesce((select json_agg(json_build_object('id', i.id, 'uuid', i.uuid, 'name', i.name, 'url', i.url) order by i.sort_order, i.id)
          from product_images i where i.product_id = p.id), '[]'::json) as images,
        coalesce((select json_agg(l.category_id order by l.category_id) from product_category_links l where l.product_id = p.id), '[]'::json) as category_ids
      from products p left join currencies cur on cur.code = p.currency
      where ${sql.join(where, sql` and `)}
      order by ${orderings[filter.sort ?? 'default']}`),
    tenantCategories(db, tenantId),
  ]);
  return rowsOf(result).map((row) => {
    const images = row.images as { id: number; uuid: string; name: string | null; url: string }[];
    const main = images.find((image) => image.id === row.default_image_id) ?? images[0];
    return {
      id: row.id as number,
      uuid: row.uuid as string,
      name: row.name as string,
      description: row.description as string | null,
      bg_color: row.bg_color as string | null,
      image: main?.url ?? null,
      images,
      default_image_id: (row.default_image_id as number | null) ?? main?.id ?? null,
      currency: row.currency as string,
      currency_symbol: row.currency_symbol as string | null,
      status: row.status as string,
      price_onetime: row.price_onetime as string | null,
      price_monthly: row.price_monthly as string | null,
      price_quartally: row.price_quartally as string | null,
      price_semiannually: row.price_semiannually as string | null,
      price_annually: row.price_annually as string | null,
      last_price: row.last_price as string | null,
      sort_order: row.sort_order as number,
      categories: (row.category_ids as number[]).flatMap((id) => categories.get(id) ?? []),
    };
  });
}

export interface ProductQuery {
  search?: string | null;
  categoryId?: number | null;
  sort?: ProductSort;
}

/** moduleProducts: the tenant's active products. */
export const listProducts = (db: Db, tenantId: number, query: ProductQuery) =>
  queryProducts(db, tenantId, { activeOnly: true, search: query.search ?? null, categoryId: query.categoryId ?? null, sort: query.sort ?? 'default' });

/** moduleProduct: one active product by id or uuid. */
export async function findProduct(db: Db, tenantId: number, ref: Ref): Promise<ProductAnswer | null> {
  const [product] = await queryProducts(db, tenantId, { activeOnly: true, ref });
  return product ?? null;
}

/** moduleProductCategories: the visible categories. */
export async function listCategories(db: Db, tenantId: number): Promise<CategoryAnswer[]> {
  return [...(await tenantCategories(db, tenantId)).values()].filter((category) => !category.hidden);
}

/** The price of a billing cycle on a product answer (null: not sold in that cycle). */
export const priceOf = (product: ProductAnswer, cycle: BillingCycle): string | null =>
  (product[priceColumns[cycle] as keyof ProductAnswer] as string | null | undefined) ?? null;

/** The tenant's product a ref names (active only unless asked), or the unknownProduct validation error. */
async function requireProductRow(db: Db, tenantId: number, ref: Ref | null, field: string, activeOnly = true) {
  const [product] = ref
    ? await db
        .select()
        .from(products)
        .where(and(eq(products.tenantId, tenantId), 'id' in ref ? eq(products.id, ref.id) : eq(products.uuid, ref.uuid)))
        .limit(1)
    : [];
  if (!product || (activeOnly && product.status !== 'active')) throw validationError({ [field]: ['unknownProduct'] });
  return product;
}

type ProductRow = typeof products.$inferSelect;

const rowPrice = (product: ProductRow, cycle: BillingCycle): string | null =>
  ({
    onetime: product.priceOnetime,
    monthly: product.priceMonthly,
    quartally: product.priceQuartally,
    semiannually: product.priceSemiannually,
    annually: product.priceAnnually,
  })[cycle];

// ---------------------------------------------------------------- carts

/** Whose cart: a member's, or a visitor's anonymous id, in one tenant. */
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
  if (rowPrice(product, cycle) === null) throw validationError({ 'input.billing_cycle': ['cycleNotOffered'] });
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

const orderNotFound = () => appError('not_found', 'This cart is no longer available.', { reason: 'OrderNotFound' });

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
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const productList = await queryProducts(db, order.tenantId, { activeOnly: false, ids: [...new Set(lines.map((line) => line.productId))] });
  const byId = new Map(productList.map((product) => [product.id, product]));
  const shown = lines.flatMap((line) => {
    const product = byId.get(line.productId);
    const price = product ? priceOf(product, line.billingCycle as BillingCycle) : null;
    if (!product || price === null) return [];
    return [
      {
        name: product.name,
        order_id: order.id,
        qty: line.qty,
        billing_cycle: line.billingCycle,
        product,
        price,
        amount: lineAmount({ qty: line.qty, price }),
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
    total: toFixed(sum(shown.map((line) => line.amount)), 2),
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
  const guestOwner: CartOwner = { tenantId: tenant.id, anonymousId };
  const memberOwner: CartOwner = { tenantId: tenant.id, userId };
  const merged = await db.transaction(async (tx) => {
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
        if (rowPrice(product, line.billingCycle as BillingCycle) === null) continue;
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
  const productList = await queryProducts(db, tenant.id, { activeOnly: false, ids: merged.map((line) => line.productId) });
  const byId = new Map(productList.map((product) => [product.id, product]));
  const items: CartItem[] = merged.map((line) => ({ product: byId.get(line.productId)!, qty: line.qty, billing_cycle: line.billingCycle }));
  return { merged: items, cart: await findCart(db, memberOwner, tenant, null) };
}

// ---------------------------------------------------------------- promo codes

type PromoRow = typeof promoCodes.$inferSelect;

const normaliseCode = (code: string) => code.trim().toUpperCase();

/** Finds the tenant's code, locked when it is about to be used, and checks it for this member. */
async function usablePromo(tx: Db, tenantId: number, code: string, userId: number | null, lock: boolean): Promise<PromoRow> {
  const query = tx
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.tenantId, tenantId), eq(promoCodes.code, normaliseCode(code))))
    .limit(1);
  const [promo] = lock ? await query.for('update') : await query;
  if (!promo || promo.status !== 'active' || (promo.userId !== null && promo.userId !== userId)) {
    throw appError('not_found', 'This promo code does not exist.', { reason: 'PromoNotFound' });
  }
  if (promo.expiresAt && promo.expiresAt.getTime() <= Date.now()) {
    throw appError('conflict', 'This promo code has expired.', { reason: 'PromoExpired' });
  }
  if (promo.maxUsageLimit !== null && promo.usedCount >= promo.maxUsageLimit) {
    throw appError('conflict', 'This promo code has been used up.', { reason: 'PromoUsedUp' });
  }
  if (userId !== null && promo.perMemberLimit !== null) {
    const [{ uses = 0 } = {}] = await tx
      .select({ uses: count() })
      .from(promoCodeUses)
      .where(and(eq(promoCodeUses.promoCodeId, promo.id), eq(promoCodeUses.userId, userId)));
    if (uses >= promo.perMemberLimit) {
      throw appError('conflict', 'You have already used this promo code.', { reason: 'PromoAlreadyUsed' });
    }
  }
  return promo;
}

/** The code's configured products and categories, and which of the given products it covers. */
async function coverage(tx: Db, promo: PromoRow, productIds: number[]) {
  const [productRows, categoryRows] = await Promise.all([
    tx.select({ id: promoCodeProducts.productId }).from(promoCodeProducts).where(eq(promoCodeProducts.promoCodeId, promo.id)),
    tx.select({ id: promoCodeCategories.categoryId }).from(promoCodeCategories).where(eq(promoCodeCategories.promoCodeId, promo.id)),
  ]);
  const appliesToAll = productRows.length === 0 && categoryRows.length === 0;
  let covered = new Set<number>(appliesToAll ? productIds : productRows.map((row) => row.id).filter((id) => productIds.includes(id)));
  if (!appliesToAll && categoryRows.length && productIds.length) {
    const result = await tx.execute(sql`
      select distinct l.product_id from product_category_links l
      where l.product_id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})
        and l.category_id in (${sql.join(categoryRows.map((row) => sql`${row.id}`), sql`, `)})`);
    covered = new Set([...covered, ...rowsOf(result).map((row) => row.product_id as number)]);
  }
  return { appliesToAll, covered, categoryIds: categoryRows.map((row) => row.id) };
}

/** modulePromoCodesCheck: the code, and which of the cart's products it covers. */
export async function checkPromoCode(
  db: Db,
  tenant: TenantRow,
  viewer: Viewer | null,
  code: string,
  productRefs: (Ref | null)[],
): Promise<PromoCodeAnswer> {
  const ids: number[] = [];
  for (const ref of productRefs) ids.push((await requireProductRow(db, tenant.id, ref, 'product_ids', false)).id);
  const promo = await usablePromo(db, tenant.id, code, viewer?.user.id ?? null, false);
  const { appliesToAll, covered, categoryIds } = await coverage(db, promo, ids);
  const [owner] = promo.userId ? await db.select({ uuid: users.uuid }).from(users).where(eq(users.id, promo.userId)) : [];
  return {
    uuid: promo.uuid,
    whitelabel_id: tenant.uuid,
    user_id: owner?.uuid ?? null,
    status: promo.status,
    code: promo.code,
    discount: toFixed(promo.discount, 2),
    discount_type: promo.discountType,
    max_usage_limit: promo.maxUsageLimit,
    products: ids.filter((id) => covered.has(id)),
    product_categories: categoryIds,
    expires_at: promo.expiresAt,
    created_at: promo.createdAt,
    applies_to_all: appliesToAll,
  };
}

// ---------------------------------------------------------------- invoice from a cart

/**
 * moduleProductsCreateInvoice: in one transaction, the member's order locked, its lines priced, the promo
 * code locked, checked and counted, the invoice written and the order closed. The order's invoice is
 * unique: a second call answers the first invoice.
 */
export async function createOrderInvoice(
  db: Db,
  viewer: Viewer,
  input: { orderId: number; promocode: string | null; idempotencyKey: string | null },
): Promise<number[]> {
  const { user } = viewer;
  const result = await withIdempotency(
    db,
    user.id,
    'moduleProductsCreateInvoice',
    input.idempotencyKey,
    { order_id: input.orderId, promocode: input.promocode },
    async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, input.orderId), eq(orders.userId, user.id), eq(orders.tenantId, user.tenantId)))
        .for('update');
      if (!order) throw orderNotFound();
      const [existing] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, order.id));
      if (existing) return { invoiceIds: [existing.id] };
      if (order.status !== 'new') throw orderNotFound();

      const lines = await tx
        .select({ line: orderLines, product: products })
        .from(orderLines)
        .innerJoin(products, eq(products.id, orderLines.productId))
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.id));
      if (!lines.length) throw appError('conflict', 'The cart is empty.', { reason: 'CartEmpty' });
      const priced = lines.map(({ line, product }) => {
        const price = rowPrice(product, line.billingCycle as BillingCycle);
        if (product.status !== 'active' || price === null) throw validationError({ product_id: ['unknownProduct'] });
        return { line, product, price: toFixed(price, 2) };
      });

      let promo: PromoRow | null = null;
      if (input.promocode) {
        promo = await usablePromo(tx, order.tenantId, input.promocode, user.id, true);
        const productIds = [...new Set(priced.map(({ product }) => product.id))];
        const { covered } = await coverage(tx, promo, productIds);
        if (productIds.some((id) => !covered.has(id))) {
          throw appError('conflict', 'This promo code does not apply to every product in the cart.', { reason: 'PromoNotCovering' });
        }
      }
      const promoDiscount = promo ? { discount: promo.discount, discount_type: promo.discountType as DiscountType } : null;
      const totals = cartTotals(
        priced.map(({ line, price }) => ({ qty: line.qty, price })),
        promoDiscount,
      );
      const invoice = await insertInvoice(tx, {
        tenantId: order.tenantId,
        userId: user.id,
        kind: 'order',
        currency: priced[0]!.product.currency,
        orderId: order.id,
        subtotal: totals.subtotal,
        discount: totals.discount,
        promo: promo ? { id: promo.id, code: promo.code, discount: promo.discount, discountType: promo.discountType } : null,
        items: priced.map(({ line, product, price }) => ({
          productId: product.id,
          subject: product.name,
          billingCycle: line.billingCycle,
          qty: line.qty,
          unitPrice: price,
          amount: lineAmount({ qty: line.qty, price }),
        })),
      });
      if (promo) {
        // Counted under the row lock taken above, so the limit holds under parallel checkouts.
        await tx.update(promoCodes).set({ usedCount: sql`${promoCodes.usedCount} + 1` }).where(eq(promoCodes.id, promo.id));
        await tx.insert(promoCodeUses).values({ promoCodeId: promo.id, userId: user.id, invoiceId: invoice.id });
      }
      await tx.update(orders).set({ status: 'invoiced', updatedAt: new Date() }).where(eq(orders.id, order.id));
      return { invoiceIds: [invoice.id] };
    },
  );
  return result.invoiceIds;
}

// ---------------------------------------------------------------- purchases

const memberPurchaseRows = preparedFor((db) =>
  db
    .select({
      uuid: purchases.uuid,
      productId: purchases.productId,
      name: products.name,
      description: products.description,
      activeTill: purchases.activeTill,
      billingCycle: purchases.billingCycle,
      price: purchases.price,
      currency: purchases.currency,
      defaultImageId: products.defaultImageId,
      image: sql<string | null>`(select i.url from product_images i where i.product_id = ${products.id}
        order by (i.id = ${products.defaultImageId}) desc, i.sort_order, i.id limit 1)`,
    })
    .from(purchases)
    .innerJoin(products, eq(products.id, purchases.productId))
    .where(eq(purchases.userId, sql.placeholder('userId')))
    .orderBy(desc(purchases.id))
    .prepare('member_purchases'),
);

/** me.purchases (newest first) and me.purchase (the newest one still active). */
export async function memberPurchases(db: Db, userId: number): Promise<{ purchase: Purchase | null; purchases: Purchase[] }> {
  const rows = await memberPurchaseRows(db).execute({ userId });
  const now = Date.now();
  const list: (Purchase & { active: boolean })[] = rows.map((row) => ({
    uuid: row.uuid,
    product_id: row.productId,
    name: row.name,
    description: row.description,
    image: row.image,
    active_till: row.activeTill,
    billing_cycle: row.billingCycle,
    price: toFixed(row.price, 2),
    currency: row.currency,
    has_upgrades: false,
    active: row.activeTill === null || row.activeTill.getTime() > now,
  }));
  const strip = ({ active: _active, ...purchase }: Purchase & { active: boolean }): Purchase => purchase;
  const current = list.find((purchase) => purchase.active);
  return { purchase: current ? strip(current) : null, purchases: list.map(strip) };
}
