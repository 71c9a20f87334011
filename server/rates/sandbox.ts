// The sandbox's rates: fixed prices in USDT, and cross rates through them. Development and tests quote from
// it; a real provider (an exchange's ticker through ccxt, a rates API) is another RatesAdapter.
import { divide } from '../../domain/money';
import type { RatesAdapter } from './types';

/** One unit's price in USDT. */
export const sandboxUsdtPrices: Record<string, string> = {
  USDT: '1',
  USD: '1',
  EUR: '1.08',
  BTC: '64000',
  ETH: '3200',
  LTC: '80',
  SOL: '150',
  BNB: '600',
  MATIC: '0.5',
  AAVE: '95',
  '1INCH': '0.4',
};

export const sandboxRates: RatesAdapter = {
  async rate(symbol, payCurrency) {
    const price = sandboxUsdtPrices[symbol];
    const pay = sandboxUsdtPrices[payCurrency];
    return price && pay ? divide(price, pay, 12) : null;
  },
};
