// The cart's money as the cart shows it (spec §4 "Promo code", §9 "Cart total"). The rule itself (each line
// costs qty × the price of its own billing cycle, plus the one-time price as a setup fee on a recurrent line;
// units take a flat amount off, percent a share rounded half-up to cents; never below zero) lives in domain/pricing.ts, which the server bills with too:
// these figures are for display, the invoice's total is the server's.
import { compare, type Decimal } from '../../domain/money';
import { cartTotals, discountOf, lineAmount, setupFeeOf, type PricedLine } from '../../domain/pricing';
import type { AppliedPromo, BillingCycle, CartLine, CartProduct } from './shop.types';

type Discount = Pick<AppliedPromo, 'discount' | 'discountType'>;

const asPromo = (promo: Discount | null) => (promo ? { discount: promo.discount, discount_type: promo.discountType } : null);

export function cyclePrice(product: CartProduct, cycle: BillingCycle): Decimal | null {
  return product.prices[cycle];
}

/** The setup fee a recurrent line adds (the product's one-time price), or null. */
export const setupFee = (line: CartLine): Decimal | null => setupFeeOf(line.cycle, line.product.prices.onetime);

const priced = (line: CartLine): PricedLine => ({ qty: line.qty, price: cyclePrice(line.product, line.cycle) ?? '0', setupFee: setupFee(line) });

export const lineTotal = (line: CartLine): Decimal => lineAmount(priced(line));

export const cartTotal = (lines: readonly CartLine[]): Decimal => cartTotals(lines.map(priced)).subtotal;

export const discountAmount = (total: Decimal, promo: Discount): Decimal => discountOf(total, asPromo(promo));

export const totalAfterDiscount = (total: Decimal, promo: Discount | null): Decimal =>
  cartTotals([{ qty: 1, price: total }], asPromo(promo)).total;

/** Whether a code covers every product in the cart: by product, or by one of the product's categories. */
export function coversEveryLine(
  promo: Pick<AppliedPromo, 'appliesToAll' | 'productIds' | 'categoryIds'>,
  lines: readonly CartLine[],
): boolean {
  if (promo.appliesToAll) return true;
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
