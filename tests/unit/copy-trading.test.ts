// Copy trading's shared rules (domain/copy-trading.ts, issue 32): a period's figures from its trades, the drawdown,
// a follower's copied PnL (rounded toward zero to 8 places), the lot ratio members read, who is ranked and in what
// order, which refusal a link request meets first, and the settings' validation codes. Properties where they say
// more than examples: a drawdown stays within 0-100 while the equity stays above 0, ROI has the sign of the PnL.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import * as v from 'valibot';
import {
  copiedPnl,
  crossesDrawdown,
  defaultSettings,
  drawdownPercent,
  isRanked,
  linkRefusal,
  linkRefusals,
  lotRatio,
  parseLinkSettings,
  periodStats,
  rankingMinimums,
  rankingPeriods,
  rankingTop,
  rankOrder,
  settingsWith,
  type LinkFacts,
} from '../../domain/copy-trading';

const at = (day: number) => new Date(Date.UTC(2026, 0, 1 + day));
const trades = (...pnls: string[]) => pnls.map((pnl, index) => ({ pnl, closed_at: at(index) }));

/** Trades that never take the equity to 0 or below: each a share (-99 % to +200 %) of the equity before it, in cents. */
const survivingTrades = fc
  .tuple(fc.integer({ min: 100, max: 10_000_000 }), fc.array(fc.integer({ min: -9_900, max: 20_000 }), { maxLength: 40 }))
  .map(([startCents, shares]) => {
    let equity = new Big(startCents).div(100);
    const list = shares.map((share, index) => {
      const pnl = equity.times(share).div(10_000).round(2, Big.roundDown);
      equity = equity.plus(pnl);
      return { pnl: pnl.toFixed(2), closed_at: at(index) };
    });
    return { start: new Big(startCents).div(100).toFixed(2), list };
  });

describe('a period\'s figures (periodStats)', () => {
  it('sum the PnL, take the ROI on the starting equity, the worst fall from a running peak and the share of gains', () => {
    // 1000 → 1100 (peak) → 900 (18.18 % below it) → 950
    expect(periodStats('1000', trades('100', '-200', '50'))).toEqual({
      roi_percent: '-5.00',
      pnl: '-50',
      max_drawdown_percent: '18.18',
      win_rate_percent: '66.67',
      trades: 3,
    });
  });

  it('count the start as a peak, a zero trade as no gain, and answer an empty period with no win rate', () => {
    expect(periodStats('500', trades('-50', '0')).max_drawdown_percent).toBe('10.00');
    expect(periodStats('500', trades('-50', '0')).win_rate_percent).toBe('0.00');
    expect(periodStats('500', [])).toEqual({ roi_percent: '0.00', pnl: '0', max_drawdown_percent: '0.00', win_rate_percent: null, trades: 0 });
    expect(periodStats('0', trades('10')).roi_percent).toBe('0.00');
  });

  it('keep a drawdown within 0-100 and a win rate within 0-100 while the equity stays above 0', () => {
    fc.assert(
      fc.property(survivingTrades, ({ start, list }) => {
        const stats = periodStats(start, list);
        expect(new Big(stats.max_drawdown_percent).gte(0) && new Big(stats.max_drawdown_percent).lte(100)).toBe(true);
        if (stats.win_rate_percent !== null) expect(new Big(stats.win_rate_percent).gte(0) && new Big(stats.win_rate_percent).lte(100)).toBe(true);
      }),
    );
  });

  it('give the ROI the sign of the PnL, and the PnL the sum of the trades', () => {
    fc.assert(
      fc.property(survivingTrades, ({ start, list }) => {
        const stats = periodStats(start, list);
        expect(new Big(stats.pnl).eq(list.reduce((sum, trade) => sum.plus(trade.pnl), new Big(0)))).toBe(true);
        // A PnL too small for 2 places of ROI rounds to 0.00: the sign then is 0.
        const roi = new Big(stats.roi_percent);
        if (!roi.eq(0)) expect(roi.gt(0)).toBe(new Big(stats.pnl).gt(0));
      }),
    );
  });
});

describe('a drawdown (drawdownPercent, crossesDrawdown)', () => {
  it('is the fall below the peak, 0 at or above it, with 2 places', () => {
    expect(drawdownPercent('1000', '750')).toBe('25.00');
    expect(drawdownPercent('1000', '1200')).toBe('0.00');
    expect(drawdownPercent('0', '-5')).toBe('0.00');
    expect(drawdownPercent('3', '2')).toBe('33.33');
  });

  it('stays within 0-100 for any equity from 0 up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 0, max: 2e9 }), (peak, equity) => {
        const percent = new Big(drawdownPercent(String(peak), String(equity)));
        expect(percent.gte(0) && percent.lte(100)).toBe(true);
      }),
    );
  });

  it('stops a connection at or past its limit, never without one', () => {
    expect(crossesDrawdown('25.00', 25)).toBe(true);
    expect(crossesDrawdown('24.99', 25)).toBe(false);
    expect(crossesDrawdown('99.00', null)).toBe(false);
  });
});

describe('a copied trade\'s PnL (copiedPnl)', () => {
  it('is the trader\'s at the lot size, rounded toward zero to 8 places', () => {
    expect(copiedPnl('10', 100)).toBe('10.00000000');
    expect(copiedPnl('10', 50)).toBe('5.00000000');
    expect(copiedPnl('0.000000015', 100)).toBe('0.00000001');
    expect(copiedPnl('0.00000003', 50)).toBe('0.00000001');
    expect(copiedPnl('-0.00000003', 50)).toBe('-0.00000001');
    expect(copiedPnl('1.23456789', 150)).toBe('1.85185183');
  });

  it('never exceeds the exact share in size, and falls short of it by less than 0.00000001', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 500 }), (units, lot) => {
        const pnl = new Big(units).div(1e8);
        const exact = pnl.times(lot).div(100);
        const copied = new Big(copiedPnl(pnl.toFixed(), lot));
        expect(copied.abs().lte(exact.abs())).toBe(true);
        expect(exact.minus(copied).abs().lt('0.00000001')).toBe(true);
      }),
    );
  });
});

describe('the lot ratio members read (lotRatio)', () => {
  it.each([
    [100, '1:1'],
    [50, '1:2'],
    [200, '2:1'],
    [150, '1.5:1'],
    [75, '1:1.33'],
    [1, '1:100'],
    [500, '5:1'],
  ])('%i %% reads %s', (percent, ratio) => expect(lotRatio(percent)).toBe(ratio));
});

describe('who is ranked, and in what order', () => {
  it.each(rankingPeriods)('%s ranks a strategy from its minimum runtime and trade count on, not one short of either', (period) => {
    const { runtimeDays, trades: count } = rankingMinimums[period];
    expect(isRanked(period, { runtime_days: runtimeDays, trades: count })).toBe(true);
    expect(isRanked(period, { runtime_days: runtimeDays - 1, trades: count + 100 })).toBe(false);
    expect(isRanked(period, { runtime_days: runtimeDays + 100, trades: count - 1 })).toBe(false);
  });

  it('orders by ROI, then PnL, then the older strategy, and keeps the top 100 without touching its input', () => {
    const row = (name: string, roi: string, pnl: string, day: number) => ({ name, roi_percent: roi, pnl, started_at: at(day) });
    const rows = [row('c', '5.00', '10', 1), row('a', '12.50', '3', 5), row('b', '5.00', '40', 9), row('d', '5.00', '10', 0), row('e', '-2.00', '99', 0)];
    const copy = [...rows];
    expect(rankOrder(rows).map((entry) => entry.name)).toEqual(['a', 'b', 'd', 'c', 'e']);
    expect(rows).toEqual(copy);
    const many = Array.from({ length: 150 }, (_, index) => row(`s${index}`, String(index), '0', 0));
    const top = rankOrder(many);
    expect(top).toHaveLength(rankingTop);
    expect(top[0]!.name).toBe('s149');
    expect(top[99]!.name).toBe('s50');
  });
});

describe('the refusal a link request meets first (linkRefusal)', () => {
  const fine: LinkFacts = {
    ownStrategy: false,
    inProbation: false,
    placesTaken: 3,
    maxFollowers: 10,
    overdueInvoices: false,
    tradingSuspended: false,
    accountConnected: true,
    linkingsUsed: 1,
    linkingsAllowed: 5,
    accountLinked: false,
    balance: '500',
    minDeposit: '500',
  };
  /** Each refusal's facts, in the order they are told. */
  const breaking: [string, Partial<LinkFacts>][] = [
    ['OwnStrategy', { ownStrategy: true }],
    ['StrategyInProbation', { inProbation: true }],
    ['StrategyFull', { placesTaken: 10 }],
    ['OverdueInvoices', { overdueInvoices: true }],
    ['AccountNotActive', { accountConnected: false }],
    ['LinkingLimitReached', { linkingsUsed: 5 }],
    ['AlreadyLinked', { accountLinked: true }],
    ['BelowMinimumDeposit', { balance: '499.99999999' }],
  ];

  it('lets a member ask whose facts meet no refusal (a balance equal to the minimum is enough)', () => {
    expect(linkRefusal(fine)).toBeNull();
  });

  it('names the spec\'s first refusal: with every fact against, each one lifted in turn uncovers the next', () => {
    expect(breaking.map(([reason]) => reason)).toEqual([...linkRefusals]);
    const all = Object.assign({}, fine, ...breaking.map(([, facts]) => facts)) as LinkFacts;
    for (const [index, [reason]] of breaking.entries()) {
      const lifted = Object.assign({}, all, ...breaking.slice(0, index).map(([, facts]) => Object.fromEntries(Object.keys(facts).map((key) => [key, fine[key as keyof LinkFacts]]))));
      expect(linkRefusal(lifted)).toBe(reason);
    }
  });

  it('refuses a suspended member as not active, and an unknown balance as below the minimum', () => {
    expect(linkRefusal({ ...fine, tradingSuspended: true })).toBe('AccountNotActive');
    expect(linkRefusal({ ...fine, balance: null })).toBe('BelowMinimumDeposit');
  });
});

describe('a follower\'s settings (linkSettingsSchema)', () => {
  const codes = (input: unknown) => {
    const result = parseLinkSettings(['USDT', 'USDC'], input);
    return result.success ? {} : Object.fromEntries(result.issues.map((issue) => [v.getDotPath(issue), issue.message]));
  };

  it('names each bad value once with its code', () => {
    expect(codes({ lot_size_percent: 0 })).toEqual({ lot_size_percent: 'minValue:1' });
    expect(codes({ lot_size_percent: 501 })).toEqual({ lot_size_percent: 'maxValue:500' });
    expect(codes({ lot_size_percent: 1.5 })).toEqual({ lot_size_percent: 'integer' });
    expect(codes({ max_drawdown_percent: 0, quote_asset: 'BTC' })).toEqual({ max_drawdown_percent: 'minValue:1', quote_asset: 'choice' });
    expect(codes({ max_drawdown_percent: 101 })).toEqual({ max_drawdown_percent: 'maxValue:100' });
    expect(codes({ quote_asset: '   ' })).toEqual({ quote_asset: 'required' });
  });

  it('takes each setting as optional: the defaults for a new request (1:1, no limit, the strategy\'s asset), the given ones over them', () => {
    const empty = parseLinkSettings(['USDT'], undefined);
    expect(empty.success).toBe(true);
    expect(settingsWith(empty.success ? empty.output : {}, defaultSettings('USDT'))).toEqual({ lot_size_percent: 100, max_drawdown_percent: null, quote_asset: 'USDT' });
    const given = parseLinkSettings(['USDT', 'USDC'], { lot_size_percent: 50, max_drawdown_percent: 20, quote_asset: ' USDC ' });
    expect(given.success && settingsWith(given.output, defaultSettings('USDT'))).toEqual({ lot_size_percent: 50, max_drawdown_percent: 20, quote_asset: 'USDC' });
    const cleared = parseLinkSettings(['USDT'], { no_drawdown_limit: true, max_drawdown_percent: 30 });
    expect(cleared.success && settingsWith(cleared.output, { lot_size_percent: 80, max_drawdown_percent: 20, quote_asset: 'USDT' })).toEqual({
      lot_size_percent: 80,
      max_drawdown_percent: null,
      quote_asset: 'USDT',
    });
  });
});
