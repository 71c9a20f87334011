// The cart total, promo discount and gateway fee rules (spec §4 "Promo code", §9 "Cart total"), once, for
// the portal (what the cart shows) and the reference server (what the invoice charges; its total is the
// authoritative one). Decimal strings in, Decimal strings with 2 decimals out, through money.ts.
import { billingCycleMonths } from './limits';
import { add, cents, compare, divide, multiply, subtract, sum, type Decimal } from './money';

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
  /** A recurrent line's setup fee: the product's one-time price (setupFeeOf), paid per unit with the first cycle. */
  setupFee?: Decimal | null;
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

const atMost = (value: Decimal, limit: Decimal) => (compare(value, limit) > 0 ? limit : value);

/**
 * The setup fee of a line (spec §9 "Cart total": qty times onetime price, plus the cycle price for recurrent
 * items): a recurrent line of a product that has a one-time price adds it; a one-time line is that price alone.
 */
export const setupFeeOf = (cycle: BillingCycle, onetimePrice: Decimal | null | undefined): Decimal | null =>
  cycle !== 'onetime' && onetimePrice != null ? onetimePrice : null;

/** One line: qty × (the cycle's price + the setup fee of a recurrent line). */
export const lineAmount = (line: PricedLine): Decimal => cents(multiply(add(line.price, line.setupFee ?? '0'), line.qty));

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

// ---------------------------------------------------------------- tariffs

/** `months` calendar months after `from` (UTC), as a purchase's active_till is counted. */
export function addMonths(from: Date, months: number): Date {
  const date = new Date(from.getTime());
  date.setUTCMonth(date.getUTCMonth() + months);
  return date;
}

const dayMs = 24 * 60 * 60_000;

export interface UpgradeProration {
  /** What the unused part of the current tariff is worth. */
  credit: Decimal;
  /** Whole days left of the current tariff (null for a one-time purchase, which never ends). */
  daysLeft: number | null;
  /** Days of one cycle of the current tariff (null for a one-time purchase). */
  daysInCycle: number | null;
  /** What the upgrade costs: the new price less the credit, never below zero. */
  difference: Decimal;
}

/**
 * The proration rule of an upgrade (UpgradeCart in the contract), one function for the portal and the server:
 * - A recurrent current tariff is worth its cycle price × (whole days left ÷ days of one cycle), rounded
 *   half-up to cents. The cycle is the `months` of its billing cycle before active_till; days left are the
 *   whole days from now to active_till (a tariff paid for several cycles ahead counts them all).
 * - A one-time current tariff is worth what was paid for it.
 * - The upgrade costs the new tariff's price in the chosen cycle less that credit, never below zero; the
 *   new tariff runs from the moment it is paid for one whole cycle, and the current one ends then.
 */
export function upgradeProration(input: {
  currentPrice: Decimal;
  currentCycle: BillingCycle;
  currentActiveTill: Date | null;
  newPrice: Decimal;
  now: Date;
}): UpgradeProration {
  const months = billingCycleMonths[input.currentCycle];
  let credit = cents(input.currentPrice);
  let daysLeft: number | null = null;
  let daysInCycle: number | null = null;
  if (months > 0 && input.currentActiveTill) {
    const till = input.currentActiveTill.getTime();
    daysInCycle = Math.max(1, Math.round((till - addMonths(input.currentActiveTill, -months).getTime()) / dayMs));
    daysLeft = Math.max(0, Math.floor((till - input.now.getTime()) / dayMs));
    credit = divide(multiply(input.currentPrice, daysLeft), daysInCycle);
  }
  const difference = subtract(input.newPrice, credit);
  return { credit, daysLeft, daysInCycle, difference: compare(difference, '0') < 0 ? '0.00' : cents(difference) };
}
