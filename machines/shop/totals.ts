// The cart's money (spec §4 "Promo code", §9 "Cart total"). Our reading of "qty times onetime price, plus
// the cycle price for recurrent items": every line costs qty × the price of its own billing cycle, so a
// one-time line costs qty × price_onetime and a recurrent line qty × its cycle's price (price_monthly,
// price_quartally, ...); the total is the sum of the lines. A units discount takes a flat amount off the
// total (never below zero); a percent discount takes that percent of the total, rounded half-up to cents.
// These figures are for display: the server computes the total it bills when it creates the invoice.
import { compare, multiply, subtract, sum, toFixed, type Decimal } from '../shared/money';
import type { AppliedPromo, BillingCycle, CartLine, CartProduct } from './shop.types';

export function cyclePrice(product: CartProduct, cycle: BillingCycle): Decimal | null {
  return product.prices[cycle];
}

export function lineTotal(line: CartLine): Decimal {
  return toFixed(multiply(cyclePrice(line.product, line.cycle) ?? '0', line.qty));
}

export function cartTotal(lines: readonly CartLine[]): Decimal {
  return toFixed(sum(lines.map(lineTotal)));
}

export function discountAmount(total: Decimal, promo: Pick<AppliedPromo, 'discount' | 'discountType'>): Decimal {
  const amount = toFixed(promo.discountType === 'percent' ? multiply(multiply(total, promo.discount), '0.01') : promo.discount);
  return compare(amount, total) > 0 ? toFixed(total) : amount;
}

export function totalAfterDiscount(total: Decimal, promo: Pick<AppliedPromo, 'discount' | 'discountType'> | null): Decimal {
  return promo ? toFixed(subtract(total, discountAmount(total, promo))) : toFixed(total);
}

/** Whether a code covers every product in the cart: by product, or by one of the product's categories. */
export function coversEveryLine(promo: Pick<AppliedPromo, 'productIds' | 'categoryIds'>, lines: readonly CartLine[]): boolean {
  if (promo.productIds.length === 0 && promo.categoryIds.length === 0) return true;
  return lines.every(
    ({ product }) => promo.productIds.includes(product.id) || product.categoryIds.some((id) => promo.categoryIds.includes(id)),
  );
}

/** The cheapest price a product is sold at, for product cards ("from ..."). */
export function cheapestPrice(product: CartProduct): { cycle: BillingCycle; price: Decimal } | null {
  let best: { cycle: BillingCycle; price: Decimal } | null = null;
  for (const [cycle, price] of Object.entries(product.prices) as [BillingCycle, Decimal | null][]) {
    if (price !== null && (best === null || compare(price, best.price) < 0)) best = { cycle, price };
  }
  return best;
}
