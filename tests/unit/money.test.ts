// Money through big.js, never a float (DESIGN §3, §6), and the cart's figures (spec §4 "Promo code", §9).
import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { add, compare, divide, multiply, subtract, sum, toFixed } from '../../domain/money';
import { cartTotal, cheapestPrice, coversEveryLine, discountAmount, lineTotal, totalAfterDiscount } from '../../machines/shop/totals';
import type { CartLine, CartProduct } from '../../machines/shop/shop.types';
import { formatBound, formatMoney } from '../../src/lib/format';

const product = (id: string, prices: Partial<CartProduct['prices']>, categoryIds: string[] = []): CartProduct => ({
  id,
  name: id,
  currency: 'USDT',
  prices: { onetime: null, monthly: null, quartally: null, semiannually: null, annually: null, ...prices },
  categoryIds,
});

describe('money', () => {
  it('adds what floats cannot: 0.1 + 0.2 is 0.3', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(sum(['19.99', '0.01', '100'])).toBe('120');
    expect(subtract('10', '0.01')).toBe('9.99');
    expect(multiply('19.99', 3)).toBe('59.97');
    expect(compare('10.00', '10')).toBe(0);
    expect(divide('290.00', 12)).toBe('24.17');
    expect(divide('10', 3)).toBe('3.33');
  });

  it('rounds half up to cents', () => {
    expect(toFixed('1.005')).toBe('1.01');
    expect(toFixed('2.344')).toBe('2.34');
    expect(toFixed('-0.001')).toBe('0.00');
  });

  it('refuses what is not a decimal amount instead of reading it as zero', () => {
    expect(() => add('1e3', '1')).toThrow(/Not a decimal amount/);
    expect(() => sum(['NaN'])).toThrow(/Not a decimal amount/);
  });
});

describe('money format (spec §9: 2 decimals, a space between thousands, USDT as USD)', () => {
  it('formats Decimal strings exactly', () => {
    i18n.activate('en');
    expect(formatMoney('1234567.5', 'USDT')).toBe('$1\u00a0234\u00a0567.50');
    expect(formatMoney('0.005', 'USD')).toBe('$0.01');
    expect(formatMoney('-12.3', 'EUR')).toBe('-€12.30');
    // A token whose code Intl cannot take: the amount and its code.
    expect(formatMoney('1000.1', 'MATIC')).toBe('1\u00a0000.10\u00a0MATIC');
  });

  it('never breaks a line inside an amount: thousands and the currency joined by non-breaking spaces (issue 33)', () => {
    for (const locale of ['en', 'uk', 'ru', 'es']) {
      i18n.activate(locale);
      for (const [amount, currency] of [['1234567.5', 'USDT'], ['-9876.1', 'EUR'], ['1000', 'MATIC']] as const) {
        const text = formatMoney(amount, currency);
        expect(text, `${locale} ${amount} ${currency}`).not.toMatch(/[ \u2009\u202f]/);
        expect(text).toMatch(/\d\u00a0\d{3}/);
      }
    }
    i18n.activate('uk');
    expect(formatMoney('1234.5', 'EUR')).toBe('1\u00a0234,50\u00a0EUR');
    i18n.activate('en');
  });

  it("shows a bound in its currency's own precision: 10 USDT as 10.00, 0.001 BTC as 0.001 (CPay's minimum)", () => {
    i18n.activate('en');
    expect(formatBound('10.00000000')).toBe('10.00');
    expect(formatBound('0.00100000')).toBe('0.001');
    expect(formatBound('2500.5')).toBe('2\u00a0500.50');
    i18n.activate('ru');
    expect(formatBound('0.00012000')).toBe('0,00012');
    i18n.activate('en');
  });
});

describe('the cart total (our reading of spec §9)', () => {
  // "qty times onetime price, plus the cycle price for recurrent items": each line costs qty × the price of
  // its own cycle; the total is the sum of the lines.
  const course = product('course', { onetime: '49.90' }, ['learning']);
  const hosting = product('hosting', { monthly: '9.99', annually: '99.00' }, ['services']);

  it('a one-time line costs qty × its one-time price; a recurrent line qty × its cycle price', () => {
    expect(lineTotal({ product: course, qty: 3, cycle: 'onetime' })).toBe('149.70');
    expect(lineTotal({ product: hosting, qty: 2, cycle: 'monthly' })).toBe('19.98');
    expect(lineTotal({ product: hosting, qty: 1, cycle: 'annually' })).toBe('99.00');
  });

  it('the total sums the lines', () => {
    const lines: CartLine[] = [
      { product: course, qty: 1, cycle: 'onetime' },
      { product: hosting, qty: 2, cycle: 'monthly' },
    ];
    expect(cartTotal(lines)).toBe('69.88');
    expect(cartTotal([])).toBe('0.00');
  });

  it('a percent code takes its percent of the total, rounded half up; units take a flat amount, never below zero', () => {
    expect(discountAmount('69.88', { discount: '10', discountType: 'percent' })).toBe('6.99');
    expect(totalAfterDiscount('69.88', { discount: '10', discountType: 'percent' })).toBe('62.89');
    expect(totalAfterDiscount('69.88', { discount: '5', discountType: 'units' })).toBe('64.88');
    expect(totalAfterDiscount('3.00', { discount: '5', discountType: 'units' })).toBe('0.00');
    expect(totalAfterDiscount('3.00', null)).toBe('3.00');
  });

  it('a code covers the cart when every product is covered, by product or by category', () => {
    const lines: CartLine[] = [
      { product: course, qty: 1, cycle: 'onetime' },
      { product: hosting, qty: 1, cycle: 'monthly' },
    ];
    expect(coversEveryLine({ appliesToAll: true, productIds: [], categoryIds: [] }, lines)).toBe(true);
    expect(coversEveryLine({ appliesToAll: false, productIds: ['course'], categoryIds: ['services'] }, lines)).toBe(true);
    expect(coversEveryLine({ appliesToAll: false, productIds: [], categoryIds: ['learning'] }, lines)).toBe(false);
    // A code for other products covers none of these.
    expect(coversEveryLine({ appliesToAll: false, productIds: [], categoryIds: [] }, lines)).toBe(false);
  });

  it('a product card shows the cheapest price it is sold at', () => {
    expect(cheapestPrice(hosting)).toEqual({ cycle: 'monthly', price: '9.99' });
    expect(cheapestPrice(product('free', {}))).toBeNull();
  });
});
