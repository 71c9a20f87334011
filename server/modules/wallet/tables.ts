// Wallet tables: currencies with their USDT rate, the member's wallets, and the ledger of every balance
// movement (spec §9 transaction types). A wallet's `available` is kept in step with its ledger: every change
// of it is one ledger row written in the same transaction, with the balance after it.
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';
import { users } from '../account/tables';

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol'),
  icon: text('icon'),
  /** fiat or crypto */
  type: text('type').notNull(),
  /** Value of one unit in USDT. */
  usdtRate: numeric('usdt_rate', { precision: 36, scale: 12 }).notNull(),
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
  (t) => [uniqueIndex('wallets_user_currency').on(t.userId, t.currency), check('wallets_available_not_negative', sql`${t.available} >= 0`)],
);

/** Spec §9 transaction types the server writes today (the full list has about 45). */
export const ledgerTypes = ['INVOICE', 'WALLET_REFILL', 'OVERPAYMENT', 'ADMIN_DEPOSIT'] as const;
export type LedgerType = (typeof ledgerTypes)[number];

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
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_wallet').on(t.walletId, t.id), index('ledger_entries_invoice').on(t.invoiceId)],
);
