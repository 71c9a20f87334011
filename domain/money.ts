// Money (DESIGN §3, §6): amounts are Decimal strings with their currency, and every sum, product and
// comparison goes through big.js (exact decimal arithmetic), never through Number or a float. big.js was
// chosen over dinero.js: amounts arrive as Decimal strings of any scale (fiat with 2 decimals, tokens with
// 8 and more), which big.js takes as they are, while dinero.js needs a currency table with a fixed scale for
// every token a tenant may hold.
import Big from 'big.js';

/** A Decimal string as the contract sends it: "49.90", "-3", "0.00012". */
export type Decimal = string;

export interface Money {
  amount: Decimal;
  currency: string;
}

const isDecimal = (value: string) => /^-?\d+(\.\d+)?$/.test(value.trim());

/** Reads a Decimal string; anything else is a programming error, not zero. */
function big(value: Decimal): Big {
  if (!isDecimal(value)) throw new TypeError(`Not a decimal amount: "${value}"`);
  return new Big(value.trim());
}

/** The exact sum of Decimal strings. */
export function sum(values: readonly Decimal[]): Decimal {
  return values.reduce((total, value) => total.plus(big(value)), new Big(0)).toString();
}

export const add = (a: Decimal, b: Decimal): Decimal => big(a).plus(big(b)).toString();
export const subtract = (a: Decimal, b: Decimal): Decimal => big(a).minus(big(b)).toString();
/** A Decimal times a count (quantities) or another Decimal (rates). */
export const multiply = (a: Decimal, b: Decimal | number): Decimal =>
  big(a)
    .times(typeof b === 'number' ? new Big(b) : big(b))
    .toString();
/** A Decimal divided by a count or another Decimal, rounded half-up to `places` decimals. */
export const divide = (a: Decimal, b: Decimal | number, places = 2): Decimal =>
  big(a).div(typeof b === 'number' ? new Big(b) : big(b)).round(places, Big.roundHalfUp).toFixed(places);
/** a ÷ b to `places` decimals, rounded up (what a payer must send so that it covers `a`). */
export const divideRoundingUp = (a: Decimal, b: Decimal, places: number): Decimal =>
  big(a).div(big(b)).round(places, Big.roundUp).toFixed(places);
/** a ÷ b to `places` decimals, rounded toward zero (what a payment buys, never more than it paid for). */
export const divideRoundingDown = (a: Decimal, b: Decimal, places: number): Decimal =>
  big(a).div(big(b)).round(places, Big.roundDown).toFixed(places);
/** The value without trailing zeros ("100.50000000" is "100.5", "100" stays "100"): how a bound reads in a message. */
export const plain = (value: Decimal): Decimal => big(value).toFixed();
/** -1, 0 or 1. */
export const compare = (a: Decimal, b: Decimal): -1 | 0 | 1 => big(a).cmp(big(b)) as -1 | 0 | 1;
export const isZero = (value: Decimal): boolean => big(value).eq(0);
export const isDecimalString = isDecimal;

/** Rounded half-up to `places` decimals, as a fixed-point string ("1234.50"). */
export const toFixed = (value: Decimal, places = 2): string => big(value).round(places, Big.roundHalfUp).toFixed(places);
/** An amount in cents as money columns and the contract carry it: two decimals, rounded half-up ("49.90"). */
export const cents = (value: Decimal): Decimal => toFixed(value, 2);
/**
 * Money received from outside (a gateway's amount times its rate) in cents, rounded toward zero: a fraction of a
 * cent that did not arrive is never credited, in nobody's favour.
 */
export const centsReceived = (value: Decimal): Decimal => big(value).round(2, Big.roundDown).toFixed(2);
/** An amount cut toward zero to `places` decimals (what a money column of that scale can hold exactly). */
export const truncate = (value: Decimal, places: number): Decimal => big(value).round(places, Big.roundDown).toFixed(places);
/** The integer digits of an amount (without sign), to check it fits a column before it is written. */
export const integerDigits = (value: Decimal): number => big(value).abs().round(0, Big.roundDown).toFixed(0).replace(/^0$/, '').length;

/** The integer part and the fraction of a fixed-point amount, for a formatter that must not see a float. */
export function splitFixed(value: Decimal, places = 2): { negative: boolean; whole: string; fraction: string } {
  const fixed = toFixed(value, places);
  const negative = fixed.startsWith('-') && !/^-0(\.0+)?$/.test(fixed);
  const [whole = '0', fraction = ''] = fixed.replace(/^-/, '').split('.');
  return { negative, whole, fraction };
}

/**
 * Where `value` lies between `low` and `high`, from 0 to 1 (0.5 when they are equal): a position on a chart's
 * axis. The only float an amount becomes, and only for drawing; every shown figure stays a Decimal.
 */
export function positionBetween(value: Decimal, low: Decimal, high: Decimal): number {
  const span = big(high).minus(big(low));
  if (span.eq(0)) return 0.5;
  return big(value).minus(big(low)).div(span).toNumber();
}

/** The smallest and largest of Decimal strings (both "0" for none). */
export function extent(values: readonly Decimal[]): { low: Decimal; high: Decimal } {
  if (values.length === 0) return { low: '0', high: '0' };
  let low = big(values[0]!);
  let high = low;
  for (const value of values) {
    const next = big(value);
    if (next.lt(low)) low = next;
    if (next.gt(high)) high = next;
  }
  return { low: low.toString(), high: high.toString() };
}

/** What an amount field lets through while typing (spec §5 numeric rules): digits and one decimal point, no leading zero, cents. */
export const isTypeableAmountInput = (value: string) => /^(?:[1-9]\d{0,11}(?:\.\d{0,2})?)?$/.test(value);

/** A typed amount as it is sent: a trailing decimal point dropped. */
export const sentAmountInput = (value: string) => value.replace(/\.$/, '');
