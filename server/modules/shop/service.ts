// The shop: the tenant's products and categories, carts (orders with status new, per member or per
// anonymous id and tenant), promo codes, the invoice made from a cart order, and the purchases a paid order
// leaves. Money: Decimal strings through domain/pricing.ts; the invoice's total is computed here,
// in the same transaction that locks the order and the promo code.
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
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
import { cartQty } from '../../../domain/limits';
import { cartTotals, lineAmount, type BillingCycle, type DiscountType } from '../../../domain/pricing';
import { compare, sum, toFixed } from '../../../domain/money';
import { isUuid, type TenantRow } from '../shell/service';
import { tenantModules, tenants } from '../shell/tables';
import { users } from '../account/tables';
import { expireInvoices, expireInvoicesIn, insertInvoice, withIdempotency } from '../payments/service';
import { invoices } from '../payments/tables';
import { currencies } from '../wallet/tables';
import { tariffProducts, tariffUpgrades } from '../tariffs/tables';
import {
  orderLines,
  orders,
  productCategories,
  productCategoryLinks,
  productImages,
  products,
  promoCodeCategories,
  promoCodeProducts,
  promoCodes,
  promoCodeUses,
  purchases,
  shopCatalogVersions,
} from './tables';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

// ---------------------------------------------------------------- access

export interface Shop {
  tenant: TenantRow;
  /** The products module lets visitors in (custom_config.allow_public_access). */
  publicAccess: boolean;
  /** The tenant's catalog version (shop_catalog_versions), read with the tenant. */
  catalogVersion: number;
}

/** The tenant's products module config and catalog version: one round trip per store read. */
const shopOfTenant = preparedFor((db) =>
  db
    .select({ moduleId: tenantModules.id, customConfig: tenantModules.customConfig, version: shopCatalogVersions.version })
    .from(tenants)
    .leftJoin(tenantModules, and(eq(tenantModules.tenantId, tenants.id), eq(tenantModules.module, 'products')))
    .leftJoin(shopCatalogVersions, eq(shopCatalogVersions.tenantId, tenants.id))
    .where(eq(tenants.id, sql.placeholder('tenantId')))
    .limit(1)
    .prepare('shop_of_tenant'),
);

/**
 * The tenant's shop as the caller may use it: the products module must be on, and a visitor needs the
 * module's public access. The tenant and the member come from the context's checks (server/context.ts),
 * which bind both to the host.
 */
export async function openShop(db: Db, { tenant, viewer }: { tenant: TenantRow; viewer: Viewer | null }): Promise<Shop> {
  const [row] = await shopOfTenant(db).execute({ tenantId: tenant.id });
  if (!row || row.moduleId === null) throw appError('not_found', 'The products module is off for this portal.');
  const publicAccess = (row.customConfig as { allow_public_access?: unknown } | null)?.allow_public_access === true;
  if (!viewer && !publicAccess) throw unauthenticated();
  return { tenant, publicAccess, catalogVersion: row.version ?? 0 };
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

type ProductRow = typeof products.$inferSelect;
type ImageRow = { productId: number; id: number; uuid: string; name: string | null; url: string };

const price2 = (value: string | null) => (value === null ? null : toFixed(value, 2));

/** A product as the contract shows it, from its row, images and categories. */
function productAnswer(row: ProductRow, images: ImageRow[], categories: CategoryAnswer[], symbol: string | null): ProductAnswer {
  const main = images.find((image) => image.id === row.defaultImageId) ?? images[0];
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    bg_color: row.bgColor,
    image: main?.url ?? null,
    images: images.map(({ id, uuid, name, url }) => ({ id, uuid, name, url })),
    default_image_id: row.defaultImageId ?? main?.id ?? null,
    currency: row.currency,
    currency_symbol: symbol,
    status: row.status,
    price_onetime: price2(row.priceOnetime),
    price_monthly: price2(row.priceMonthly),
    price_quartally: price2(row.priceQuartally),
    price_semiannually: price2(row.priceSemiannually),
    price_annually: price2(row.priceAnnually),
    last_price: price2(row.lastPrice),
    sort_order: row.sortOrder,
    categories,
  };
}

/** Rows of the given products (all of the tenant's when ids is null), with images, categories and symbols, in flat queries. */
async function loadProducts(db: Db, tenantId: number, ids: number[] | null, activeOnly: boolean) {
  if (ids && !ids.length) return { rows: [], answers: [], links: [], categories: new Map<number, CategoryAnswer>() };
  const which = and(
    eq(products.tenantId, tenantId),
    ...(activeOnly ? [eq(products.status, 'active')] : []),
    ...(ids ? [inArray(products.id, ids)] : []),
  );
  const rows = await db.select().from(products).where(which).orderBy(asc(products.sortOrder), asc(products.id));
  const productIds = rows.map((row) => row.id);
  const [images, links, categoryRows, symbols] = await Promise.all([
    productIds.length
      ? db
          .select({ productId: productImages.productId, id: productImages.id, uuid: productImages.uuid, name: productImages.name, url: productImages.url })
          .from(productImages)
          .innerJoin(products, eq(products.id, productImages.productId))
          .where(which)
          .orderBy(asc(productImages.sortOrder), asc(productImages.id))
      : [],
    db
      .select({ productId: productCategoryLinks.productId, categoryId: productCategoryLinks.categoryId, active: sql<boolean>`${products.status} = 'active'` })
      .from(productCategoryLinks)
      .innerJoin(products, eq(products.id, productCategoryLinks.productId))
      .where(eq(products.tenantId, tenantId)),
    db.select().from(productCategories).where(eq(productCategories.tenantId, tenantId)).orderBy(asc(productCategories.sortOrder), asc(productCategories.id)),
    db.select({ code: currencies.code, symbol: currencies.symbol }).from(currencies),
  ]);
  // number_of_products counts the category's active products.
  const counts = new Map<number, number>();
  for (const link of links) if (link.active) counts.set(link.categoryId, (counts.get(link.categoryId) ?? 0) + 1);
  const categories = new Map<number, CategoryAnswer>(
    categoryRows.map((row) => [
      row.id,
      { id: row.id, name: row.name, view_template: row.viewTemplate, public_config: row.publicConfig, number_of_products: counts.get(row.id) ?? 0, hidden: row.hidden },
    ]),
  );
  const imagesOf = new Map<number, ImageRow[]>();
  for (const image of images) imagesOf.set(image.productId, [...(imagesOf.get(image.productId) ?? []), image]);
  const categoriesOf = new Map<number, CategoryAnswer[]>();
  for (const link of [...links].sort((a, b) => a.categoryId - b.categoryId)) {
    const category = categories.get(link.categoryId);
    if (category) categoriesOf.set(link.productId, [...(categoriesOf.get(link.productId) ?? []), category]);
  }
  const symbolOf = new Map(symbols.map((row) => [row.code, row.symbol]));
  const answers = rows.map((row) => productAnswer(row, imagesOf.get(row.id) ?? [], categoriesOf.get(row.id) ?? [], symbolOf.get(row.currency) ?? null));
  return { rows, answers, links, categories };
}

/** Products by id in any status (cart lines and merges), in the tenant's order. */
async function productsById(db: Db, tenantId: number, ids: number[]): Promise<ProductAnswer[]> {
  return (await loadProducts(db, tenantId, [...new Set(ids)], false)).answers;
}

/**
 * The tenant's store in memory: its active products, already shaped, with what the filters need. The store
 * list is the hot read (1,000 products answer in milliseconds this way, where reading and shaping them
 * from the database takes hundreds on the embedded one); shop_catalog_versions tells when to reload.
 */
interface Catalog {
  version: number;
  products: ProductAnswer[];
  /** Products shown without a category filter: not only in hidden categories. */
  inStore: Set<number>;
  categoryIds: Map<number, Set<number>>;
  text: Map<number, string>;
  createdAt: Map<number, number>;
  byUuid: Map<string, ProductAnswer>;
  categories: CategoryAnswer[];
  sorted: Map<ProductSort, ProductAnswer[]>;
}

const catalogVersion = preparedFor((db) =>
  db
    .select({ version: shopCatalogVersions.version })
    .from(shopCatalogVersions)
    .where(eq(shopCatalogVersions.tenantId, sql.placeholder('tenantId')))
    .prepare('shop_catalog_version'),
);

const catalogs = new WeakMap<Db, Map<number, Promise<Catalog>>>();

async function buildCatalog(db: Db, tenantId: number, version: number): Promise<Catalog> {
  const { rows, answers, links, categories } = await loadProducts(db, tenantId, null, true);
  const categoryIds = new Map<number, Set<number>>();
  for (const link of links) categoryIds.set(link.productId, new Set([...(categoryIds.get(link.productId) ?? []), link.categoryId]));
  const inStore = new Set(
    answers.filter((product) => {
      const own = categoryIds.get(product.id as number);
      return !own || [...own].some((id) => !categories.get(id)?.hidden);
    }).map((product) => product.id as number),
  );
  return {
    version,
    products: answers,
    inStore,
    categoryIds,
    text: new Map(rows.map((row) => [row.id, `${row.name}\n${row.description ?? ''}`.toLowerCase()])),
    createdAt: new Map(rows.map((row) => [row.id, row.createdAt.getTime()])),
    byUuid: new Map(answers.map((product) => [product.uuid as string, product])),
    categories: [...categories.values()],
    sorted: new Map([['default', answers]]),
  };
}

/** The tenant's catalog, reloaded only when its version moved (parallel requests share one load). */
async function catalogOf(db: Db, tenantId: number, knownVersion?: number): Promise<Catalog> {
  const version = knownVersion ?? (await catalogVersion(db).execute({ tenantId }))[0]?.version ?? 0;
  let byTenant = catalogs.get(db);
  if (!byTenant) catalogs.set(db, (byTenant = new Map()));
  const cached = byTenant.get(tenantId);
  if (cached && (await cached).version === version) return cached;
  const loading = buildCatalog(db, tenantId, version);
  byTenant.set(tenantId, loading);
  loading.catch(() => byTenant.delete(tenantId));
  return loading;
}

const lowestPrice = (product: ProductAnswer) =>
  [product.price_onetime, product.price_monthly, product.price_quartally, product.price_semiannually, product.price_annually]
    .filter((price): price is string => price != null)
    .reduce<string | null>((lowest, price) => (lowest === null || compare(price, lowest) < 0 ? price : lowest), null);

function sortedCatalog(catalog: Catalog, sort: ProductSort): ProductAnswer[] {
  const known = catalog.sorted.get(sort);
  if (known) return known;
  const byId = (a: ProductAnswer, b: ProductAnswer) => (a.id as number) - (b.id as number);
  const list = [...catalog.products];
  if (sort === 'desc') list.reverse();
  if (sort === 'name') list.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || byId(a, b));
  if (sort === 'newest') list.sort((a, b) => catalog.createdAt.get(b.id as number)! - catalog.createdAt.get(a.id as number)! || byId(b, a));
  if (sort === 'price_asc' || sort === 'price_desc') {
    const prices = new Map(list.map((product) => [product.id, lowestPrice(product)]));
    const direction = sort === 'price_asc' ? 1 : -1;
    list.sort((a, b) => {
      const pa = prices.get(a.id)!;
      const pb = prices.get(b.id)!;
      if (pa === null || pb === null) return pa === pb ? byId(a, b) : pa === null ? 1 : -1;
      return direction * compare(pa, pb) || byId(a, b);
    });
  }
  catalog.sorted.set(sort, list);
  return list;
}

export interface ProductQuery {
  search?: string | null;
  categoryId?: number | null;
  sort?: ProductSort;
}

/**
 * moduleProducts: the tenant's active products. A search matches part of the name or description (any
 * case); without a category, products only in hidden categories stay out.
 */
export async function listProducts(db: Db, shop: Shop, query: ProductQuery): Promise<ProductAnswer[]> {
  const catalog = await catalogOf(db, shop.tenant.id, shop.catalogVersion);
  const search = query.search?.toLowerCase() ?? null;
  const categoryId = query.categoryId ?? null;
  return sortedCatalog(catalog, query.sort ?? 'default').filter((product) => {
    const id = product.id as number;
    if (categoryId !== null ? !catalog.categoryIds.get(id)?.has(categoryId) : !catalog.inStore.has(id)) return false;
    return search === null || catalog.text.get(id)!.includes(search);
  });
}

/** moduleProduct: one active product by id or uuid. */
export async function findProduct(db: Db, shop: Shop, ref: Ref): Promise<ProductAnswer | null> {
  const catalog = await catalogOf(db, shop.tenant.id, shop.catalogVersion);
  if ('uuid' in ref) return catalog.byUuid.get(ref.uuid) ?? null;
  return catalog.products.find((product) => product.id === ref.id) ?? null;
}

/** moduleProductCategories: the visible categories. */
export async function listCategories(db: Db, shop: Shop): Promise<CategoryAnswer[]> {
  return (await catalogOf(db, shop.tenant.id, shop.catalogVersion)).categories.filter((category) => !category.hidden);
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
  const productList = await productsById(db, order.tenantId, lines.map((line) => line.productId));
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
  const productList = await productsById(db, tenant.id, merged.map((line) => line.productId));
  const byId = new Map(productList.map((product) => [product.id, product]));
  const items: CartItem[] = merged.map((line) => ({ product: byId.get(line.productId)!, qty: line.qty, billing_cycle: line.billingCycle }));
  return { merged: items, cart: await findCart(db, memberOwner, tenant, null) };
}

// ---------------------------------------------------------------- promo codes

type PromoRow = typeof promoCodes.$inferSelect;

const normaliseCode = (code: string) => code.trim().toUpperCase();

/**
 * Finds the tenant's code, locked when it is about to be used, and checks it for this member. Uses held by
 * unpaid invoices that have expired are released first (payments' expiry), so abandoned carts do not use up
 * a limited code.
 */
async function usablePromo(tx: Db, tenantId: number, code: string, userId: number | null, lock: boolean): Promise<PromoRow> {
  const query = () =>
    tx
      .select()
      .from(promoCodes)
      .where(and(eq(promoCodes.tenantId, tenantId), eq(promoCodes.code, normaliseCode(code))))
      .limit(1);
  let [promo] = lock ? await query().for('update') : await query();
  if (promo) {
    // Under the code's row lock when it is about to be used (the release counts down on that row).
    const heldBy = eq(invoices.promoCodeId, promo.id);
    const released = lock ? await expireInvoicesIn(tx, heldBy) : await expireInvoices(tx, heldBy);
    if (released) [promo] = await query();
  }
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
      .where(and(eq(promoCodeUses.promoCodeId, promo.id), eq(promoCodeUses.userId, userId), isNull(promoCodeUses.releasedAt)));
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
      // One invoice is in one currency: lines whose product changed currency since they were added are refused,
      // never summed as if they were the same money.
      if (priced.some(({ product }) => product.currency !== priced[0]!.product.currency)) {
        throw validationError({ product_id: ['currencyMismatch'] });
      }

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

/**
 * What `me` shows of the shop and payments, in one round trip (me is polled every 15 s): the member's row
 * left-joined with their purchases (newest first, with their tariff level and whether an active tariff
 * upgrades them) and the count of unpaid invoices.
 */
const memberCommerceRows = preparedFor((db) =>
  db
    .select({
      unpaidInvoices: sql<number>`(select count(*)::int from ${invoices} i where i.user_id = ${users.id} and i.status = 'unpaid')`,
      purchase: {
        uuid: purchases.uuid,
        productId: purchases.productId,
        activeTill: purchases.activeTill,
        billingCycle: purchases.billingCycle,
        price: purchases.price,
        currency: purchases.currency,
        activeFrom: purchases.activeFrom,
      },
      tariffLevel: tariffProducts.level,
      upgradable: sql<boolean>`exists(select 1 from ${tariffUpgrades} u join ${products} t on t.id = u.to_product_id
        where u.from_product_id = ${purchases.productId} and t.status = 'active')`,
      name: products.name,
      description: products.description,
      image: sql<string | null>`(select pi.url from product_images pi where pi.product_id = ${products.id}
        order by (pi.id = ${products.defaultImageId}) desc, pi.sort_order, pi.id limit 1)`,
    })
    .from(users)
    .leftJoin(purchases, eq(purchases.userId, users.id))
    .leftJoin(products, eq(products.id, purchases.productId))
    .leftJoin(tariffProducts, eq(tariffProducts.productId, purchases.productId))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(desc(purchases.id))
    .prepare('member_commerce'),
);

/**
 * me.unpaid_invoices, me.purchases (newest first) and me.purchase: the member's current tariff, the tariff
 * purchase that runs now (the highest level, then the newest), with has_upgrades when an active tariff
 * upgrades it.
 */
export async function memberCommerce(db: Db, userId: number): Promise<MemberCommerce> {
  const rows = await memberCommerceRows(db).execute({ userId });
  return memberCommerceFrom(rows, rows[0]?.unpaidInvoices ?? 0);
}

export interface MemberCommerce {
  unpaidInvoices: number;
  purchase: Purchase | null;
  purchases: Purchase[];
}

/** One purchase of the member as memberCommerce reads it (newest first), with its tariff level and upgrade flag. */
export interface MemberPurchaseRow {
  purchase: {
    uuid: string | null;
    productId: number | null;
    activeTill: Date | null;
    billingCycle: string | null;
    price: string | null;
    currency: string | null;
    activeFrom: Date | null;
  } | null;
  tariffLevel: number | null;
  upgradable: boolean | null;
  name: string | null;
  description: string | null;
  image: string | null;
}

/**
 * The rule of memberCommerce on rows read elsewhere (me reads them with the rest of the member view in one
 * statement): purchases newest first, and the current tariff.
 */
export function memberCommerceFrom(rows: readonly MemberPurchaseRow[], unpaidInvoices: number): MemberCommerce {
  const now = Date.now();
  const list = rows.flatMap(({ purchase, name, description, image, tariffLevel, upgradable }) => {
    if (!purchase?.uuid) return [];
    const running =
      (purchase.activeFrom === null || purchase.activeFrom.getTime() <= now) && (purchase.activeTill === null || purchase.activeTill.getTime() > now);
    const tariff = tariffLevel !== null;
    return [
      {
        view: {
          uuid: purchase.uuid,
          product_id: purchase.productId,
          name: name ?? '',
          description,
          image,
          active_till: purchase.activeTill,
          active_from: purchase.activeFrom,
          billing_cycle: purchase.billingCycle,
          price: toFixed(purchase.price!, 2),
          currency: purchase.currency,
          has_upgrades: tariff && running && upgradable,
        } satisfies Purchase,
        level: tariff && running ? tariffLevel : null,
      },
    ];
  });
  const current = list.reduce<(typeof list)[number] | null>(
    (best, entry) => (entry.level !== null && (best === null || entry.level > best.level!) ? entry : best),
    null,
  );
  return {
    unpaidInvoices,
    purchase: current?.view ?? null,
    purchases: list.map((entry) => entry.view),
  };
}
