// A strategy as the contract's Strategy type starts from (issue 32): its own fields and how many places its followers
// and pending requests take. Every resolver that answers a Strategy (lists, one strategy, a connection's strategy,
// the investors page) starts from strategyParents; the Strategy field resolvers (stats, equity, my_*) add the rest.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { placeHoldingStatuses, riskLevel } from '../../../domain/copy-trading';
import { users } from '../account/tables';
import { exchangeName } from './ccxt-adapter';
import { copyConnections, linkRequests, strategies } from './copy-tables';
import { shortName } from '../account/public-name';

export type StrategyRow = typeof strategies.$inferSelect;

/** The Strategy fields every answer has; tenantId and userId stay on the parent for the field resolvers. */
export interface StrategyParent {
  id: string;
  tenantId: number;
  userId: number;
  name: string;
  description: string;
  trader_name: string;
  trader_avatar: string | null;
  risk: number;
  risk_level: string;
  exchange: string;
  exchange_name: string;
  quote_asset: string;
  min_deposit: string;
  max_followers: number;
  followers: number;
  capacity_left: number;
  probation_until: Date | null;
  in_probation: boolean;
  fee_percent: string;
  started_at: Date;
  status: string;
}

/** Places taken per strategy: connections that hold one (placeHoldingStatuses) and pending requests. */
export async function placesTaken(db: Db, strategyIds: readonly string[]): Promise<Map<string, number>> {
  const taken = new Map<string, number>(strategyIds.map((id) => [id, 0]));
  if (strategyIds.length === 0) return taken;
  const [connections, requests] = await Promise.all([
    db
      .select({ strategyId: copyConnections.strategyId, count: sql<number>`count(*)::int` })
      .from(copyConnections)
      .where(and(inArray(copyConnections.strategyId, [...strategyIds]), inArray(copyConnections.status, [...placeHoldingStatuses])))
      .groupBy(copyConnections.strategyId),
    db
      .select({ strategyId: linkRequests.strategyId, count: sql<number>`count(*)::int` })
      .from(linkRequests)
      .where(and(inArray(linkRequests.strategyId, [...strategyIds]), eq(linkRequests.status, 'pending')))
      .groupBy(linkRequests.strategyId),
  ]);
  for (const row of [...connections, ...requests]) taken.set(row.strategyId, (taken.get(row.strategyId) ?? 0) + row.count);
  return taken;
}

export function strategyParent(
  row: StrategyRow,
  trader: { name: string; avatar: string | null },
  followers: number,
  now: Date,
): StrategyParent {
  const inProbation = row.probationUntil !== null && now < row.probationUntil;
  return {
    id: row.id,
    tenantId: row.tenantId,
    userId: row.userId,
    name: row.name,
    description: row.description,
    trader_name: shortName(trader.name),
    trader_avatar: trader.avatar,
    risk: row.risk,
    risk_level: riskLevel(row.risk),
    exchange: row.exchange,
    exchange_name: exchangeName(row.exchange),
    quote_asset: row.quoteAsset,
    min_deposit: row.minDeposit,
    max_followers: row.maxFollowers,
    followers,
    capacity_left: Math.max(0, row.maxFollowers - followers),
    probation_until: row.probationUntil,
    in_probation: inProbation,
    fee_percent: row.feePercent,
    started_at: row.startedAt,
    status: row.status,
  };
}

/** The strategies of `tenantId` with these ids (all of the tenant's when `ids` is null), as Strategy parents. */
export async function strategyParents(db: Db, tenantId: number, ids: readonly string[] | null, now = new Date()): Promise<StrategyParent[]> {
  if (ids !== null && ids.length === 0) return [];
  const rows = await db
    .select({ strategy: strategies, traderName: users.name, traderAvatar: users.avatar })
    .from(strategies)
    .innerJoin(users, eq(users.id, strategies.userId))
    .where(ids === null ? eq(strategies.tenantId, tenantId) : and(eq(strategies.tenantId, tenantId), inArray(strategies.id, [...ids])));
  const taken = await placesTaken(
    db,
    rows.map((row) => row.strategy.id),
  );
  return rows.map((row) =>
    strategyParent(row.strategy, { name: row.traderName, avatar: row.traderAvatar }, taken.get(row.strategy.id) ?? 0, now),
  );
}

