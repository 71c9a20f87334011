// Investment plans (issue 27): the tenant's plans, a member's investments, activating one from the balance,
// the early-stop quote and stop, and the accrual job. What a plan earns and what stopping pays come from
// domain/investments.ts, the rule the portal's views and calculator use too, so every figure agrees to the cent.
// Money moves in one transaction each, on locked rows, with ledger entry keys that make every movement once:
//   invest:<id>:activate  INVESTMENT_PLAN_ACTIVATE  the amount off the balance
//   invest:<id>:period:<k> INVESTMENT_PLAN_WITHDRAW a simple plan's profit of period k to the balance
//   invest:<id>:finished  INVESTMENT_PLAN_FINISHED  what the plan hands back at its term
//   invest:<id>:stopped   INVESTMENT_PLAN_STOPPED   what stopping early pays
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withIdempotency } from '../../db/idempotency';
import type { UserRow } from '../../context';
import { appError, validationError } from '../../errors';
import { requireWithin } from '../../validation';
import {
  accrualDueAt,
  investSchedule,
  periodsDueAt,
  planTotals,
  stopQuote as quoteStop,
  termPayout,
  type InvestmentStatus,
  type InvestPlanTerms,
  type StopQuote,
} from '../../../domain/investments';
import { add, isZero, plain } from '../../../domain/money';
import { hasModule, type TenantRow } from '../shell/service';
import { creditWallet, debitWallet } from '../wallet/ledger';
import { investmentAccruals, investments, investPlans } from './tables';

type PlanRow = typeof investPlans.$inferSelect;
type InvestmentRow = typeof investments.$inferSelect;

/** Digits and one decimal point, no leading zero, at most two decimals (spec §5 numeric rules). */
const amountPattern = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;

export async function requireInvestPlans(db: Db, tenant: TenantRow): Promise<void> {
  if (!(await hasModule(db, tenant.id, 'invest_plans'))) throw appError('not_found', 'This portal has no investment plans.');
}

const termsOf = (row: PlanRow | InvestmentRow): InvestPlanTerms => ({
  ratePercent: row.ratePercent,
  periodDays: row.periodDays,
  periods: row.periods,
  compounding: row.compounding,
  capitalBack: row.capitalBack,
  penaltyPercent: row.penaltyPercent,
});

/** A plan as the contract sends it. */
export function planView(row: PlanRow) {
  return {
    id: String(row.id),
    name: row.name,
    description: row.description,
    currency: row.currency,
    rate_percent: row.ratePercent,
    period_days: row.periodDays,
    periods: row.periods,
    compounding: row.compounding,
    capital_back: row.capitalBack,
    min_amount: row.minAmount,
    max_amount: row.maxAmount,
    penalty_percent: row.penaltyPercent,
  };
}

/** A member's plan as the contract sends it, with the figures the rule gives for where it stands. */
function investmentView(row: InvestmentRow, plan: PlanRow) {
  const terms = termsOf(row);
  const active = row.status === 'active';
  return {
    id: String(row.id),
    plan: planView(plan),
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    started_at: row.startedAt.toISOString(),
    ends_at: accrualDueAt(row.startedAt, terms, terms.periods).toISOString(),
    accrued: row.accrued,
    paid_out: row.paidOut,
    final_amount: planTotals(row.amount, terms).finalAmount,
    next_accrual_at: active ? accrualDueAt(row.startedAt, terms, row.periodsDone + 1).toISOString() : null,
    periods_done: row.periodsDone,
    stopped_early: row.stoppedEarly,
    penalty: row.penalty,
    stop_payout: row.stopPayout,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export const tenantPlans = (db: Db, tenant: TenantRow) =>
  db.select().from(investPlans).where(eq(investPlans.tenantId, tenant.id)).orderBy(asc(investPlans.sortOrder), asc(investPlans.id));

export async function myInvestments(db: Db, user: UserRow, status: InvestmentStatus | null) {
  const rows = await db
    .select({ investment: investments, plan: investPlans })
    .from(investments)
    .innerJoin(investPlans, eq(investPlans.id, investments.planId))
    .where(and(eq(investments.userId, user.id), status ? eq(investments.status, status) : undefined))
    .orderBy(desc(investments.startedAt), desc(investments.id));
  return rows.map(({ investment, plan }) => investmentView(investment, plan));
}

async function ownInvestment(db: Db, user: UserRow, id: number, lock = false) {
  const query = db
    .select({ investment: investments, plan: investPlans })
    .from(investments)
    .innerJoin(investPlans, eq(investPlans.id, investments.planId))
    .where(and(eq(investments.id, id), eq(investments.userId, user.id)));
  const [row] = lock ? await query.for('update', { of: investments }) : await query;
  if (!row) throw appError('not_found', 'No such investment plan.');
  return row;
}

/** Activates a plan with `amount` from the balance of its currency: one debit, once per idempotency key. */
export async function activatePlan(
  db: Db,
  user: UserRow,
  tenant: TenantRow,
  input: { planId: number; amount: string; idempotencyKey: string | null },
  now = new Date(),
) {
  const amount = input.amount.trim();
  if (!amountPattern.test(amount)) throw validationError({ amount: ['decimal'] });
  const [plan] = await db
    .select()
    .from(investPlans)
    .where(and(eq(investPlans.id, input.planId), eq(investPlans.tenantId, tenant.id)));
  if (!plan) throw appError('not_found', 'No such investment plan.');
  const bounds = { min: plan.minAmount, max: plan.maxAmount };
  requireWithin(amount, bounds, (bound, limit) => `The ${bound} for this plan is ${plain(limit)} ${plan.currency}.`);
  const request = { plan: plan.id, amount };
  const { id } = await withIdempotency(db, user.id, 'moduleInvestActivate', input.idempotencyKey, request, async (tx) => {
    const [made] = await tx
      .insert(investments)
      .values({ userId: user.id, planId: plan.id, amount, ...termsOf(plan), currency: plan.currency, startedAt: now })
      .returning({ id: investments.id });
    const debited = await debitWallet(tx, {
      userId: user.id,
      currency: plan.currency,
      amount,
      type: 'INVESTMENT_PLAN_ACTIVATE',
      entryKey: `invest:${made!.id}:activate`,
      note: `Investment plan ${plan.name}`,
      details: { subject: plan.name },
    });
    // The transaction is rolled back with the error: no plan without its debit.
    if (!debited) throw appError('conflict', 'Insufficient balance for an invoice.', { reason: 'InsufficientBalance' });
    return { id: made!.id };
  });
  const row = await ownInvestment(db, user, id);
  return investmentView(row.investment, row.plan);
}

/** What stopping the plan now would pay and give up (after the periods already due). */
export async function stopQuoteOf(db: Db, user: UserRow, id: number, now = new Date()): Promise<StopQuote> {
  const { investment } = await ownInvestment(db, user, id);
  if (investment.status !== 'active') throw appError('conflict', 'This plan has finished.', { reason: 'InvestmentFinished' });
  const terms = termsOf(investment);
  return quoteStop(investment.amount, terms, Math.max(investment.periodsDone, periodsDueAt(investment.startedAt, terms, now)));
}

/** Stops the plan early: the periods due are accrued first, then the quote's payout goes to the balance, once. */
export async function stopPlan(db: Db, user: UserRow, input: { id: number; idempotencyKey: string | null }, now = new Date()) {
  await withIdempotency(db, user.id, 'moduleInvestStop', input.idempotencyKey, { id: input.id }, async (tx) => {
    const { investment } = await ownInvestment(tx, user, input.id, true);
    if (investment.status !== 'active') {
      if (investment.stoppedEarly) return { id: investment.id };
      throw appError('conflict', 'This plan has finished.', { reason: 'InvestmentFinished' });
    }
    const current = await accrueDue(tx, investment, now);
    if (current.status !== 'active') return { id: investment.id };
    const quote = quoteStop(current.amount, termsOf(current), current.periodsDone);
    if (!isZero(quote.payout)) {
      await creditWallet(tx, {
        userId: user.id,
        currency: current.currency,
        amount: quote.payout,
        type: 'INVESTMENT_PLAN_STOPPED',
        entryKey: `invest:${current.id}:stopped`,
        note: 'Investment plan stopped early',
      });
    }
    await tx
      .update(investments)
      .set({ status: 'finished', stoppedEarly: true, penalty: quote.penalty, stopPayout: quote.payout, paidOut: add(current.paidOut, quote.payout), finishedAt: now })
      .where(eq(investments.id, current.id));
    return { id: investment.id };
  });
  const row = await ownInvestment(db, user, input.id);
  return investmentView(row.investment, row.plan);
}

/**
 * Accrues the periods of a locked, active investment that are due at `now`, one by one, and finishes it at its
 * term. Each period is claimed by its (investment, period) row; a claimed one is never paid again.
 */
async function accrueDue(tx: Db, investment: InvestmentRow, now: Date): Promise<InvestmentRow> {
  const terms = termsOf(investment);
  const due = periodsDueAt(investment.startedAt, terms, now);
  if (due <= investment.periodsDone) return investment;
  const schedule = investSchedule(investment.amount, terms);
  for (let period = investment.periodsDone + 1; period <= due; period += 1) {
    const row = schedule[period]!;
    const claimed = await tx
      .insert(investmentAccruals)
      .values({ investmentId: investment.id, period, profit: row.profit, accruedAt: accrualDueAt(investment.startedAt, terms, period) })
      .onConflictDoNothing()
      .returning({ period: investmentAccruals.period });
    if (claimed.length && !terms.compounding && !isZero(row.profit)) {
      await creditWallet(tx, {
        userId: investment.userId,
        currency: investment.currency,
        amount: row.profit,
        type: 'INVESTMENT_PLAN_WITHDRAW',
        entryKey: `invest:${investment.id}:period:${period}`,
        note: `Investment plan profit, period ${period}`,
        details: { count: period },
      });
    }
  }
  const reached = schedule[due]!;
  const finished = due === terms.periods;
  if (finished) {
    const payout = termPayout(investment.amount, terms);
    if (!isZero(payout)) {
      await creditWallet(tx, {
        userId: investment.userId,
        currency: investment.currency,
        amount: payout,
        type: 'INVESTMENT_PLAN_FINISHED',
        entryKey: `invest:${investment.id}:finished`,
        note: 'Investment plan finished',
      });
    }
  }
  const [updated] = await tx
    .update(investments)
    .set({
      periodsDone: due,
      accrued: reached.accrued,
      paidOut: finished ? add(reached.paidOut, termPayout(investment.amount, terms)) : reached.paidOut,
      ...(finished ? { status: 'finished' as const, finishedAt: accrualDueAt(investment.startedAt, terms, terms.periods) } : {}),
    })
    .where(eq(investments.id, investment.id))
    .returning();
  return updated!;
}

/**
 * The accrual job (`investments.accrue`): every active investment with a period due at `now`, each in its own
 * transaction; a row another process holds is skipped (that process accrues it).
 */
export async function runAccrualJob(db: Db, now = new Date()): Promise<{ investments: number; periods: number; finished: number }> {
  const due = await db
    .select({ id: investments.id })
    .from(investments)
    .where(
      and(
        eq(investments.status, 'active'),
        lte(sql`${investments.startedAt} + (${investments.periodsDone} + 1) * ${investments.periodDays} * interval '1 day'`, now),
      ),
    )
    .orderBy(asc(investments.id));
  let touched = 0;
  let periods = 0;
  let finished = 0;
  for (const { id } of due) {
    const outcome = await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [locked] = await tx
        .select()
        .from(investments)
        .where(and(eq(investments.id, id), eq(investments.status, 'active')))
        .for('update', { skipLocked: true });
      if (!locked) return null;
      const after = await accrueDue(tx, locked, now);
      return { periods: after.periodsDone - locked.periodsDone, finished: after.status === 'finished' };
    });
    if (!outcome || !outcome.periods) continue;
    touched += 1;
    periods += outcome.periods;
    if (outcome.finished) finished += 1;
  }
  return { investments: touched, periods, finished };
}
