// The activation amount's rules (spec §5 "Numeric inputs: digits and one decimal point only, no leading zero";
// issue 27 "an amount within the plan's bounds"): typed as digits with one decimal point and at most two
// decimals, never starting with a zero; required, and from the plan's min_amount to its max_amount.
import { compare, isDecimalString } from '../../domain/money';
import type { InvestPlan } from './investments.types';
import type { ActivateAmountError } from './invest-activate.types';

/** What the amount field lets through while typing (anything else is not taken). */
export const isTypeableAmount = (value: string) => value.length <= 15 && /^(?:[1-9]\d*(?:\.\d{0,2})?)?$/.test(value);

/** The amount as it is sent: a trailing decimal point dropped. */
export const sentAmount = (amount: string) => amount.replace(/\.$/, '');

/** The amount's error against the plan's bounds, or null when it may be invested. */
export function activateAmountError(amount: string, plan: Pick<InvestPlan, 'minAmount' | 'maxAmount'>): ActivateAmountError | null {
  const value = sentAmount(amount);
  if (!value || !isDecimalString(value)) return 'required';
  if (compare(value, plan.minAmount) < 0) return 'min';
  if (compare(value, plan.maxAmount) > 0) return 'max';
  return null;
}
