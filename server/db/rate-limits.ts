// Counters of server/security/rate-limit.ts: cross-area infrastructure, like the mail outbox.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per limited key ("signin:member:42", "signin:ip:203.0.113.7", "register:ip:..."): a fixed window
 * from window_start, the events counted in it (`hits`: failures, registrations, mails) and the checks in
 * flight (`pending`), so parallel requests reserve before they are checked.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull().default(0),
  pending: integer('pending').notNull().default(0),
});
