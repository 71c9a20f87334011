// Real-estate deals (issue 30, spec §3 Deal): a member's request with their nine answers, the status the operator
// moves it along (calls §4), the amounts in US dollars once the operator sets them, and the sponsor's referrer fee,
// credited once when the deal completes (fee_paid_at and the ledger's entry key deal:<id>:referrer-fee).
// deal_history holds when the deal reached each status, oldest first.
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';
import { users } from '../account/tables';
import { tenants } from '../shell/tables';
import type { DealStatus } from '../../../domain/deals';

export const deals = pgTable(
  'deals',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    job: text('job').notNull(),
    maritalStatus: text('marital_status').notNull(),
    kids: text('kids').notNull(),
    distanceToSea: text('distance_to_sea').notNull(),
    paymentScheme: text('payment_scheme').notNull(),
    readiness: text('readiness').notNull(),
    contacts: text('contacts').notNull(),
    status: text('status').$type<DealStatus>().notNull().default('new'),
    transactionAmount: money('transaction_amount'),
    transactionFee: money('transaction_fee'),
    /** domain/deals.ts referrerFee of the transaction fee; null until the fee is set. */
    referrerFee: money('referrer_fee'),
    declineReason: text('decline_reason'),
    /** The sponsor credited with the referrer fee (the filer's sponsor when the deal completed). */
    sponsorId: integer('sponsor_id').references(() => users.id, { onDelete: 'set null' }),
    feePaidAt: timestamp('fee_paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('deals_member').on(t.userId, t.createdAt)],
);

/** When a deal reached a status. */
export const dealHistory = pgTable(
  'deal_history',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    status: text('status').$type<DealStatus>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deal_history_deal').on(t.dealId, t.at)],
);
