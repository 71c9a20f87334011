// Copy trading's reads (issue 32): the strategies with their figures, one strategy, and the Strategy fields the
// figures come through (stats, all_stats, equity, recent_trades). Every figure is what the last copytrading.stats
// pass stored (strategy_stats); nothing is computed on a request. A strategy no pass has computed yet answers empty
// figures as of its start (no trade, not ranked). Strategy parents come from strategy-row.ts (strategyParents).
import * as v from 'valibot';
import Big from 'big.js';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { validate } from '../../validation';
import { defaultPeriod, rankingPeriods, type RankingPeriod } from '../../../domain/copy-trading';
import { accountNotFound } from './limits';
import { strategyStats, strategyTrades } from './copy-tables';
import { strategyParents, type StrategyParent } from './strategy-row';

/** The ways copyTradingStrategies sorts (StrategyFilter.sort). */
export const strategySorts = ['roi', 'pnl', 'drawdown', 'followers', 'newest'] as const;

const whole = (min: number, max: number) =>
  v.pipe(v.number('integer'), v.integer('integer'), v.minValue(min, `minValue:${min}`), v.maxValue(max, `maxValue:${max}`));

/** An optional period argument (30d when left out); an unknown one is the validation code `choice`. */
export const periodArgument = v.object({ period: v.nullish(v.picklist(rankingPeriods, 'choice'), defaultPeriod) });
/** A required period argument (the Strategy fields'). */
export const requiredPeriod = v.object({ period: v.picklist(rankingPeriods, 'choice') });

export const strategyFilterSchema = v.object({
  filter: v.nullish(
    v.object({
      risk: v.nullish(whole(1, 3)),
      quote_asset: v.nullish(v.pipe(v.string('required'), v.trim(), v.toUpperCase(), v.maxLength(20, 'maxLength:20'))),
      open_only: v.nullish(v.boolean()),
      sort: v.nullish(v.picklist(strategySorts, 'choice')),
    }),
  ),
});
export type StrategyFilter = NonNullable<v.InferOutput<typeof strategyFilterSchema>['filter']>;

export const parsePeriod = (args: { period?: string | null }): RankingPeriod => validate(periodArgument, { period: args.period }).period;

type StatsRecord = Omit<typeof strategyStats.$inferSelect, 'equity' | 'strategyId'>;

/** A stored row as the contract's StrategyStats. */
export const statsView = (row: StatsRecord) => ({
  period: row.period,
  roi_percent: row.roiPercent,
  pnl: row.pnl,
  max_drawdown_percent: row.maxDrawdownPercent,
  win_rate_percent: row.winRatePercent,
  trades: row.trades,
  runtime_days: row.runtimeDays,
  ranked: row.ranked,
  rank: row.rank,
  computed_at: row.computedAt,
});
export type StatsView = ReturnType<typeof statsView>;

/** The figures of a strategy no pass has computed yet: nothing traded, not ranked, as of its start. */
export const emptyStats = (period: RankingPeriod, startedAt: Date): StatsView => ({
  period,
  roi_percent: '0.00',
  pnl: '0',
  max_drawdown_percent: '0.00',
  win_rate_percent: null,
  trades: 0,
  runtime_days: 0,
  ranked: false,
  rank: null,
  computed_at: startedAt,
});

/** The columns of a stored figure a StrategyStats answers from (its curve left out). */
export const statsFields = {
  period: strategyStats.period,
  roiPercent: strategyStats.roiPercent,
  pnl: strategyStats.pnl,
  maxDrawdownPercent: strategyStats.maxDrawdownPercent,
  winRatePercent: strategyStats.winRatePercent,
  trades: strategyStats.trades,
  runtimeDays: strategyStats.runtimeDays,
  ranked: strategyStats.ranked,
  rank: strategyStats.rank,
  computedAt: strategyStats.computedAt,
};
const statsColumns = { strategyId: strategyStats.strategyId, ...statsFields };

/** Every period's stored figures of these strategies (their equity curves left out). */
export async function storedStats(db: Db, ids: readonly string[]): Promise<Map<string, Map<RankingPeriod, StatsView>>> {
  const found = new Map<string, Map<RankingPeriod, StatsView>>(ids.map((id) => [id, new Map()]));
  if (ids.length === 0) return found;
  const rows = await db.select(statsColumns).from(strategyStats).where(inArray(strategyStats.strategyId, [...ids]));
  for (const row of rows) found.get(row.strategyId)?.set(row.period, statsView(row));
  return found;
}

/**
 * The stats of the strategies a request asks for, read once per request in one statement however many Strategy
 * fields ask: the ids asked in the same tick are read together (a list's strategies in one read).
 */
export function statsLoader(db: Db) {
  const loaded = new Map<string, Promise<Map<RankingPeriod, StatsView>>>();
  let waiting: { id: string; resolve: (stats: Map<RankingPeriod, StatsView>) => void; reject: (error: unknown) => void }[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    storedStats(db, [...new Set(batch.map((entry) => entry.id))]).then(
      (found) => batch.forEach((entry) => entry.resolve(found.get(entry.id) ?? new Map())),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  };
  return (id: string) => {
    let stats = loaded.get(id);
    if (!stats) {
      stats = new Promise((resolve, reject) => {
        if (waiting.length === 0) setImmediate(flush);
        waiting.push({ id, resolve, reject });
      });
      loaded.set(id, stats);
    }
    return stats;
  };
}

const loaders = new WeakMap<object, ReturnType<typeof statsLoader>>();
/** The request's stats loader (one per GraphQL context). */
export function statsFor(context: { db: Db }, id: string) {
  let loader = loaders.get(context);
  if (!loader) loaders.set(context, (loader = statsLoader(context.db)));
  return loader(id);
}

export const periodStatsOf = (stats: Map<RankingPeriod, StatsView>, period: RankingPeriod, startedAt: Date) =>
  stats.get(period) ?? emptyStats(period, startedAt);

/** In rankingPeriods' order. */
export const allStatsOf = (stats: Map<RankingPeriod, StatsView>, startedAt: Date) =>
  rankingPeriods.map((period) => periodStatsOf(stats, period, startedAt));

type Listed = { strategy: StrategyParent; stats: StatsView };

const byRoi = (a: Listed, b: Listed) => new Big(b.stats.roi_percent).cmp(a.stats.roi_percent);
const byPnl = (a: Listed, b: Listed) => new Big(b.stats.pnl).cmp(a.stats.pnl);
const orders: Record<(typeof strategySorts)[number], (a: Listed, b: Listed) => number> = {
  roi: (a, b) => byRoi(a, b) || byPnl(a, b),
  pnl: (a, b) => byPnl(a, b) || byRoi(a, b),
  drawdown: (a, b) => new Big(a.stats.max_drawdown_percent).cmp(b.stats.max_drawdown_percent) || byRoi(a, b),
  followers: (a, b) => b.strategy.followers - a.strategy.followers || byRoi(a, b),
  newest: (a, b) => b.strategy.started_at.getTime() - a.strategy.started_at.getTime(),
};

/**
 * copyTradingStrategies: the tenant's active strategies with their figures over `period`, filtered and sorted.
 * `statsOf` reads a strategy's stored figures (the request's statsFor, so the Strategy fields reuse the same read).
 */
export async function strategyList(
  db: Db,
  tenantId: number,
  period: RankingPeriod,
  filter: StrategyFilter | null | undefined,
  statsOf: (id: string) => Promise<Map<RankingPeriod, StatsView>>,
  now = new Date(),
) {
  const parents = (await strategyParents(db, tenantId, null, now)).filter((strategy) => strategy.status === 'active');
  const stats = await Promise.all(parents.map((strategy) => statsOf(strategy.id)));
  const listed = parents
    .map((strategy, index) => ({ strategy, stats: periodStatsOf(stats[index]!, period, strategy.started_at) }))
    .filter(({ strategy }) => filter?.risk == null || strategy.risk === filter.risk)
    .filter(({ strategy }) => filter?.quote_asset == null || strategy.quote_asset === filter.quote_asset)
    .filter(({ strategy }) => !filter?.open_only || (strategy.capacity_left > 0 && !strategy.in_probation));
  const order = orders[filter?.sort ?? 'roi'];
  return listed
    .sort((a, b) => order(a, b) || a.strategy.started_at.getTime() - b.strategy.started_at.getTime() || a.strategy.id.localeCompare(b.strategy.id))
    .map(({ strategy }) => strategy);
}

/** copyTradingStrategy: one of the tenant's strategies; an unknown id is AccountNotFound. */
export async function oneStrategy(db: Db, tenantId: number, id: string, now = new Date()) {
  const [strategy] = await strategyParents(db, tenantId, [id], now);
  if (!strategy) throw accountNotFound();
  return strategy;
}

/** Strategy.equity: the stored curve of the period (empty before the first pass). */
export async function equityCurve(db: Db, strategyId: string, period: RankingPeriod) {
  const [row] = await db
    .select({ equity: strategyStats.equity })
    .from(strategyStats)
    .where(and(eq(strategyStats.strategyId, strategyId), eq(strategyStats.period, period)));
  return row?.equity ?? [];
}

/** Strategy.recent_trades: the latest 50 closed trades, newest first. */
export async function recentTrades(db: Db, strategyId: string, now = new Date()) {
  const rows = await db
    .select()
    .from(strategyTrades)
    .where(and(eq(strategyTrades.strategyId, strategyId), lte(strategyTrades.closedAt, now)))
    .orderBy(desc(strategyTrades.closedAt), desc(strategyTrades.id))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    symbol: row.symbol,
    side: row.side,
    amount: row.amount,
    open_price: row.openPrice,
    close_price: row.closePrice,
    pnl: row.pnl,
    opened_at: row.openedAt,
    closed_at: row.closedAt,
  }));
}
