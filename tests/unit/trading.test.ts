// What a member's active services allow together (domain/trading.ts serviceLimits): only services that set a
// limit give it, never less than the Free Plan.
import { describe, expect, it } from 'vitest';
import { freePlan, serviceLimits } from '../../domain/trading';

const signals = { investor_accounts: null, linkings: null, exchanges: null };
const copyTrading = (investor_accounts: number, linkings: number, exchanges: string[] | null) => ({ investor_accounts, linkings, exchanges });

describe('the limits of a member\'s services', () => {
  it('are the Free Plan\'s without a service', () => {
    expect(serviceLimits([])).toEqual({ investor_accounts: 1, linkings: 0, exchanges: null });
    expect(serviceLimits([])).toEqual({ ...freePlan });
  });

  it('stay the Free Plan\'s with only a signals service (it sets no limit, so it neither lowers nor lifts any)', () => {
    expect(serviceLimits([signals])).toEqual({ ...freePlan });
    expect(serviceLimits([{}])).toEqual({ ...freePlan });
  });

  it('add up two copy-trading services and join their exchanges, a signals service beside them changing nothing', () => {
    const both = [copyTrading(3, 5, ['binance', 'okx']), copyTrading(2, 1, ['okx', 'bybit'])];
    expect(serviceLimits(both)).toEqual({ investor_accounts: 5, linkings: 6, exchanges: ['binance', 'okx', 'bybit'] });
    expect(serviceLimits([...both, signals])).toEqual(serviceLimits(both));
  });

  it('allow any exchange when one copy-trading service lists none, and never fall below the Free Plan', () => {
    expect(serviceLimits([copyTrading(3, 5, ['binance']), copyTrading(1, 0, [])]).exchanges).toBeNull();
    expect(serviceLimits([copyTrading(0, 0, ['binance'])])).toEqual({ investor_accounts: 1, linkings: 0, exchanges: ['binance'] });
  });
});
