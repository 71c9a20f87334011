// Auth tables: sessions, mailed one-time codes, sign-in attempts and the dev OAuth server's codes.
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { tenants } from '../shell/tables';
import { users } from '../account/tables';

/** Opaque access tokens; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** What a registration asked for; it is applied when its code (or link) is confirmed (pre-hijack, issue 12). */
export interface PendingRegistration {
  passwordHash: string;
  name: string;
  language: string;
  telegram: string | null;
  sponsorId: number | null;
}

/**
 * One-time codes sent by mail: 6 digits from a CSPRNG plus a link token, both stored as hashes; they expire
 * after 10 minutes, allow 5 attempts and work once.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** verify_email, reset_password or twofa */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    linkTokenHash: text('link_token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** verify_email: the registration this code confirms (its password among it). */
    registration: jsonb('registration').$type<PendingRegistration>(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_user_purpose').on(t.userId, t.purpose)],
);

/** Every sign-in attempt: throttling reads the failures, login history shows them to the member. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The login name as typed (lower case), so unknown accounts are throttled too. */
    accountKey: text('account_key').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    browserName: text('browser_name'),
    platformName: text('platform_name'),
    deviceModel: text('device_model'),
    success: boolean('success').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_account').on(t.tenantId, t.accountKey, t.createdAt), index('login_attempts_ip').on(t.ip, t.createdAt)],
);

/** Authorisation codes of the dev OAuth server (single sign-on round trip in development and tests). */
export const oauthCodes = pgTable('oauth_codes', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull().unique(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
