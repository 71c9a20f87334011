// Deposit amount rules (spec §5 "Deposit", §9 "Deposit amount"): required, 10 to 50000 in the deposit's
// currency; typed as digits and one decimal point, 5 characters at most, with no leading zero.
import { compare, divideRoundingUp, isDecimalString, type Decimal } from '../../domain/money';
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

/**
 * The currencies a member chooses among (spec §2 "choose fiat currency (when wallets exist)"): with wallets,
 * the currencies of their fiat wallets that the tenant takes, or the tenant's when none of them is; without
 * wallets there is no choice.
 */
export function depositCurrencies(offered: readonly string[], hasWallets: boolean, fiatCurrencies: readonly string[]): string[] {
  if (!hasWallets) return [];
  const fiat = offered.filter((currency) => fiatCurrencies.includes(currency));
  return fiat.length > 0 ? fiat : [...offered];
}

/**
 * What a deposit made for a short balance asks for: the shortfall in whole units, rounded up (so it covers
 * it and fits the amount field), and never below the deposit's minimum.
 */
export function depositAmountFor(shortfall: Decimal): string {
  const whole = divideRoundingUp(shortfall, '1', 0);
  return compare(whole, depositAmount.min) < 0 ? depositAmount.min : whole;
}
