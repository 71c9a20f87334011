// Payments tables: invoices with items, the tenant's gateways with their fee rules, the coins and networks
// the crypto gateways take, gateway transactions (one per address or payment link, with its locked rate),
// and the log of verified gateway callbacks. (The idempotency keys of money calls are server/db/idempotency.ts.)
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idOf, money, updatedAt } from '../../db/columns';
import { tenants } from '../shell/tables';
import { users } from '../account/tables';

/** Spec §4 status values of an invoice. */
export const invoiceStatuses = ['unpaid', 'paid', 'canceled', 'refunded'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/**
 * Why an unpaid invoice was canceled: expired (an order holding a promo code use, nothing paid, past its due
 * date), replaced (a newer upgrade checkout of the same tariff), stale (the tariff it upgrades no longer
 * runs), repriced (a checkout of the same thing asks another amount now).
 */
export const cancelReasons = ['expired', 'replaced', 'stale', 'repriced'] as const;
export type CancelReason = (typeof cancelReasons)[number];

/**
 * What a completed gateway payment did: counted toward its invoice (invoice; overpaid when it paid more than
 * was due, the rest credited to the wallet), or, arriving for an invoice that could no longer take it, was
 * credited to the payer's wallet whole (already_paid, canceled, refunded).
 */
export const paymentOutcomes = ['invoice', 'overpaid', 'already_paid', 'canceled', 'refunded'] as const;
export type PaymentOutcome = (typeof paymentOutcomes)[number];

/** An upgrade invoice's figures (schema InvoiceUpgrade): days_left null for a one-time tariff, counted in full. */
export interface InvoiceUpgradeFigures {
  from_product: string;
  to_product: string;
  new_price: string;
  current_price: string;
  days_left: number | null;
  days_in_cycle: number | null;
  credit: string;
  difference: string;
}

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** Public reference in /thankyou/{tag}. */
    tag: text('tag').notNull().unique(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What was sold: a kind an area registered (payments/invoice-kinds.ts), such as order, deposit or tariff. */
    kind: text('kind').notNull(),
    status: text('status').$type<InvoiceStatus>().notNull().default('unpaid'),
    /** Set with status canceled (cancelReasons). */
    cancelReason: text('cancel_reason').$type<CancelReason>(),
    currency: text('currency').notNull(),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull().default('0'),
    fees: money('fees').notNull().default('0'),
    taxes: money('taxes').notNull().default('0'),
    penalty: money('penalty').notNull().default('0'),
    total: money('total').notNull(),
    amountPaid: money('amount_paid').notNull().default('0'),
    promoCodeId: integer('promo_code_id').references(() => idOf('promo_codes')),
    promoCode: text('promo_code'),
    promoDiscount: money('promo_discount'),
    promoDiscountType: text('promo_discount_type'),
    /** A gateway module, or balance. */
    paymentGateway: text('payment_gateway'),
    gatewayNetwork: text('gateway_network'),
    gatewayWallet: text('gateway_wallet'),
    txnId: text('txn_id'),
    note: text('note'),
    /** An upgrade's figures (InvoiceUpgrade), for the note the portal writes in the member's language. */
    upgrade: jsonb('upgrade').$type<InvoiceUpgradeFigures>(),
    billingFrom: timestamp('billing_from', { withTimezone: true }),
    billingTo: timestamp('billing_to', { withTimezone: true }),
    cryptoPaymentStartedAt: timestamp('crypto_payment_started_at', { withTimezone: true }),
    fiatPaymentStartedAt: timestamp('fiat_payment_started_at', { withTimezone: true }),
    /** When the member said they made a transfer ("I paid" on the bank details), through which gateway and how. */
    transferReportedAt: timestamp('transfer_reported_at', { withTimezone: true }),
    transferReportedGateway: text('transfer_reported_gateway'),
    /** account or card (the bank transfer's method). */
    transferMethod: text('transfer_method'),
    dueDate: timestamp('due_date', { withTimezone: true }).notNull(),
    datePaid: timestamp('date_paid', { withTimezone: true }),
    /** The cart order it was made from: unique, so an order can never get two invoices. */
    orderId: integer('order_id')
      .unique()
      .references(() => idOf('orders')),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoices_member').on(t.userId, t.status, t.id),
    check('invoices_amounts', sql`${t.total} >= 0 and ${t.amountPaid} >= 0 and ${t.subtotal} >= 0`),
  ],
);

export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => idOf('products')),
    subject: text('subject').notNull(),
    billingCycle: text('billing_cycle'),
    qty: integer('qty').notNull(),
    unitPrice: money('unit_price').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [index('invoice_items_invoice').on(t.invoiceId, t.id)],
);

/**
 * A tenant's gateway (spec §3 "Gateway"). public_config is shown to members (bank details live in the
 * bank_transfer gateway's); private_config holds the merchant id and the callback (IPN) secret and is never
 * sent to a client or a log.
 */
export const paymentGateways = pgTable(
  'payment_gateways',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    name: text('name').notNull(),
    displayName: text('display_name'),
    logo: text('logo'),
    /** active or inactive */
    status: text('status').notNull().default('active'),
    /** crypto or fiat */
    type: text('type').notNull(),
    /** Payments through it are accepted automatically (bank transfers are checked by hand). */
    automatic: boolean('automatic').notNull().default(true),
    description: text('description'),
    publicConfig: jsonb('public_config'),
    privateConfig: jsonb('private_config').$type<{ merchant_id: string; ipn_secret: string }>().notNull(),
    websiteUrl: text('website_url'),
    guideUrl: text('guide_url'),
    hiddenInForm: boolean('hidden_in_form').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('payment_gateways_tenant_module').on(t.tenantId, t.module)],
);

/** Fee rules: percent of the amount plus a fixed part, per tenant, gateway and currency ('*': any currency). */
export const gatewayFees = pgTable(
  'gateway_fees',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    currency: text('currency').notNull().default('*'),
    percent: numeric('percent', { precision: 9, scale: 4 }).notNull().default('0'),
    fixed: money('fixed').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.gateway, t.currency] })],
);

/** Coins (coinpayments) and networks (cpay) a crypto gateway takes; `currency` is the currency it is worth. */
export const gatewayCurrencies = pgTable(
  'gateway_currencies',
  {
    id: serial('id').primaryKey(),
    gateway: text('gateway').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').notNull().default('active'),
    isFiat: boolean('is_fiat').notNull().default(false),
    currency: text('currency').notNull(),
    network: text('network'),
    nodeType: text('node_type'),
    replenishMinimum: money('replenish_minimum'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('gateway_currencies_gateway_code').on(t.gateway, t.code)],
);

/**
 * One payment request at a gateway: a crypto address or a payment link, for `amount` (what to send, in
 * `coin`) worth `invoice_amount` in the invoice's currency at `rate` (invoice units per coin), locked until
 * expires_at. It completes once (a conditional update), whatever the gateway repeats.
 */
export const gatewayTransactions = pgTable(
  'gateway_transactions',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    gatewayId: integer('gateway_id')
      .notNull()
      .references(() => paymentGateways.id),
    gateway: text('gateway').notNull(),
    /** The provider's transaction id. */
    txnId: text('txn_id').notNull(),
    coin: text('coin').notNull(),
    /** The currency the coin is worth (its currencies row). */
    coinCurrency: text('coin_currency').notNull(),
    amount: money('amount').notNull(),
    invoiceAmount: money('invoice_amount').notNull(),
    rate: numeric('rate', { precision: 36, scale: 12 }).notNull(),
    address: text('address'),
    link: text('link'),
    confirmsNeeded: integer('confirms_needed'),
    checkoutUrl: text('checkout_url'),
    statusUrl: text('status_url'),
    qrcodeUrl: text('qrcode_url'),
    /** pending, completed or failed */
    status: text('status').notNull().default('pending'),
    receivedAmount: money('received_amount'),
    creditedAmount: money('credited_amount'),
    late: boolean('late'),
    /** Set when it completes (paymentOutcomes): where the money went and why. */
    outcome: text('outcome').$type<PaymentOutcome>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('gateway_transactions_gateway_txn').on(t.gateway, t.txnId), index('gateway_transactions_invoice').on(t.invoiceId, t.id)],
);

/** Every verified callback and what it did (applied, partial, duplicate, unknown, foreign, already_paid, ...). */
export const gatewayCallbacks = pgTable('gateway_callbacks', {
  id: serial('id').primaryKey(),
  gateway: text('gateway').notNull(),
  txnId: text('txn_id'),
  outcome: text('outcome').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: createdAt(),
});
