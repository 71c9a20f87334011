// Buying assets from merchants (issue 27, spec §2 /merchants/buy/{symbol}, the token offering): the assets a
// tenant sells for its balance's currency, and the quotes members took. A quote locks the rate for 15 minutes
// (calls §9 exchange-rate lock); buying it makes one invoice, which pays into the asset's wallet when settled.
import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';
import { users } from '../account/tables';
import { invoices } from '../payments/tables';
import { tenants } from '../shell/tables';
import { currencies } from '../wallet/tables';

/** A rate: the price of one unit of the asset in the pay currency. */
const rate = (name: string) => numeric(name, { precision: 36, scale: 12 });

export const merchantAssets = pgTable(
  'merchant_assets',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    symbol: text('symbol')
      .notNull()
      .references(() => currencies.code),
    name: text('name').notNull(),
    /** Bounds of one purchase, in the pay currency. */
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('merchant_assets_tenant_symbol').on(t.tenantId, t.symbol)],
);

export const merchantQuotes = pgTable(
  'merchant_quotes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    payCurrency: text('pay_currency').notNull(),
    /** What the member pays, in the pay currency. */
    amount: money('amount').notNull(),
    rate: rate('rate').notNull(),
    /** What the asset's wallet receives: amount / rate, rounded toward zero. */
    assetAmount: money('asset_amount').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The invoice that pays it; one per quote. */
    invoiceId: integer('invoice_id')
      .unique()
      .references(() => invoices.id),
    createdAt: createdAt(),
  },
  (t) => [index('merchant_quotes_user').on(t.userId, t.createdAt)],
);
