// The cart total, promo discount and fee rules both the portal and the server use (machines/shared/pricing.ts).
import { describe, expect, it } from 'vitest';
import { cartTotals, discountOf, gatewayFee, isBillingCycle, lineAmount } from '../../machines/shared/pricing';

describe('cart total (spec §9)', () => {
  it('is qty times the price of each line cycle, summed', () => {
    expect(lineAmount({ qty: 3, price: '19.99' })).toBe('59.97');
    expect(cartTotals([{ qty: 3, price: '19.99' }, { qty: 1, price: '0.10' }, { qty: 2, price: '0.2' }])).toEqual({
      subtotal: '60.47',
      discount: '0.00',
      total: '60.47',
    });
  });

  it('takes a flat discount off, never below zero', () => {
    expect(cartTotals([{ qty: 1, price: '12.00' }], { discount: '5', discount_type: 'units' })).toEqual({
      subtotal: '12.00',
      discount: '5.00',
      total: '7.00',
    });
    expect(cartTotals([{ qty: 1, price: '3.00' }], { discount: '5', discount_type: 'units' }).total).toBe('0.00');
  });

  it('takes a percent of the total, rounded half-up to cents', () => {
    // 10 % of 0.45 is 0.045: half-up gives 0.05.
    expect(discountOf('0.45', { discount: '10', discount_type: 'percent' })).toBe('0.05');
    expect(cartTotals([{ qty: 3, price: '33.33' }], { discount: '10', discount_type: 'percent' })).toEqual({
      subtotal: '99.99',
      discount: '10.00',
      total: '89.99',
    });
    expect(discountOf('20.00', { discount: '150', discount_type: 'percent' })).toBe('20.00');
  });

  it('fees are a percent of the amount (half-up) plus a fixed part', () => {
    expect(gatewayFee('89.99', { percent: '0.5', fixed: '0' })).toBe('0.45');
    expect(gatewayFee('100', { percent: '2.9', fixed: '0.30' })).toBe('3.20');
    expect(gatewayFee('100', { percent: '0', fixed: '0' })).toBe('0.00');
  });

  it('knows the billing cycles', () => {
    expect(['onetime', 'monthly', 'quartally', 'semiannually', 'annually'].every(isBillingCycle)).toBe(true);
    expect(isBillingCycle('weekly')).toBe(false);
    expect(isBillingCycle('toString')).toBe(false);
  });
});
