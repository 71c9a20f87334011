// What the shop's flows share: products, cart lines and promo codes as the flows hold them (plain JSON,
// amounts as Decimal strings).
import type { Decimal } from '../shared/money';

export const billingCycles = ['onetime', 'monthly', 'quartally', 'semiannually', 'annually'] as const;
export type BillingCycle = (typeof billingCycles)[number];

/** A product's price per billing cycle (null: not sold in that cycle). */
export type CyclePrices = Record<BillingCycle, Decimal | null>;

export interface CartProduct {
  id: string;
  name: string;
  currency: string;
  prices: CyclePrices;
  categoryIds: string[];
}

export interface CartLine {
  product: CartProduct;
  qty: number;
  cycle: BillingCycle;
}

export type DiscountType = 'units' | 'percent';

export interface AppliedPromo {
  code: string;
  discount: Decimal;
  discountType: DiscountType;
  /** The products and categories the code covers (empty lists: every product). */
  productIds: string[];
  categoryIds: string[];
}
