// Shop tables: categories, products with a price per billing cycle and images, carts (orders with lines,
// per member or per anonymous id, bound to a tenant), promo codes with what they cover and their uses, and
// the purchases a paid order leaves behind (me.purchases).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { cartQty } from '../../../domain/limits';
import { tenants } from '../shell/tables';
import { users } from '../account/tables';

export const productCategories = pgTable(
  'product_categories',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    viewTemplate: text('view_template'),
    publicConfig: jsonb('public_config'),
    /** Not listed in the store; its products show only when asked for by category. */
    hidden: boolean('hidden').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('product_categories_tenant').on(t.tenantId, t.sortOrder)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().default(sql`gen_random_uuid()`),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    bgColor: text('bg_color'),
    currency: text('currency').notNull().default('USDT'),
    /** active or inactive */
    status: text('status').notNull().default('active'),
    /** A null price: not sold in that cycle. */
    priceOnetime: money('price_onetime'),
    priceMonthly: money('price_monthly'),
    priceQuartally: money('price_quartally'),
    priceSemiannually: money('price_semiannually'),
    priceAnnually: money('price_annually'),
    lastPrice: money('last_price'),
    sortOrder: integer('sort_order').notNull().default(0),
    defaultImageId: integer('default_image_id'),
    createdAt: createdAt(),
  },
  (t) => [index('products_tenant_list').on(t.tenantId, t.status, t.sortOrder, t.id)],
);

export const productCategoryLinks = pgTable(
  'product_category_links',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => productCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_category_links_category').on(t.categoryId)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().default(sql`gen_random_uuid()`),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name'),
    url: text('url').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('product_images_product').on(t.productId, t.sortOrder)],
);

/**
 * A counter per tenant that moves whenever its catalog (products, categories, their links and images)
 * changes: triggers of migration 0003 bump it, so the server's in-memory catalog (shop/catalog.ts) knows
 * when to reload without reading every product on every request. No foreign key: a tenant's deletion
 * cascades through the triggers.
 */
export const shopCatalogVersions = pgTable('shop_catalog_versions', {
  tenantId: integer('tenant_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Order statuses: new is the active cart; invoiced once an invoice was made from it; merged into a member's cart. */
export const orderStatuses = ['new', 'invoiced', 'merged'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** A cart: one order with status new per member, or per anonymous id, in a tenant. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    anonymousId: text('anonymous_id'),
    status: text('status').$type<OrderStatus>().notNull().default('new'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_one_owner', sql`(${t.userId} is null) <> (${t.anonymousId} is null)`),
    // At most one active cart per owner, so two parallel adds cannot make two carts.
    uniqueIndex('orders_active_member').on(t.tenantId, t.userId).where(sql`status = 'new' and user_id is not null`),
    uniqueIndex('orders_active_guest').on(t.tenantId, t.anonymousId).where(sql`status = 'new' and anonymous_id is not null`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    billingCycle: text('billing_cycle').notNull(),
    qty: integer('qty').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_lines_order_product_cycle').on(t.orderId, t.productId, t.billingCycle),
    check('order_lines_qty', sql`${t.qty} between ${sql.raw(String(cartQty.min))} and ${sql.raw(String(cartQty.max))}`),
  ],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().default(sql`gen_random_uuid()`),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Reserved for one member, or null for everyone. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Stored upper case; checks compare the trimmed, upper-cased input. */
    code: text('code').notNull(),
    /** active or inactive */
    status: text('status').notNull().default('active'),
    discount: money('discount').notNull(),
    /** units or percent */
    discountType: text('discount_type').notNull(),
    /** Uses in all, or null for no limit. */
    maxUsageLimit: integer('max_usage_limit'),
    /** Uses per member, or null for no limit. */
    perMemberLimit: integer('per_member_limit').default(1),
    usedCount: integer('used_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promo_codes_tenant_code').on(t.tenantId, t.code)],
);

/** Products a promo code covers directly; with no products and no categories it covers every product. */
export const promoCodeProducts = pgTable(
  'promo_code_products',
  {
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.productId] })],
);

export const promoCodeCategories = pgTable(
  'promo_code_categories',
  {
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => productCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.categoryId] })],
);

/** One row per invoice a promo code was used on (released when that invoice is canceled unpaid). */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    id: serial('id').primaryKey(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').notNull().unique(),
    /** When the invoice was canceled or expired unpaid: the use no longer counts (released once). */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('promo_code_uses_member').on(t.promoCodeId, t.userId)],
);

/** What a paid order bought, one row per product line (me.purchase, me.purchases). */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().default(sql`gen_random_uuid()`),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').notNull(),
    billingCycle: text('billing_cycle').notNull(),
    qty: integer('qty').notNull(),
    price: money('price').notNull(),
    currency: text('currency').notNull(),
    /** null for a onetime purchase; else the paid date plus the cycle's months (qty counts seats, not periods). */
    activeTill: timestamp('active_till', { withTimezone: true }),
    /** When it starts, if later than it was paid: a tariff bought while another runs starts when that one ends. */
    activeFrom: timestamp('active_from', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('purchases_invoice_product_cycle').on(t.invoiceId, t.productId, t.billingCycle),
    index('purchases_member').on(t.userId, t.id),
  ],
);
