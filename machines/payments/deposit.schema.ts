// Deposit amount rules (spec §5 "Deposit", §9 "Deposit amount"): required, 10 to 50000 in the deposit's
// currency; typed as digits and one decimal point, 5 characters at most, with no leading zero.
import { compare, isDecimalString } from '../../domain/money';
import { depositAmount } from '../../domain/limits';
import type { DepositAmountError } from './deposit.types';

/** What the amount field lets through while typing (anything else is not taken). */
export const isTypeableAmount = (value: string) => value.length <= depositAmount.maxLength && /^(?:[1-9]\d*(?:\.\d*)?)?$/.test(value);

/** The amount's error, or null when it can be deposited. */
export function depositAmountError(amount: string): DepositAmountError | null {
  const value = amount.replace(/\.$/, '');
  if (!value || !isDecimalString(value)) return 'required';
  if (compare(value, depositAmount.min) < 0) return 'min';
  if (compare(value, depositAmount.max) > 0) return 'max';
  return null;
}
