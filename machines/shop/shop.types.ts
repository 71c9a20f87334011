// What the shop's flows share: products, cart lines and promo codes as the flows hold them (plain JSON,
// amounts as Decimal strings).
import type { Decimal } from '../../domain/money';
import type { BillingCycle, DiscountType } from '../../domain/pricing';

export type { BillingCycle, DiscountType };

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

export interface AppliedPromo {
  code: string;
  discount: Decimal;
  discountType: DiscountType;
  /** The code covers every product of the tenant. */
  appliesToAll: boolean;
  /** Otherwise: the products (of those asked about) and the categories it covers. */
  productIds: string[];
  categoryIds: string[];
}
