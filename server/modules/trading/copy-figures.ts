// A strategy's figures over the six ranking periods (issue 32), as the copytrading.stats job stores them, from its
// trades closed within the longest period and the PnL of those closed before it. Each period starts at
// domain periodStart (or when the strategy started, if later) with the equity then (start_equity plus the PnL of the
// trades closed at or before that instant); domain periodStats computes the figures, isRanked the minimums and
// rankOrder the places. No database here: copy-stats.ts reads and writes.
import Big from 'big.js';
import {
  isRanked,
  periodStart,
  periodStats,
  rankOrder,
  rankingPeriods,
  type ClosedTrade,
  type RankingPeriod,
} from '../../../domain/copy-trading';
import type { Decimal } from '../../../domain/money';

const dayMs = 86_400_000;
/** An equity curve has at most this many points (the contract: 200). */
export const equityPoints = 200;

export interface FigureStrategy {
  id: string;
  startEquity: Decimal;
  startedAt: Date;
  /** Only an active strategy is ranked (a closed one keeps its figures). */
  active: boolean;
}

export interface EquityPoint {
  at: string;
  equity: string;
}

export interface StatsRow {
  strategyId: string;
  period: RankingPeriod;
  roiPercent: Decimal;
  pnl: Decimal;
  maxDrawdownPercent: Decimal;
  winRatePercent: Decimal | null;
  trades: number;
  runtimeDays: number;
  ranked: boolean;
  rank: number | null;
  equity: EquityPoint[];
  computedAt: Date;
}

/** At most `limit` points, evenly spread, the first and the last kept. */
export function thinned<T>(points: readonly T[], limit = equityPoints): T[] {
  if (points.length <= limit) return [...points];
  return Array.from({ length: limit }, (_, index) => points[Math.round((index * (points.length - 1)) / (limit - 1))]!);
}

/** Whole days from `startedAt` to `now` (0 before it). */
export const runtimeDays = (startedAt: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / dayMs));

/**
 * The strategy's rows for every period, unranked yet. `trades` are those closed after the longest period's start and
 * at or before `now`, oldest first; `pnlBefore` the PnL of those closed at or before that start.
 */
export function strategyFigures(strategy: FigureStrategy, trades: readonly ClosedTrade[], pnlBefore: Decimal, now: Date): StatsRow[] {
  const runtime = runtimeDays(strategy.startedAt, now);
  return rankingPeriods.map((period) => {
    const start = periodStart(period, now);
    let equityAtStart = new Big(strategy.startEquity).plus(pnlBefore);
    const within: ClosedTrade[] = [];
    for (const trade of trades) {
      if (trade.closed_at > now) continue;
      if (trade.closed_at <= start) equityAtStart = equityAtStart.plus(trade.pnl);
      else within.push(trade);
    }
    const figures = periodStats(equityAtStart.toFixed(), within);
    const curveStart = strategy.startedAt > start ? strategy.startedAt : start;
    let equity = equityAtStart;
    const curve: EquityPoint[] = [{ at: curveStart.toISOString(), equity: equity.toFixed() }];
    for (const trade of within) {
      equity = equity.plus(trade.pnl);
      curve.push({ at: trade.closed_at.toISOString(), equity: equity.toFixed() });
    }
    return {
      strategyId: strategy.id,
      period,
      roiPercent: figures.roi_percent,
      pnl: figures.pnl,
      maxDrawdownPercent: figures.max_drawdown_percent,
      winRatePercent: figures.win_rate_percent,
      trades: figures.trades,
      runtimeDays: runtime,
      ranked: strategy.active && isRanked(period, { runtime_days: runtime, trades: figures.trades }),
      rank: null,
      equity: thinned(curve),
      computedAt: now,
    };
  });
}

/** Gives each period's ranked rows their place (rankOrder: ROI, then PnL, then the older strategy; the top 100). */
export function withRanks(rows: readonly StatsRow[], startedAt: ReadonlyMap<string, Date>): StatsRow[] {
  const ranks = new Map<string, number>();
  for (const period of rankingPeriods) {
    const candidates = rows
      .filter((row) => row.period === period && row.ranked)
      .map((row) => ({ key: `${row.strategyId}:${period}`, roi_percent: row.roiPercent, pnl: row.pnl, started_at: startedAt.get(row.strategyId)! }));
    rankOrder(candidates).forEach((candidate, index) => ranks.set(candidate.key, index + 1));
  }
  return rows.map((row) => ({ ...row, rank: ranks.get(`${row.strategyId}:${row.period}`) ?? null }));
}
