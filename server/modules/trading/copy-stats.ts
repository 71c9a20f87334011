// The copytrading.stats job (issue 32, calls §9: statistics refresh every 15 minutes). Per tenant with strategies,
// at most once every copyStatsRefresh: the pass is claimed by one conditional upsert of copy_stats_passes (claimed_at
// moves forward only from 15 minutes or more before), so a second process, a parallel run or a rerun within 15
// minutes finds nothing to claim and does nothing. The pass syncs each active strategy's new closed trades from the
// exchange adapter (from synced_until; inserted under the unique (strategy_id, external_id), so a repeat adds
// nothing), then computes every strategy's figures for the six periods (copy-figures.ts) and writes them all in one
// transaction (so a reader sees one pass or the next, never half of one). Requests only read what it wrote.
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readConfig } from '../../config';
import { copyStatsRefresh } from '../../../domain/timing';
import { periodStart } from '../../../domain/copy-trading';
import type { ExchangeAdapter } from './exchange-adapter';
import { adapterFor } from './key-check';
import { copyStatsPasses, strategies, strategyStats, strategyTrades } from './copy-tables';
import { strategyFigures, withRanks, type StatsRow } from './copy-figures';
import { syncStrategyTrades } from './copy-sync';

/** Claims the tenant's pass at `now`, or answers false when one ran (or runs) less than 15 minutes before. */
export async function claimStatsPass(db: Db, tenantId: number, now: Date): Promise<boolean> {
  const claimed = await db
    .insert(copyStatsPasses)
    .values({ tenantId, claimedAt: now })
    .onConflictDoUpdate({
      target: copyStatsPasses.tenantId,
      set: { claimedAt: now },
      setWhere: lte(copyStatsPasses.claimedAt, new Date(now.getTime() - copyStatsRefresh)),
    })
    .returning({ tenantId: copyStatsPasses.tenantId });
  return claimed.length > 0;
}

/** Gives a failed pass's claim back (only the claim this pass made), so the next run tries again at once. */
async function releaseStatsPass(db: Db, tenantId: number, now: Date) {
  await db
    .update(copyStatsPasses)
    .set({ claimedAt: new Date(now.getTime() - copyStatsRefresh) })
    .where(and(eq(copyStatsPasses.tenantId, tenantId), eq(copyStatsPasses.claimedAt, now)));
}

/** Every strategy's figures for the tenant at `now`, ranked, from the trades stored. */
export async function computeTenantStats(db: Db, tenantId: number, now: Date): Promise<StatsRow[]> {
  const rows = await db.select().from(strategies).where(eq(strategies.tenantId, tenantId));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const longest = periodStart('6m', now);
  const [trades, before] = await Promise.all([
    db
      .select({ strategyId: strategyTrades.strategyId, pnl: strategyTrades.pnl, closedAt: strategyTrades.closedAt })
      .from(strategyTrades)
      .where(and(inArray(strategyTrades.strategyId, ids), gt(strategyTrades.closedAt, longest), lte(strategyTrades.closedAt, now)))
      .orderBy(asc(strategyTrades.strategyId), asc(strategyTrades.closedAt), asc(strategyTrades.id)),
    db
      .select({ strategyId: strategyTrades.strategyId, pnl: sql<string>`coalesce(sum(${strategyTrades.pnl}), 0)::text` })
      .from(strategyTrades)
      .where(and(inArray(strategyTrades.strategyId, ids), lte(strategyTrades.closedAt, longest)))
      .groupBy(strategyTrades.strategyId),
  ]);
  const byStrategy = new Map<string, { pnl: string; closed_at: Date }[]>(ids.map((id) => [id, []]));
  for (const trade of trades) byStrategy.get(trade.strategyId)!.push({ pnl: trade.pnl, closed_at: trade.closedAt });
  const pnlBefore = new Map(before.map((row) => [row.strategyId, row.pnl]));
  const figures = rows.flatMap((row) =>
    strategyFigures(
      { id: row.id, startEquity: row.startEquity, startedAt: row.startedAt, active: row.status === 'active' },
      byStrategy.get(row.id)!,
      pnlBefore.get(row.id) ?? '0',
      now,
    ),
  );
  return withRanks(figures, new Map(rows.map((row) => [row.id, row.startedAt])));
}

/** Writes a pass's rows (an upsert per strategy and period) and its time, in one transaction. */
export async function writeTenantStats(db: Db, tenantId: number, rows: readonly StatsRow[], now: Date) {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    if (rows.length > 0) {
      const excluded = (column: string) => sql.raw(`excluded.${column}`);
      await tx
        .insert(strategyStats)
        .values([...rows])
        .onConflictDoUpdate({
          target: [strategyStats.strategyId, strategyStats.period],
          set: {
            roiPercent: excluded('roi_percent'),
            pnl: excluded('pnl'),
            maxDrawdownPercent: excluded('max_drawdown_percent'),
            winRatePercent: excluded('win_rate_percent'),
            trades: excluded('trades'),
            runtimeDays: excluded('runtime_days'),
            ranked: excluded('ranked'),
            rank: excluded('rank'),
            equity: excluded('equity'),
            computedAt: excluded('computed_at'),
          },
        });
    }
    await tx.update(copyStatsPasses).set({ computedAt: now }).where(eq(copyStatsPasses.tenantId, tenantId));
  });
}

/** One tenant's pass, when it can claim one: sync, compute, write. */
export async function statsPass(db: Db, tenantId: number, now: Date, adapter: ExchangeAdapter) {
  if (!(await claimStatsPass(db, tenantId, now))) return null;
  try {
    const active = await db
      .select()
      .from(strategies)
      .where(and(eq(strategies.tenantId, tenantId), eq(strategies.status, 'active')));
    let synced = 0;
    for (const strategy of active) synced += await syncStrategyTrades(db, adapter, strategy, now);
    const rows = await computeTenantStats(db, tenantId, now);
    await writeTenantStats(db, tenantId, rows, now);
    return { synced, strategies: rows.length / 6 };
  } catch (error) {
    await releaseStatsPass(db, tenantId, now);
    throw error;
  }
}

export async function runCopyStatsJob(db: Db, now = new Date(), adapter: ExchangeAdapter = adapterFor(readConfig())) {
  const tenants = await db.selectDistinct({ tenantId: strategies.tenantId }).from(strategies);
  const outcome = { passes: 0, synced: 0, strategies: 0 };
  for (const { tenantId } of tenants) {
    const pass = await statsPass(db, tenantId, now, adapter);
    if (!pass) continue;
    outcome.passes += 1;
    outcome.synced += pass.synced;
    outcome.strategies += pass.strategies;
  }
  return outcome;
}
