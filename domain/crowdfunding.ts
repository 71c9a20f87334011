// Crowdfunding (spec §1, §4 "Project: active, finished", §6 "tariff limits crowdfunding investment"; calls §8, §9):
// the one rule for what a holding pays and when, and when a project takes no more money. The server's payout job,
// the briefcase's "next payout" and the project page's confirmation all call these functions, so they agree.
//
// The rule for a holding of `amount` in a project with a yearly return of `returnPercent` %, paid every
// `payoutPeriodMonths` months for `termMonths` months, counted from the day the holding was paid:
// - payout k (k = 1 … termMonths / payoutPeriodMonths) falls due k periods after the holding was paid;
// - each payout's profit is amount × returnPercent % × payoutPeriodMonths / 12, cut to the cent toward zero;
// - the last payout also hands back the body (the amount invested);
// - a project that has not reached its goal by its end refunds every holding to the balance, once: its amount less
//   what its payouts already paid, so nobody ends with more than they put in.
import { add, compare, divideRoundingDown, multiply, subtract, toFixed, type Decimal } from './money';
import { addMonths } from './pricing';

/** Project statuses (spec §4, calls §4). */
export const projectStatuses = ['active', 'finished'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

/**
 * A holding is pending while its payment settles (an invoice), active while it pays out, completed once its
 * body is back, refunded when the project missed its goal.
 */
export const holdingStatuses = ['pending', 'active', 'completed', 'refunded'] as const;
export type HoldingStatus = (typeof holdingStatuses)[number];

export interface ProjectTerms {
  /** Yearly return, in percent ("12" is 12 % a year). */
  returnPercent: Decimal;
  /** Months between payouts (1 = monthly). */
  payoutPeriodMonths: number;
  /** Months from the holding's payment to the return of its body; a whole number of payout periods. */
  termMonths: number;
}

export interface Payout {
  /** 1 … payoutCount(terms). */
  number: number;
  dueAt: Date;
  profit: Decimal;
  /** The amount invested, on the last payout only; else "0.00". */
  body: Decimal;
}

export const payoutCount = (terms: ProjectTerms): number => Math.floor(terms.termMonths / terms.payoutPeriodMonths);

/** One payout's profit on `amount`: amount × return % × period months / 12, cut to the cent toward zero. */
export const payoutProfit = (amount: Decimal, terms: ProjectTerms): Decimal =>
  divideRoundingDown(multiply(multiply(amount, terms.returnPercent), terms.payoutPeriodMonths), '1200', 2);

/** When payout `number` of a holding paid at `paidAt` falls due. */
export const payoutDueAt = (paidAt: Date, terms: ProjectTerms, number: number): Date =>
  addMonths(paidAt, number * terms.payoutPeriodMonths);

/** Every payout of a holding, in order. */
export function payoutSchedule(amount: Decimal, paidAt: Date, terms: ProjectTerms): Payout[] {
  const count = payoutCount(terms);
  const profit = payoutProfit(amount, terms);
  return Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    dueAt: payoutDueAt(paidAt, terms, index + 1),
    profit,
    body: index + 1 === count ? divideRoundingDown(amount, '1', 2) : '0.00',
  }));
}

/** How many payouts of a holding paid at `paidAt` are due at `now`. */
export function payoutsDueAt(paidAt: Date, terms: ProjectTerms, now: Date): number {
  const count = payoutCount(terms);
  let due = 0;
  while (due < count && payoutDueAt(paidAt, terms, due + 1).getTime() <= now.getTime()) due += 1;
  return due;
}

/** What a holding pays over its life: every profit and the body. */
export function holdingTotal(amount: Decimal, terms: ProjectTerms): Decimal {
  return toFixed(add(multiply(payoutProfit(amount, terms), payoutCount(terms)), amount), 2);
}

/** The part of the goal nobody has paid or reserved yet (never below zero). */
export function goalLeft(goal: Decimal, raised: Decimal, pending: Decimal): Decimal {
  const left = subtract(subtract(goal, raised), pending);
  return compare(left, '0') < 0 ? '0' : left;
}

/** Whether a project takes money now: from its start to its end, until its goal is raised (calls §8 otherwise). */
export function fundraisingOpen(
  project: { status: ProjectStatus; startsAt: Date; endsAt: Date; goal: Decimal; raised: Decimal; pending: Decimal },
  now: Date,
): boolean {
  return (
    project.status === 'active' &&
    now.getTime() >= project.startsAt.getTime() &&
    now.getTime() < project.endsAt.getTime() &&
    compare(goalLeft(project.goal, project.raised, project.pending), '0') > 0
  );
}

/**
 * The bounds of one investment: at least `minInvestment` (or what is left of the goal when that is less, so the
 * last investor can close it), at most the member's cap under their tariff and what is left of the goal. `max`
 * below `min` means the member cannot invest now; `limitedBy` says which bound holds them back.
 */
export function investBounds(input: { minInvestment: Decimal; available: Decimal; viewerCap: Decimal }): {
  min: Decimal;
  max: Decimal;
  limitedBy: 'goal' | 'cap';
} {
  const min = compare(input.available, input.minInvestment) < 0 ? input.available : input.minInvestment;
  const capBinds = compare(input.viewerCap, input.available) < 0;
  return { min, max: capBinds ? input.viewerCap : input.available, limitedBy: capBinds ? 'cap' : 'goal' };
}

/** What is wrong with a typed investment, checked in this order; null when it may be invested. */
export type InvestAmountProblem = 'required' | 'min' | 'cap' | 'goal' | 'balance';

export function investAmountProblem(
  amount: Decimal,
  input: { minInvestment: Decimal; available: Decimal; viewerCap: Decimal; balance: Decimal },
): InvestAmountProblem | null {
  if (!/^\d+(\.\d+)?$/.test(amount) || compare(amount, '0') <= 0) return 'required';
  const bounds = investBounds(input);
  if (compare(amount, bounds.min) < 0) return 'min';
  if (compare(amount, input.viewerCap) > 0) return 'cap';
  if (compare(amount, input.available) > 0) return 'goal';
  if (compare(amount, input.balance) > 0) return 'balance';
  return null;
}
