// The tenant's catalogue: products and categories as the contract shows them, the store list (search,
// category, sort) served from a catalogue kept in memory per tenant and reloaded when its version moves.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import type { Product as ProductAnswer, ProductCategory as CategoryAnswer } from '../../generated/resolvers-types';
import { cents, compare } from '../../../domain/money';
import { currencies } from '../wallet/tables';
import type { Ref, Shop } from './access';
import type { ProductRow } from './products';
import { productCategories, productCategoryLinks, productImages, products, shopCatalogVersions } from './tables';

export const productSorts = ['default', 'asc', 'desc', 'name', 'price_asc', 'price_desc', 'newest'] as const;
export type ProductSort = (typeof productSorts)[number];

type ImageRow = { productId: number; id: number; uuid: string; name: string | null; url: string };

const price2 = (value: string | null) => (value === null ? null : cents(value));

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
export async function productsById(db: Db, tenantId: number, ids: number[]): Promise<ProductAnswer[]> {
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
