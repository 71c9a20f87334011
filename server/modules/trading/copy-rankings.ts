// The public rankings (issue 32: rankings and ranking answer visitors and members alike). A period's ranking is the
// places the last copytrading.stats pass gave (strategy_stats.rank, the top 100 qualified by ROI): one prepared
// statement over the stored figures, in rank order, and the pass's time; nothing is computed here, so the list
// answers within its budget (30 ms p99 at 100 requests/s, `npm run bench:server -- --section=rankings`).
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { rankingMinimums, rankingTop, riskLevel, type RankingPeriod } from '../../../domain/copy-trading';
import { users } from '../account/tables';
import { copyStatsPasses, strategies, strategyStats } from './copy-tables';
import { accountNotFound } from './limits';
import { allStatsOf, equityCurve, statsFields, statsView, storedStats } from './copy-read';
import { exchangeName } from './strategy-row';

const rankedRows = preparedFor((db) =>
  db
    .select({
      stats: statsFields,
      strategyId: strategies.id,
      strategyName: strategies.name,
      risk: strategies.risk,
      quoteAsset: strategies.quoteAsset,
      traderName: users.name,
      traderAvatar: users.avatar,
      passComputedAt: copyStatsPasses.computedAt,
    })
    .from(strategyStats)
    .innerJoin(strategies, eq(strategies.id, strategyStats.strategyId))
    .innerJoin(users, eq(users.id, strategies.userId))
    .leftJoin(copyStatsPasses, eq(copyStatsPasses.tenantId, strategies.tenantId))
    .where(
      and(
        eq(strategyStats.period, sql.placeholder('period')),
        isNotNull(strategyStats.rank),
        eq(strategies.tenantId, sql.placeholder('tenantId')),
        eq(strategies.status, 'active'),
      ),
    )
    .orderBy(asc(strategyStats.rank))
    // rankingTop is a constant: a LIMIT parameter would make PostgreSQL plan the statement anew every time.
    .limit(rankingTop)
    .prepare('copy_trading_ranking'),
);

const passTime = preparedFor((db) =>
  db
    .select({ computedAt: copyStatsPasses.computedAt })
    .from(copyStatsPasses)
    .where(eq(copyStatsPasses.tenantId, sql.placeholder('tenantId')))
    .prepare('copy_trading_pass_time'),
);

/** rankings: the period's top 100 in rank order, with the period's minimums and when they were computed. */
export async function ranking(db: Db, tenantId: number, period: RankingPeriod) {
  const rows = await rankedRows(db).execute({ period, tenantId });
  // With no ranked strategy the pass's time is still told (null before the first pass).
  const computedAt = rows[0]?.passComputedAt ?? (await passTime(db).execute({ tenantId }))[0]?.computedAt ?? null;
  return {
    period,
    computed_at: computedAt,
    min_runtime_days: rankingMinimums[period].runtimeDays,
    min_trades: rankingMinimums[period].trades,
    entries: rows.map((row) => ({
      rank: row.stats.rank!,
      strategy_id: row.strategyId,
      strategy_name: row.strategyName,
      trader_name: row.traderName,
      trader_avatar: row.traderAvatar,
      risk: row.risk,
      risk_level: riskLevel(row.risk),
      quote_asset: row.quoteAsset,
      stats: statsView(row.stats),
    })),
  };
}

/** ranking: a strategy's public page (its figures over every period, its curve over `period`); unknown: AccountNotFound. */
export async function rankingDetail(db: Db, tenantId: number, id: string, period: RankingPeriod) {
  const [row] = await db
    .select({ strategy: strategies, traderName: users.name, traderAvatar: users.avatar })
    .from(strategies)
    .innerJoin(users, eq(users.id, strategies.userId))
    .where(and(eq(strategies.tenantId, tenantId), eq(strategies.id, id)));
  if (!row) throw accountNotFound();
  const { strategy } = row;
  const [stats, equity] = await Promise.all([storedStats(db, [strategy.id]), equityCurve(db, strategy.id, period)]);
  return {
    period,
    strategy_id: strategy.id,
    strategy_name: strategy.name,
    trader_name: row.traderName,
    trader_avatar: row.traderAvatar,
    description: strategy.description,
    risk: strategy.risk,
    risk_level: riskLevel(strategy.risk),
    quote_asset: strategy.quoteAsset,
    exchange_name: exchangeName(strategy.exchange),
    started_at: strategy.startedAt,
    all_stats: allStatsOf(stats.get(strategy.id)!, strategy.startedAt),
    equity,
  };
}
