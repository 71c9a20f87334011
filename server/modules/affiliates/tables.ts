// Affiliates tables: how deep into the team a member may look (team level access, spec §6) and the
// referral earnings with their holding period (issue "Wallet", beyond the reference portals). The team
// itself is the sponsor relation on users (users.sponsor_id); team_paths holds it flattened for reading,
// kept from users by triggers.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';
import { users } from '../account/tables';
import { products } from '../shop/tables';
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
  /**
   * What opens the levels beyond max_level, as the operator set it (issue 33): a purchase of this tariff; null
   * with opens_with_purchase, any purchase; neither, nothing the member can do.
   */
  opensWithProductId: integer('opens_with_product_id').references(() => products.id, { onDelete: 'set null' }),
  opensWithPurchase: boolean('opens_with_purchase').notNull().default(false),
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

/** How deep team_paths reaches; a deeper plan's team is read by walking users.sponsor_id. */
export const teamPathsDepth = 32;

/**
 * The team tree flattened (a closure of users.sponsor_id): one row for each member and each sponsor above
 * them up to teamPathsDepth levels, with the level (depth 1: a direct referral), while every member on the
 * way is in the sponsor's tenant (the team is the tenant's only), and the member's joining time, so a level
 * is read and paged by one index instead of walking the tree. A member on a sponsor cycle keeps the
 * shallowest level. Kept by triggers on users (migration "team-paths-triggers"), whoever writes users:
 * a new member, a changed sponsor, tenant or joining time, or a deleted member redoes the rows of that member
 * and everybody under them. No foreign keys: the triggers remove the rows of a deleted member.
 */
export const teamPaths = pgTable(
  'team_paths',
  {
    ancestorId: integer('ancestor_id').notNull(),
    depth: integer('depth').notNull(),
    memberCreatedAt: timestamp('member_created_at', { withTimezone: true }).notNull(),
    memberId: integer('member_id').notNull(),
    /** The member's own sponsor (users.sponsor_id): a team's rows grouped by it count each member's referrals. */
    memberSponsorId: integer('member_sponsor_id').notNull(),
  },
  (t) => [
    // A level of a member's team in joining order (its pages, its count), and the team to a depth.
    primaryKey({ columns: [t.ancestorId, t.depth, t.memberCreatedAt, t.memberId] }),
    index('team_paths_member').on(t.memberId),
  ],
);
