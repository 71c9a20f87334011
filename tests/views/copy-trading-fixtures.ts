// Contract-shaped answers for copy trading's read pages (server/schema.graphql "copy trading"): strategies with their
// figures, one strategy's page, a period's ranking and a ranked strategy's page. Demo ids as the seed names them.
import { rankingPeriods, type RankingPeriod } from '../../domain/copy-trading';
import type { Ranking, RankingDetail, StrategyCard, StrategyDetail, StrategyStats } from '../../src/api/copy-trading';

export const strategyId = (n: number) => `5c0a7e00-0032-4c0d-8e00-0000000000${String(n).padStart(2, '0')}`;
export const computedAt = '2027-03-01T12:00:00.000Z';

export const periodStats = (period: string, overrides: Partial<StrategyStats> = {}): StrategyStats => ({
  period,
  roi_percent: '12.50',
  pnl: '1250.00',
  max_drawdown_percent: '4.20',
  win_rate_percent: '61.90',
  trades: 42,
  runtime_days: 120,
  ranked: true,
  rank: 3,
  computed_at: computedAt,
  ...overrides,
});

export const alphaGrid: StrategyCard = {
  id: strategyId(1),
  name: 'Alpha Grid',
  trader_name: 'Tom Trader',
  trader_avatar: null,
  risk: 1,
  exchange_name: 'Binance',
  quote_asset: 'USDT',
  min_deposit: '500.00',
  max_followers: 20,
  followers: 12,
  capacity_left: 8,
  probation_until: null,
  in_probation: false,
  fee_percent: '20.00',
  started_at: '2026-09-01T00:00:00.000Z',
  mine: false,
  stats: periodStats('30d'),
};

export const fullHouse: StrategyCard = {
  ...alphaGrid,
  id: strategyId(5),
  name: 'Full House',
  risk: 3,
  quote_asset: 'BTC',
  min_deposit: '0.01',
  followers: 10,
  max_followers: 10,
  capacity_left: 0,
  stats: periodStats('30d', { roi_percent: '-3.10', pnl: '-0.0125', max_drawdown_percent: '18.75', trades: 1, rank: null, ranked: false }),
};

export const newcomer: StrategyCard = {
  ...alphaGrid,
  id: strategyId(6),
  name: 'Newcomer',
  risk: 2,
  followers: 0,
  capacity_left: 25,
  max_followers: 25,
  in_probation: true,
  probation_until: '2027-04-01T00:00:00.000Z',
  stats: periodStats('30d', { trades: 0, win_rate_percent: null, roi_percent: '0.00', pnl: '0', max_drawdown_percent: '0.00', runtime_days: 3, ranked: false, rank: null }),
};

const allStats = (): StrategyStats[] =>
  rankingPeriods.map((period, index) =>
    period === '6m'
      ? periodStats(period, { ranked: false, rank: null, trades: 55, runtime_days: 120 })
      : periodStats(period, { trades: 5 + index * 10, rank: index + 1 }),
  );

export const equity = [
  { at: '2027-02-01T00:00:00.000Z', equity: '10000.00' },
  { at: '2027-02-10T00:00:00.000Z', equity: '9800.50' },
  { at: '2027-02-20T00:00:00.000Z', equity: '10600.00' },
  { at: '2027-03-01T00:00:00.000Z', equity: '11250.00' },
];

export const alphaGridDetail = (period: RankingPeriod = '30d'): StrategyDetail => ({
  ...alphaGrid,
  stats: periodStats(period),
  description: 'Grid trading on majors.\nNo leverage; stops at 5 % per trade.',
  all_stats: allStats(),
  equity,
  recent_trades: [
    {
      id: 't2',
      symbol: 'ETH/USDT',
      side: 'sell',
      amount: '0.0125',
      open_price: '3012.5',
      close_price: '2990.25',
      pnl: '0.278125',
      opened_at: '2027-02-28T10:00:00.000Z',
      closed_at: '2027-02-28T14:00:00.000Z',
    },
    {
      id: 't1',
      symbol: 'BTC/USDT',
      side: 'buy',
      amount: '0.002',
      open_price: '61000',
      close_price: '60500',
      pnl: '-1',
      opened_at: '2027-02-27T10:00:00.000Z',
      closed_at: '2027-02-27T12:00:00.000Z',
    },
  ],
});

const entry = (rank: number, card: StrategyCard, period: string) => ({
  rank,
  strategy_id: card.id,
  strategy_name: card.name,
  trader_name: card.trader_name,
  trader_avatar: card.trader_avatar,
  risk: card.risk,
  quote_asset: card.quote_asset,
  stats: periodStats(period, { rank, roi_percent: rank === 1 ? '25.00' : '12.50', trades: 30 + rank }),
});

export const ranking = (period: RankingPeriod, overrides: Partial<Ranking> = {}): Ranking => ({
  period,
  computed_at: computedAt,
  min_runtime_days: period === '7d' ? 14 : 30,
  min_trades: period === '7d' ? 10 : 20,
  entries: [entry(1, { ...alphaGrid, id: strategyId(2), name: 'Beta Swing', risk: 2 }, period), entry(2, alphaGrid, period)],
  ...overrides,
});

export const rankingDetail = (period: RankingPeriod = '30d'): RankingDetail => ({
  period,
  strategy_id: alphaGrid.id,
  strategy_name: alphaGrid.name,
  trader_name: alphaGrid.trader_name,
  trader_avatar: null,
  description: 'Grid trading on majors.',
  risk: alphaGrid.risk,
  quote_asset: 'USDT',
  exchange_name: 'Binance',
  started_at: alphaGrid.started_at,
  all_stats: allStats(),
  equity,
});
