// Account tables: the member record, avatars and the staking wallet. (Wallets and currencies live in the
// wallet area, server/modules/wallet/tables.ts.)
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from '../../db/columns';
import { tenants } from '../shell/tables';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().default(sql`gen_random_uuid()`),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Public referral id used in /register/{id}. */
    refid: text('refid').notNull().unique(),
    referenceId: text('reference_id').notNull().unique(),
    sponsorId: integer('sponsor_id'),
    avatar: text('avatar'),
    phone: text('phone'),
    countryCode: text('country_code'),
    telegram: text('telegram'),
    language: text('language').notNull().default('en'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    twofaSecret: text('twofa_secret'),
    twofaMethod: text('twofa_method'),
    /** A secret being activated (generated at every activation start), with its wrong-code count. */
    twofaPendingSecret: text('twofa_pending_secret'),
    twofaPendingFailures: integer('twofa_pending_failures').notNull().default(0),
    /** Last TOTP time step accepted, so a code is never accepted twice. */
    twofaLastStep: integer('twofa_last_step'),
    supportVerificationCode: text('support_verification_code'),
    autoRegister: boolean('auto_register').notNull().default(false),
    /** active or suspended (userSettings.status) */
    accountStatus: text('account_status').notNull().default('active'),
    unpaidTraderFeeInvoices: integer('unpaid_trader_fee_invoices').notNull().default(0),
    overdueTraderFeeInvoices: integer('overdue_trader_fee_invoices').notNull().default(0),
    /** Since when the member has had overdue trader fee invoices (null while they have none): the trading.suspensions
     * job disconnects their exchange accounts overdueDisconnectDays after it. */
    overdueTraderFeesSince: timestamp('overdue_trader_fees_since', { withTimezone: true }),
    externalTransactionsSuspendedAt: timestamp('external_transactions_suspended_at', { withTimezone: true }),
    internalTransactionsSuspendedAt: timestamp('internal_transactions_suspended_at', { withTimezone: true }),
    tradingSuspendedAt: timestamp('trading_suspended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One account per address and tenant whatever the letter case; lookups by lower(email) use it too. The
  // sponsor index walks the team tree (affiliates) one level at a time.
  (t) => [uniqueIndex('users_tenant_email_lower').on(t.tenantId, sql`lower(${t.email})`), index('users_sponsor').on(t.sponsorId)],
);

/** Member avatars (150×150 PNG or JPEG), served at /avatars/{id}. */
export const avatars = pgTable('avatars', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: text('data').notNull(),
  createdAt: createdAt(),
});

/**
 * Two-factor recovery codes: 10 one-time codes (xxxxx-xxxxx) shown once at activation or regeneration; only
 * their SHA-256 is stored. A code signs in once in place of the authenticator's code.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code').on(t.userId, t.codeHash)],
);

/** The member's staking wallet of the staking module. */
export const stakingWallets = pgTable('staking_wallets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  walletAddress: text('wallet_address'),
  symbol: text('symbol').notNull().default('AIV'),
  tokenAmount: money('token_amount').notNull().default('0'),
  priceInUsdt: money('price_in_usdt').notNull().default('0'),
  stakingAmount: money('staking_amount').notNull().default('0'),
  status: text('status').notNull().default('new'),
  type: text('type').notNull().default('staking'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
