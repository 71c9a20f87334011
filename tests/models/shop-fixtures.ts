// Products, lines and codes the shop's models, machine tests and walks share.
import type { AppliedPromo, CartLine, CartProduct } from '../../machines/shop/shop.types';

const prices = (prices: Partial<CartProduct['prices']>): CartProduct['prices'] => ({
  onetime: null,
  monthly: null,
  quartally: null,
  semiannually: null,
  annually: null,
  ...prices,
});

export const ebook: CartProduct = { id: 'p-ebook', name: 'Trading e-book', currency: 'USDT', prices: prices({ onetime: '19.90' }), categoryIds: ['c-books'] };
export const signals: CartProduct = {
  id: 'p-signals',
  name: 'Signals',
  currency: 'USDT',
  prices: prices({ monthly: '29.00', annually: '290.00' }),
  categoryIds: ['c-services'],
};

export const ebookLine: CartLine = { product: ebook, qty: 1, cycle: 'onetime' };
export const signalsLine: CartLine = { product: signals, qty: 1, cycle: 'monthly' };

export const welcome10: AppliedPromo = {
  code: 'WELCOME10',
  discount: '10',
  discountType: 'percent',
  appliesToAll: true,
  productIds: [],
  categoryIds: [],
};
/** Covers only the books category. */
export const flat5: AppliedPromo = {
  code: 'FLAT5',
  discount: '5',
  discountType: 'units',
  appliesToAll: false,
  productIds: ['p-ebook'],
  categoryIds: ['c-books'],
};
