// Buying an asset from a merchant (issue 27): the member says what they pay in the balance's currency, and the
// asset's wallet receives that amount at the quoted rate, rounded toward zero to the wallet's 8 decimals
// (never more than was paid for). The quote page and the server use this one rule.
import { compare, divideRoundingDown, isDecimalString, type Decimal } from './money';
import { exchangeRateLock } from './timing';

/** Decimals an asset's wallet holds (money columns' scale). */
export const assetDecimals = 8;

/** What paying `amount` at `rate` (price of one unit in the pay currency) buys. */
export const assetFor = (amount: Decimal, rate: Decimal): Decimal => divideRoundingDown(amount, rate, assetDecimals);

/** What is wrong with a typed amount to pay: nothing typed, or below or above the asset's bounds. */
export type PayAmountError = 'required' | 'min' | 'max';

/** What the amount field lets through while typing (spec §5 numeric rules): digits and one decimal point, no leading zero, cents. */
export const isTypeablePayAmount = (value: string) => /^(?:[1-9]\d{0,11}(?:\.\d{0,2})?)?$/.test(value);

/** The typed amount's error against the asset's bounds, or null when it can be quoted. */
export function payAmountError(amount: string, bounds: { min: Decimal; max: Decimal }): PayAmountError | null {
  const value = amount.replace(/\.$/, '');
  if (!value || !isDecimalString(value)) return 'required';
  if (compare(value, bounds.min) < 0) return 'min';
  if (compare(value, bounds.max) > 0) return 'max';
  return null;
}

/**
 * When a quote's price lock ends as this device sees it: the lock's length on the server's clock (created to
 * expires), counted from when the quote arrived here, so a device clock ahead of or behind the server's neither
 * ends it at once nor stretches it; never longer than the 15-minute lock.
 */
export function quoteDeadline(receivedAt: number, quote: { createdAt: string; expiresAt: string }): number {
  const length = Date.parse(quote.expiresAt) - Date.parse(quote.createdAt);
  return receivedAt + (Number.isFinite(length) ? Math.max(0, Math.min(length, exchangeRateLock)) : exchangeRateLock);
}
