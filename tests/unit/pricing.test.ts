// The cart total, promo discount and fee rules both the portal and the server use (domain/pricing.ts).
import { describe, expect, it } from 'vitest';
import { addMonths, cartTotals, discountOf, gatewayFee, isBillingCycle, lineAmount, setupFeeOf, upgradeProration } from '../../domain/pricing';
import { cartTotal, lineTotal } from '../../machines/shop/totals';
import type { CartLine } from '../../machines/shop/shop.types';

describe('cart total (spec §9)', () => {
  it('is qty times the price of each line cycle, summed', () => {
    expect(lineAmount({ qty: 3, price: '19.99' })).toBe('59.97');
    expect(cartTotals([{ qty: 3, price: '19.99' }, { qty: 1, price: '0.10' }, { qty: 2, price: '0.2' }])).toEqual({
      subtotal: '60.47',
      discount: '0.00',
      total: '60.47',
    });
  });

  it('a recurrent line of a product with a one-time price adds it as a setup fee, per unit; a one-time line is that price alone', () => {
    expect(setupFeeOf('monthly', '49.00')).toBe('49.00');
    expect(setupFeeOf('onetime', '49.00')).toBeNull();
    expect(setupFeeOf('annually', null)).toBeNull();
    expect(lineAmount({ qty: 2, price: '19.90', setupFee: '49.00' })).toBe('137.80');
    expect(cartTotals([{ qty: 2, price: '19.90', setupFee: '49.00' }, { qty: 1, price: '19.99' }]).subtotal).toBe('157.79');
    // The cart's own figures (machines/shop/totals.ts) follow the same rule.
    const product = { id: '1', name: 'Bot Hosting', currency: 'USDT', categoryIds: [], prices: { onetime: '49.00', monthly: '19.90', quartally: null, semiannually: null, annually: null } };
    const monthly: CartLine = { product, qty: 2, cycle: 'monthly' };
    const onetime: CartLine = { product, qty: 1, cycle: 'onetime' };
    expect(lineTotal(monthly)).toBe('137.80');
    expect(lineTotal(onetime)).toBe('49.00');
    expect(cartTotal([monthly, onetime])).toBe('186.80');
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

describe('upgrade proration (UpgradeCart, the rule the portal shows and the server charges)', () => {
  const till = new Date('2027-02-01T00:00:00.000Z');
  it('credits the cycle price for the whole days left of the cycle before active_till', () => {
    // January has 31 days; 15 whole days (and some hours) left: 19 × 15 / 31 = 9.1935… → 9.19.
    const now = new Date('2027-01-16T20:00:00.000Z');
    expect(upgradeProration({ currentPrice: '19.00', currentCycle: 'monthly', currentActiveTill: till, newPrice: '49.00', now })).toEqual({
      credit: '9.19',
      daysLeft: 15,
      daysInCycle: 31,
      difference: '39.81',
    });
  });

  it('a quarter counts its own days; no days left is no credit; the difference is never below zero', () => {
    const now = new Date('2027-02-01T00:00:00.000Z');
    const quarter = upgradeProration({ currentPrice: '270', currentCycle: 'quartally', currentActiveTill: addMonths(now, 3), newPrice: '675', now });
    expect(quarter).toMatchObject({ daysLeft: 89, daysInCycle: 89, credit: '270.00', difference: '405.00' });
    expect(upgradeProration({ currentPrice: '19', currentCycle: 'monthly', currentActiveTill: till, newPrice: '49', now: till })).toMatchObject({
      credit: '0.00',
      daysLeft: 0,
      difference: '49.00',
    });
    expect(upgradeProration({ currentPrice: '100', currentCycle: 'onetime', currentActiveTill: null, newPrice: '49', now }).difference).toBe('0.00');
  });

  it('a one-time tariff counts what was paid for it in full', () => {
    expect(upgradeProration({ currentPrice: '19.5', currentCycle: 'onetime', currentActiveTill: null, newPrice: '49', now: till })).toEqual({
      credit: '19.50',
      daysLeft: null,
      daysInCycle: null,
      difference: '29.50',
    });
  });
});
