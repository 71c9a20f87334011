// Exchange accounts and services (issue 31, spec §3 Account and services): a member's exchange accounts with their
// key encrypted at rest (secrets.ts; only the last 4 characters readable, a fingerprint for uniqueness), the
// services a member holds with their limits, the development secrets key, and the suspensions the
// trading.suspensions job made (each mailed once).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { users } from '../account/tables';
import { tenants } from '../shell/tables';
import type { AccountStatus, SuspensionCause } from '../../../domain/trading';

export const exchangeAccounts = pgTable(
  'exchange_accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** ccxt's exchange id. */
    exchange: text('exchange').notNull(),
    /** AES-256-GCM (secrets.ts sealSecret): version byte, IV, tag and ciphertext, base64. */
    apiKeySealed: text('api_key_sealed').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    passphraseSealed: text('passphrase_sealed'),
    /** HMAC-SHA-256 of exchange and API key (secrets.ts keyFingerprint): one account per key and exchange in a tenant. */
    keyFingerprint: text('key_fingerprint').notNull(),
    apiKeyLast4: text('api_key_last4').notNull(),
    status: text('status').$type<AccountStatus>().notNull().default('connected'),
    /** In USDT, as read when the key was last checked. */
    balance: numeric('balance', { precision: 36, scale: 8 }),
    balanceCurrency: text('balance_currency').notNull().default('USDT'),
    balanceReadAt: timestamp('balance_read_at', { withTimezone: true }),
    disconnectReason: text('disconnect_reason'),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    suspensionCause: text('suspension_cause').$type<SuspensionCause>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('exchange_accounts_key').on(t.tenantId, t.exchange, t.keyFingerprint),
    index('exchange_accounts_member').on(t.userId, t.createdAt),
    index('exchange_accounts_connected').on(t.status, t.userId),
  ],
);

/** A service the member holds (spec §3 services): its config's limits, its status and how long it runs. */
export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The shop product the service came with, when it came with one. */
    productId: integer('product_id'),
    name: text('name').notNull(),
    /** copy_trading, signals, ... */
    type: text('type'),
    /** ServiceConfig: null limits are none; exchanges null or empty is any. */
    investorAccounts: integer('investor_accounts'),
    linkings: integer('linkings'),
    exchanges: jsonb('exchanges').$type<string[]>(),
    tradingVolume: numeric('trading_volume', { precision: 36, scale: 8 }),
    tradingVolumeCurrency: text('trading_volume_currency'),
    riskManagement: boolean('risk_management'),
    /** active or canceled as stored; an active one past activated_till answers expired. */
    status: text('status').notNull().default('active'),
    activatedTill: timestamp('activated_till', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('services_member').on(t.userId)],
);

/**
 * The development secrets key (no EXCHANGE_SECRETS_KEY outside production): one row, written once with insert … on
 * conflict do nothing and then read, so every server process on the database finds the same key.
 */
export const exchangeSecretsKeys = pgTable(
  'exchange_secrets_keys',
  {
    id: smallint('id').primaryKey().default(1),
    /** base64 of 32 bytes */
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('exchange_secrets_keys_one_row', sql`${t.id} = 1`)],
);

/**
 * A suspension the trading.suspensions job made: the member's connected accounts it suspended for one cause, in
 * the transaction that suspended them; mailed_at claims its one mail.
 */
export const tradingSuspensions = pgTable(
  'trading_suspensions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cause: text('cause').$type<SuspensionCause>().notNull(),
    accounts: integer('accounts').notNull(),
    createdAt: createdAt(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [index('trading_suspensions_unmailed').on(t.id).where(sql`${t.mailedAt} is null`)],
);
