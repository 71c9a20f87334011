// The cart total, promo discount and gateway fee rules (spec §4 "Promo code", §9 "Cart total"), once, for
// the portal (what the cart shows) and the reference server (what the invoice charges; its total is the
// authoritative one). Decimal strings in, Decimal strings with 2 decimals out, through money.ts.
import { billingCycleMonths } from './limits';
import { add, compare, multiply, subtract, sum, toFixed, type Decimal } from './money';

/** onetime, monthly, quartally, semiannually, annually (spec §3 "Product"). */
export type BillingCycle = keyof typeof billingCycleMonths;
export const billingCycles = Object.keys(billingCycleMonths) as BillingCycle[];
export const isBillingCycle = (value: unknown): value is BillingCycle =>
  typeof value === 'string' && Object.hasOwn(billingCycleMonths, value);

/** units: a flat amount off; percent: that percent of the cart total (spec §9). */
export const discountTypes = ['units', 'percent'] as const;
export type DiscountType = (typeof discountTypes)[number];

export interface PricedLine {
  qty: number;
  /** The price of the line's billing cycle (price_onetime for onetime, price_monthly for monthly, ...). */
  price: Decimal;
}

export interface PromoDiscount {
  discount: Decimal;
  discount_type: DiscountType;
}

export interface CartTotals {
  subtotal: Decimal;
  discount: Decimal;
  total: Decimal;
}

const cents = (value: Decimal) => toFixed(value, 2);
const atMost = (value: Decimal, limit: Decimal) => (compare(value, limit) > 0 ? limit : value);

/** One line: qty × the cycle's price. */
export const lineAmount = (line: PricedLine): Decimal => cents(multiply(line.price, line.qty));

/** What a promo code takes off a subtotal: never more than the subtotal; percent rounded half-up to cents. */
export function discountOf(subtotal: Decimal, promo: PromoDiscount | null | undefined): Decimal {
  if (!promo) return '0.00';
  const off = promo.discount_type === 'percent' ? multiply(subtotal, multiply(promo.discount, '0.01')) : promo.discount;
  return cents(atMost(cents(off), subtotal));
}

/** The cart's subtotal (sum of the lines), the promo discount and the total (never below zero). */
export function cartTotals(lines: readonly PricedLine[], promo?: PromoDiscount | null): CartTotals {
  const subtotal = cents(sum(lines.map(lineAmount)));
  const discount = discountOf(subtotal, promo);
  return { subtotal, discount, total: cents(subtract(subtotal, discount)) };
}

/** A gateway's fee on an amount: percent of it, rounded half-up to cents, plus a fixed part. */
export const gatewayFee = (amount: Decimal, rule: { percent: Decimal; fixed: Decimal }): Decimal =>
  cents(add(cents(multiply(amount, multiply(rule.percent, '0.01'))), rule.fixed));
