// The ROI calculator's inputs (spec §5 numeric rules; issue 27 "ROI calculator"): the amount like any amount
// (digits and one decimal point, no leading zero, two decimals), a rate and a penalty in percent (up to four
// decimals, below 1000), whole days per period (1-3650) and periods (1-120, what a schedule table can show).
import type { InvestPlanTerms } from '../../domain/investments';
import { compare, isDecimalString } from '../../domain/money';
import type { ManualField, ManualTerms, RoiCalculatorContext } from './roi-calculator.types';

export const manualBounds = { periodDays: { min: 1, max: 3650 }, periods: { min: 1, max: 120 } } as const;

const typeable: Record<ManualField | 'amount', RegExp> = {
  amount: /^(?:[1-9]\d{0,11}(?:\.\d{0,2})?)?$/,
  ratePercent: /^(?:(?:0|[1-9]\d{0,2})(?:\.\d{0,4})?)?$/,
  penaltyPercent: /^(?:(?:0|[1-9]\d?)(?:\.\d{0,4})?|100)?$/,
  periodDays: /^(?:[1-9]\d{0,3})?$/,
  periods: /^(?:[1-9]\d{0,2})?$/,
};

/** What a field lets through while typing (anything else is not taken). */
export const isTypeable = (field: ManualField | 'amount', value: string) => typeable[field].test(value);

const withoutPoint = (value: string) => value.replace(/\.$/, '');
const within = (value: string, { min, max }: { min: number; max: number }) => {
  const whole = Number.parseInt(value, 10);
  return Number.isInteger(whole) && whole >= min && whole <= max;
};

/** The terms typed by hand, once every field holds a usable value (capital comes back at the term). */
export function manualTermsOf(manual: ManualTerms): InvestPlanTerms | null {
  const rate = withoutPoint(manual.ratePercent);
  const penalty = withoutPoint(manual.penaltyPercent) || '0';
  if (!isDecimalString(rate) || compare(rate, '0') <= 0 || !isDecimalString(penalty)) return null;
  if (!within(manual.periodDays, manualBounds.periodDays) || !within(manual.periods, manualBounds.periods)) return null;
  return {
    ratePercent: rate,
    periodDays: Number.parseInt(manual.periodDays, 10),
    periods: Number.parseInt(manual.periods, 10),
    compounding: manual.compounding,
    capitalBack: true,
    penaltyPercent: penalty,
  };
}

/** The amount and terms to estimate with, or null while something is missing. */
export function estimateInputs(context: RoiCalculatorContext): { amount: string; terms: InvestPlanTerms } | null {
  const amount = withoutPoint(context.amount);
  if (!isDecimalString(amount) || compare(amount, '0') <= 0) return null;
  const terms = context.plan ?? manualTermsOf(context.manual);
  return terms ? { amount, terms } : null;
}
