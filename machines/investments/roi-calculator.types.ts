import type { InvestPlan } from './investments.types';

/** The terms typed by hand, as typed (digits; the rate and penalty with one decimal point). */
export interface ManualTerms {
  ratePercent: string;
  periodDays: string;
  periods: string;
  compounding: boolean;
  penaltyPercent: string;
}

export type ManualField = 'ratePercent' | 'periodDays' | 'periods' | 'penaltyPercent';

export interface RoiCalculatorContext {
  /** The amount as typed: digits and one decimal point, no leading zero (spec §5). */
  amount: string;
  /** A plan of the tenant, or null: the terms typed by hand. */
  plan: InvestPlan | null;
  manual: ManualTerms;
}

export type RoiCalculatorEvent =
  | { type: 'amount.change'; value: string }
  | { type: 'plan.select'; plan: InvestPlan }
  /** The terms are typed by hand. */
  | { type: 'plan.manual' }
  | { type: 'manual.change'; field: ManualField; value: string }
  | { type: 'compounding.change'; compounding: boolean };
