// Investment plans (issue 27, spec §1 "investment plans", §4 "Investment plan"): the tenant's plans, the
// members' investments in them, and one row per accrued period, whose key (investment, period) is how the
// accrual job claims a period: two server processes or a restart accrue each period once.
import { boolean, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';
import { users } from '../account/tables';
import { tenants } from '../shell/tables';
import type { InvestmentStatus } from '../../../domain/investments';

/** A percentage ("2" is 2 %, "12.5" is 12.5 %). */
const percent = (name: string) => numeric(name, { precision: 9, scale: 4 });

/** The terms of a plan; an investment keeps a copy of them as they were when it started. */
const terms = () => ({
  currency: text('currency').notNull(),
  ratePercent: percent('rate_percent').notNull(),
  periodDays: integer('period_days').notNull(),
  periods: integer('periods').notNull(),
  compounding: boolean('compounding').notNull(),
  capitalBack: boolean('capital_back').notNull(),
  penaltyPercent: percent('penalty_percent').notNull(),
});

export const investPlans = pgTable(
  'invest_plans',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...terms(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('invest_plans_tenant').on(t.tenantId, t.sortOrder)],
);

/** A member's plan: the amount put in, the plan's terms then, and how far it has come. */
export const investments = pgTable(
  'investments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => investPlans.id),
    amount: money('amount').notNull(),
    ...terms(),
    status: text('status').$type<InvestmentStatus>().notNull().default('active'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Periods accrued so far: the job moves it on one period at a time, under the row's lock. */
    periodsDone: integer('periods_done').notNull().default(0),
    accrued: money('accrued').notNull().default('0'),
    paidOut: money('paid_out').notNull().default('0'),
    /** Stopped by the member before the term: the penalty it gave up and what it paid. */
    stoppedEarly: boolean('stopped_early').notNull().default(false),
    penalty: money('penalty'),
    stopPayout: money('stop_payout'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('investments_user').on(t.userId, t.status), index('investments_due').on(t.status, t.startedAt)],
);

/** One accrued period of an investment: its key is the claim, so a period is accrued once. */
export const investmentAccruals = pgTable(
  'investment_accruals',
  {
    investmentId: integer('investment_id')
      .notNull()
      .references(() => investments.id, { onDelete: 'cascade' }),
    period: integer('period').notNull(),
    profit: money('profit').notNull(),
    accruedAt: timestamp('accrued_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.investmentId, t.period] })],
);
