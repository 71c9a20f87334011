// Copy trading's addresses (issue 32): the list's period, filters and sort survive a reload or a shared link; what the
// contract does not take (a stale or hand-made link) falls back to the defaults instead of failing the page.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { periodOf, toStrategyListQuery, toStrategyListSearch, type StrategyListQuery } from '../../src/api/copy-trading';
import { rankingSearchSchema, strategyListSearchSchema } from '../../src/routes/-copy-trading-search';

describe('the strategy list’s address', () => {
  it('without choices is 30 days by ROI, nothing filtered', () => {
    expect(toStrategyListQuery({})).toEqual({ period: '30d' });
    expect(periodOf(undefined)).toBe('30d');
  });

  it('keeps every choice through the address, leaving the defaults out of it', () => {
    const chosen: StrategyListQuery[] = [
      { period: '7d', risk: 2, quoteAsset: 'USDT', openOnly: true, sort: 'drawdown' },
      { period: '6m', sort: 'newest' },
      { period: '30d', risk: 3 },
    ];
    for (const query of chosen) expect(toStrategyListQuery(toStrategyListSearch(query))).toEqual(query);
    expect(toStrategyListSearch({ period: '30d', sort: undefined })).toEqual({ period: undefined, risk: undefined, quote: undefined, open: undefined, order: undefined });
  });

  it('drops a period, risk or sort the contract does not take', () => {
    expect(toStrategyListQuery({ period: '5y', risk: 7, order: 'luck', quote: 'BTC', open: false })).toEqual({ period: '30d', quoteAsset: 'BTC' });
  });

  it('the route reads odd search params as absent, and a number-looking asset as a word', () => {
    expect(v.parse(strategyListSearchSchema, { period: '<b>', risk: 'high', quote: 1000, open: 'yes', order: 'a b' })).toEqual({
      period: undefined,
      risk: undefined,
      quote: '1000',
      open: undefined,
      order: undefined,
    });
    expect(v.parse(rankingSearchSchema, { period: '7d' })).toEqual({ period: '7d' });
  });
});
