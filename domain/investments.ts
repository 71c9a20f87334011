// Investment plans (spec §1, §4; calls §9 "penalty for early termination is a percentage of the final amount"):
// the one rule for what a plan earns, when, and what stopping it early pays. The server's accrual job, its stop
// quote, the plan's view and the ROI calculator all call these functions, so they agree to the cent.
//
// The rule, period by period (k = 1 … periods):
// - a simple plan earns `rate` % of the amount every period and pays it out to the balance at once;
// - a compounding plan earns `rate` % of the amount plus what it has earned so far, and keeps it in the plan;
// - every period's profit is cut to the cent toward zero (a fraction of a cent is never credited);
// - at the term the plan hands back its capital (when the plan gives capital back) and what it still holds;
//   a plan that does not give capital back uses it up evenly over its periods.
// The final amount is everything the plan pays over its life when it runs to term; the penalty is
// `penalty` % of that final amount, cut to the cent; stopping early pays what the plan holds now (the capital
// still in it and the profit not yet paid out) less the penalty, never below zero and never more than the
// plan would still pay by its term.
import Big from 'big.js';
import type { Decimal } from './money';

/** A member's plan is active until it runs to term or is stopped early (spec §4 "Investment plan"). */
export const investmentStatuses = ['active', 'finished'] as const;
export type InvestmentStatus = (typeof investmentStatuses)[number];

export interface InvestPlanTerms {
  /** Profit per period, in percent ("2" is 2 %). */
  ratePercent: Decimal;
  /** Days in one period. */
  periodDays: number;
  /** Number of periods to the term. */
  periods: number;
  /** Whether each period's profit stays in the plan and earns too (else it is paid out as it is earned). */
  compounding: boolean;
  /** Whether the capital comes back at the term. */
  capitalBack: boolean;
  /** The early-stop penalty, in percent of the final amount. */
  penaltyPercent: Decimal;
}

/** Where a plan stands after some of its periods. */
export interface PlanPosition {
  /** Periods accrued so far (0 … periods). */
  periodsDone: number;
  /** Profit earned so far. */
  accrued: Decimal;
  /** Profit already paid out to the balance. */
  paidOut: Decimal;
  /** What the plan holds for the member now: the capital still in it and the profit not paid out. */
  held: Decimal;
}

export interface ScheduleRow extends PlanPosition {
  /** This period's profit (0.00 for the start row). */
  profit: Decimal;
  /** What stopping the plan right after this period would pay. */
  stopPayout: Decimal;
}

export interface StopQuote {
  /** What the plan would pay over its life if it ran to term. */
  finalAmount: Decimal;
  /** What stopping now gives up: penalty % of the final amount. */
  penalty: Decimal;
  /** What stopping now pays to the balance. */
  payout: Decimal;
}

const cut = (value: Big): Big => value.round(2, Big.roundDown);
const fixed = (value: Big): Decimal => value.toFixed(2);
const DAY_MS = 86_400_000;

/** The profit of period `periodsDone + 1` of a plan of `amount`, given what it has earned so far. */
function periodProfit(amount: Big, accrued: Big, terms: InvestPlanTerms): Big {
  const base = terms.compounding ? amount.plus(accrued) : amount;
  return cut(base.times(new Big(terms.ratePercent)).div(100));
}

/** The capital still in the plan: all of it when it comes back, else what the periods to come have not used. */
function capitalHeld(amount: Big, terms: InvestPlanTerms, periodsDone: number): Big {
  return terms.capitalBack ? amount : cut(amount.times(terms.periods - periodsDone).div(terms.periods));
}

function position(amount: Big, terms: InvestPlanTerms, periodsDone: number, accrued: Big): PlanPosition {
  // Simple plans pay each profit out as it is earned; compounding plans keep it to the term.
  const paidOut = terms.compounding ? new Big(0) : accrued;
  const held = capitalHeld(amount, terms, periodsDone).plus(accrued).minus(paidOut);
  return { periodsDone, accrued: fixed(accrued), paidOut: fixed(paidOut), held: fixed(held) };
}

/** Every period of a plan of `amount`, from the start (row 0) to the term. */
export function investSchedule(amount: Decimal, terms: InvestPlanTerms): ScheduleRow[] {
  const capital = new Big(amount);
  const { finalAmount, penalty } = planTotals(amount, terms);
  const rows: ScheduleRow[] = [];
  let accrued = new Big(0);
  for (let periodsDone = 0; periodsDone <= terms.periods; periodsDone += 1) {
    const profit = periodsDone === 0 ? new Big(0) : periodProfit(capital, accrued, terms);
    accrued = accrued.plus(profit);
    const at = position(capital, terms, periodsDone, accrued);
    rows.push({ ...at, profit: fixed(profit), stopPayout: stopPayout(at, penalty, finalAmount, periodsDone === terms.periods) });
  }
  return rows;
}

/** The profit over the plan's life, the final amount it pays when it runs to term, and the early-stop penalty. */
export function planTotals(amount: Decimal, terms: InvestPlanTerms): { totalProfit: Decimal; finalAmount: Decimal; penalty: Decimal } {
  const capital = new Big(amount);
  let accrued = new Big(0);
  for (let period = 1; period <= terms.periods; period += 1) accrued = accrued.plus(periodProfit(capital, accrued, terms));
  const finalAmount = terms.capitalBack ? capital.plus(accrued) : accrued;
  const penalty = cut(finalAmount.times(new Big(terms.penaltyPercent)).div(100));
  return { totalProfit: fixed(accrued), finalAmount: fixed(finalAmount), penalty: fixed(penalty) };
}

function stopPayout(at: PlanPosition, penalty: Decimal, finalAmount: Decimal, atTerm: boolean): Decimal {
  // At the term nothing is stopped: the plan pays what it holds.
  if (atTerm) return at.held;
  // Stopping early never pays more than the plan would still pay by its term.
  const stillToCome = new Big(finalAmount).minus(new Big(at.paidOut));
  let payout = new Big(at.held).minus(new Big(penalty));
  if (payout.gt(stillToCome)) payout = stillToCome;
  return fixed(payout.lt(0) ? new Big(0) : payout);
}

/** What the plan after `periodsDone` periods would pay, and give up, if it were stopped now. */
export function stopQuote(amount: Decimal, terms: InvestPlanTerms, periodsDone: number): StopQuote {
  const row = investSchedule(amount, terms)[Math.min(Math.max(periodsDone, 0), terms.periods)]!;
  const { finalAmount, penalty } = planTotals(amount, terms);
  return { finalAmount, penalty, payout: row.stopPayout };
}

/** What the plan pays at its term, on top of what it has paid out: the capital if it comes back, and what it holds. */
export const termPayout = (amount: Decimal, terms: InvestPlanTerms): Decimal => investSchedule(amount, terms)[terms.periods]!.held;

/** When period `period` (1 … periods) of a plan started at `startedAt` is due. */
export const accrualDueAt = (startedAt: Date, terms: Pick<InvestPlanTerms, 'periodDays'>, period: number): Date =>
  new Date(startedAt.getTime() + period * terms.periodDays * DAY_MS);

/** The periods that are due at `now` (0 … periods). */
export function periodsDueAt(startedAt: Date, terms: Pick<InvestPlanTerms, 'periodDays' | 'periods'>, now: Date): number {
  const elapsed = Math.floor((now.getTime() - startedAt.getTime()) / (terms.periodDays * DAY_MS));
  return Math.min(Math.max(elapsed, 0), terms.periods);
}
