// Crowdfunding (issue 28, spec §1 "crowdfunding", §4 "Project: active, finished", §6 "tariff limits crowdfunding
// investment"): the tenant's projects, one row per investment (a holding), one row per payout, whose key
// (holding, number) is how the payout job claims it (two server processes or a restart pay each payout once),
// and the cap per project each tariff allows.
import { index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';
import { users } from '../account/tables';
import { invoices } from '../payments/tables';
import { products } from '../shop/tables';
import { tenants } from '../shell/tables';
import type { HoldingStatus, ProjectStatus } from '../../../domain/crowdfunding';

/** A document attached to a project: its name and where it is served. */
export interface ProjectDocument {
  name: string;
  url: string;
}

export const crowdfundingProjects = pgTable(
  'crowdfunding_projects',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    /** Rich text (HTML), sanitised by the portal before rendering. */
    description: text('description').notNull().default(''),
    /** Image URLs, the first is the cover. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    documents: jsonb('documents').$type<ProjectDocument[]>().notNull().default([]),
    currency: text('currency').notNull(),
    /** A hard cap: paid and pending holdings never pass it. */
    goal: money('goal').notNull(),
    minInvestment: money('min_investment').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Stored as finished once the goal is reached or the job closes it at ends_at. */
    status: text('status').$type<ProjectStatus>().notNull().default('active'),
    /** Yearly return in percent ("12" is 12 %). */
    returnPercent: numeric('return_percent', { precision: 9, scale: 4 }).notNull(),
    payoutPeriodMonths: integer('payout_period_months').notNull(),
    termMonths: integer('term_months').notNull(),
    /** When it missed its goal at ends_at and every holding went back to the balance. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('crowdfunding_projects_tenant').on(t.tenantId, t.status), index('crowdfunding_projects_ends').on(t.status, t.endsAt)],
);

/** One investment of a member in a project. */
export const crowdfundingHoldings = pgTable(
  'crowdfunding_holdings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => crowdfundingProjects.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    status: text('status').$type<HoldingStatus>().notNull(),
    /** When its money arrived: the payouts are counted from it. Null while pending. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Payouts made so far: the job moves it on under the row's lock. */
    payoutsDone: integer('payouts_done').notNull().default(0),
    receivedProfit: money('received_profit').notNull().default('0'),
    receivedBody: money('received_body').notNull().default('0'),
    /** The invoice a pending holding waits on (and that paid it, once paid); null when paid from the balance. */
    invoiceId: integer('invoice_id')
      .unique()
      .references(() => invoices.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('crowdfunding_holdings_user').on(t.userId, t.createdAt),
    index('crowdfunding_holdings_project').on(t.projectId, t.status),
    index('crowdfunding_holdings_due').on(t.status, t.paidAt),
  ],
);

/** One payout of a holding: its key is the claim, so a payout is paid once. */
export const crowdfundingPayouts = pgTable(
  'crowdfunding_payouts',
  {
    holdingId: integer('holding_id')
      .notNull()
      .references(() => crowdfundingHoldings.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    profit: money('profit').notNull(),
    body: money('body').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.holdingId, t.number] })],
);

/** What a member on a tariff (a product of the tenant's tariff line) may invest in one project, in total. */
export const crowdfundingTariffCaps = pgTable(
  'crowdfunding_tariff_caps',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The tariff's product (tariff_products.product_id). */
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    cap: money('cap').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.productId] })],
);
