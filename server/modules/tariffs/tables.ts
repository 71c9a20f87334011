// Tariffs tables: which products are the tenant's tariffs (their level in the line), which tariff upgrades to
// which, the checkouts of tariffs and upgrades (one row per invoice: what paying it fulfils), the tenants'
// owners, and the platform subscription each tenant's owners pay (spec §1, §6).
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, money } from '../../db/columns';
import { tenants } from '../shell/tables';
import { users } from '../account/tables';
import { products, purchases } from '../shop/tables';
import { invoices } from '../payments/tables';

/** A product that is a tariff; level orders the tenant's line (1 the lowest). */
export const tariffProducts = pgTable(
  'tariff_products',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
  },
  (t) => [index('tariff_products_tenant').on(t.tenantId, t.level)],
);

/** A tariff (from) that can be upgraded to another (to), with the difference in price prorated. */
export const tariffUpgrades = pgTable(
  'tariff_upgrades',
  {
    fromProductId: integer('from_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    toProductId: integer('to_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.fromProductId, t.toProductId] }), check('tariff_upgrades_other', sql`${t.fromProductId} <> ${t.toProductId}`)],
);

/** tariff: a tariff bought; upgrade: the current tariff (from_purchase_id) upgraded to another. */
export const tariffCheckoutKinds = ['tariff', 'upgrade'] as const;
export type TariffCheckoutKind = (typeof tariffCheckoutKinds)[number];

/** What an invoice of a tariff or an upgrade is for: paying it fulfils this row once. */
export const tariffCheckouts = pgTable(
  'tariff_checkouts',
  {
    invoiceId: integer('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TariffCheckoutKind>().notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    billingCycle: text('billing_cycle').notNull(),
    /** The tariff's full price in the cycle (what the purchase is worth; an upgrade's invoice charges less). */
    price: money('price').notNull(),
    /** The purchase an upgrade ends (null for a tariff bought). */
    fromPurchaseId: integer('from_purchase_id').references(() => purchases.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('tariff_checkouts_member').on(t.userId, t.productId)],
);

/** The members who own a tenant: they activate its platform subscription (spec §6). */
export const tenantOwners = pgTable(
  'tenant_owners',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] }), uniqueIndex('tenant_owners_user').on(t.userId)],
);

/** The subscription modal's types (calls §4): activate when none is active, change while one is. */
export const subscriptionTypes = ['activate', 'change'] as const;
export type SubscriptionType = (typeof subscriptionTypes)[number];

/** A tenant's platform subscription: paid until active_till, in periods of `period`; a trial until trial_till. */
export const tenantSubscriptions = pgTable('tenant_subscriptions', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  period: text('period'),
  activeTill: timestamp('active_till', { withTimezone: true }),
  trialTill: timestamp('trial_till', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What an invoice of the platform subscription is for: paying it extends the tenant's subscription once. */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    invoiceId: integer('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    /** activate (none was active) or change (another period after the active one). */
    type: text('type').$type<SubscriptionType>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_invoices_member').on(t.userId, t.period)],
);
