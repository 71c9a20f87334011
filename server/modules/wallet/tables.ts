// Wallet tables: currencies with their USDT rate and withdrawal bounds, the member's wallets, the ledger of
// every balance movement (spec §9 transaction types), withdrawals and their saved templates. A wallet's
// `available` is kept in step with its ledger: every change of it is one ledger row written in the same
// transaction, with the balance after it. The ledger's day and month sums (ledger_days, ledger_months) are
// kept by triggers for the balance history and the transactions' total.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import type { LedgerDetails, TransactionType, WithdrawalMethod, WithdrawalStatus } from '../../../domain/ledger';
import { users } from '../account/tables';

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol'),
  icon: text('icon'),
  /** fiat or crypto */
  type: text('type').notNull(),
  /** Value of one unit in USDT. */
  usdtRate: numeric('usdt_rate', { precision: 36, scale: 12 }).notNull(),
  /** Smallest and largest withdrawal in this currency; null: withdrawals in it are not offered. */
  withdrawalMin: money('withdrawal_min'),
  withdrawalMax: money('withdrawal_max'),
});

export const wallets = pgTable(
  'wallets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    credit: money('credit').notNull().default('0'),
    available: money('available').notNull().default('0'),
    locked: money('locked').notNull().default('0'),
    withdrawn: money('withdrawn').notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wallets_user_currency').on(t.userId, t.currency),
    check('wallets_available_not_negative', sql`${t.available} >= 0`),
    check('wallets_locked_not_negative', sql`${t.locked} >= 0`),
  ],
);

/** Spec §9 transaction types (domain/ledger.ts: about 45). */
export type LedgerType = TransactionType;

/**
 * One row per movement of a wallet's available balance: amount is signed (a debit is negative) and
 * balance_after is the wallet's balance right after it. entry_key names the business event
 * ("invoice:12:INVOICE", "txn:7:OVERPAYMENT"), unique, so one event can never move money twice.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: integer('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    type: text('type').$type<LedgerType>().notNull(),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    entryKey: text('entry_key').notNull().unique(),
    invoiceId: integer('invoice_id'),
    note: text('note'),
    /** What the portal builds the note from in the member's language (domain/ledger.ts LedgerDetails). */
    details: jsonb('details').$type<LedgerDetails>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_wallet').on(t.walletId, t.id),
    index('ledger_entries_invoice').on(t.invoiceId),
    // The member's transactions newest first (paged by cursor), and the balance history by time.
    index('ledger_entries_user_time').on(t.userId, t.createdAt, t.id),
    index('ledger_entries_wallet_time').on(t.walletId, t.createdAt, t.id),
  ],
);

/**
 * The ledger summed per wallet, UTC day and transaction type, so that the balance history reads at most a
 * few rows a day instead of the ledger, and the transactions list counts its total from it: the amounts'
 * sum, how many rows, and the day's last row of that type by (created_at, id) with its balance after it.
 * Kept by triggers on ledger_entries (migration "ledger-days-triggers"), in the statement that writes the
 * ledger, so every writer (the wallet service, seeds, tests) keeps it right: an insert adds to its row
 * (an upsert: parallel writers of one row take turns on its lock), a delete or update recounts the days it
 * touched from the ledger. user_id and currency are the ledger rows' own, as the transactions list filters
 * by them. No foreign keys: deleting a wallet or member deletes its ledger rows, whose trigger clears these.
 */
export const ledgerDays = pgTable(
  'ledger_days',
  {
    walletId: integer('wallet_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').$type<LedgerType>().notNull(),
    userId: integer('user_id').notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    entries: integer('entries').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    lastId: integer('last_id').notNull(),
    lastBalance: money('last_balance').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_days_key').on(t.walletId, t.day, t.type, t.userId, t.currency),
    // A wallet's balance at the end of a day: its last row up to then.
    index('ledger_days_wallet_last').on(t.walletId, t.day, t.lastAt, t.lastId),
    index('ledger_days_user').on(t.userId, t.currency, t.type),
  ],
);

/**
 * The same sums per wallet, UTC month and transaction type (no last row: balances are read from
 * ledger_days), for the year's history in months and the transactions' total: a dozen rows a type a year.
 * Kept by the same triggers, in the same statements, as ledger_days.
 */
export const ledgerMonths = pgTable(
  'ledger_months',
  {
    walletId: integer('wallet_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    type: text('type').$type<LedgerType>().notNull(),
    userId: integer('user_id').notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_months_key').on(t.walletId, t.month, t.type, t.userId, t.currency),
    index('ledger_months_user').on(t.userId, t.currency, t.type),
  ],
);

/** Payout details as saved with a template or a request (crypto: network and address; iban; swift). */
export interface WithdrawalDetails {
  method: WithdrawalMethod;
  network?: string;
  address?: string;
  holderName?: string;
  iban?: string;
  bic?: string;
  taxId?: string;
  swift?: string;
  accountNumber?: string;
  bankName?: string;
}

/** The member's saved payout details (spec §3 "Withdrawal template": name, type). */
export const withdrawalTemplates = pgTable(
  'withdrawal_templates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** crypto, iban or swift */
    method: text('method').$type<WithdrawalMethod>().notNull(),
    details: jsonb('details').$type<WithdrawalDetails>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('withdrawal_templates_user_name').on(t.userId, sql`lower(${t.name})`)],
);

/**
 * Withdrawal requests (spec §4 statuses new, requested, pending, canceled, completed). Requesting moves the
 * amount from the wallet's available to its locked balance (a WITHDRAWAL ledger row); canceling a `new`
 * request moves it back (WITHDRAWAL_CANCELED); completing moves it from locked to withdrawn. A request sent
 * with an idempotency key is made once per member and key (request_hash tells a repeat from another request).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: integer('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    status: text('status').$type<WithdrawalStatus>().notNull(),
    method: text('method').$type<WithdrawalMethod>().notNull(),
    details: jsonb('details').$type<WithdrawalDetails>().notNull(),
    templateId: integer('template_id').references(() => withdrawalTemplates.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    index('withdrawals_user').on(t.userId, t.id),
    uniqueIndex('withdrawals_user_key').on(t.userId, t.idempotencyKey),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
  ],
);
