// Affiliates tables: how deep into the team a member may look (team level access, spec §6) and the
// referral earnings with their holding period (issue "Wallet", beyond the reference portals). The team
// itself is the sponsor relation on users (users.sponsor_id); nothing here repeats it.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';
import { users } from '../account/tables';
import { invoices } from '../payments/tables';
import { ledgerEntries } from '../wallet/tables';

/**
 * A member whose team level access is narrower than the plan's max_depth (spec §6 "Team level access may
 * be denied"): levels deeper than max_level answer LevelAccessDenied. No row: every level of the plan.
 */
export const affLevelAccess = pgTable('aff_level_access', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  maxLevel: integer('max_level').notNull(),
});

/**
 * A referral earning of a member from a purchase in their team. status: pending (the purchase is not paid
 * yet), approved (earned; held until hold_until, then payable once the member's released total reaches the
 * minimum payout) or paid (paid_at). The state shown is derived from these, never stored twice.
 * invoice_id: the purchase it comes from; (invoice_id, user_id) is unique, so an invoice earns each sponsor
 * once however often or in parallel it is paid. ledger_entry_id: the wallet credit (REFERRAL_BONUS) that paid it.
 */
export const affEarnings = pgTable(
  'aff_earnings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The team member whose purchase earned it. */
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    level: integer('level').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    ledgerEntryId: integer('ledger_entry_id').references(() => ledgerEntries.id, { onDelete: 'set null' }),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('aff_earnings_user').on(t.userId, t.createdAt),
    uniqueIndex('aff_earnings_invoice_earner').on(t.invoiceId, t.userId),
    // The payout job's scan: approved earnings by release time.
    index('aff_earnings_released').on(t.holdUntil).where(sql`${t.status} = 'approved'`),
  ],
);
