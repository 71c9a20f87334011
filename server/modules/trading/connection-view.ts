// Connections and link requests as the contract shows them (issue 32): each with its account's name and exchange and
// the member's name (the trader sees who follows), read with one statement per list. A Connection's strategy and
// copied trades are field resolvers (copy-write-resolvers.ts); tenantId and strategyId stay on the parent for them.
import { desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../account/tables';
import { copiedTrades, copyConnections, linkRequests, strategies, strategyTrades } from './copy-tables';
import { exchangeAccounts } from './tables';

type ConnectionRow = typeof copyConnections.$inferSelect;
type RequestRow = typeof linkRequests.$inferSelect;

const settingsOf = (row: Pick<ConnectionRow | RequestRow, 'lotSizePercent' | 'maxDrawdownPercent' | 'quoteAsset'>) => ({
  lot_size_percent: row.lotSizePercent,
  max_drawdown_percent: row.maxDrawdownPercent,
  quote_asset: row.quoteAsset,
});

/** The Connection fields every answer has, and what its strategy field resolver needs. */
export interface ConnectionParent {
  id: string;
  tenantId: number;
  strategyId: string;
  /** The follower. */
  userId: number;
  status: string;
  account_id: string;
  account_name: string;
  exchange: string;
  member_name: string;
  settings: ReturnType<typeof settingsOf>;
  pnl: string;
  drawdown_percent: string;
  trade_count: number;
  started_at: Date;
  key_deadline: Date | null;
  linked_at: Date | null;
  paused_at: Date | null;
  stopped_at: Date | null;
  disconnect_reason: string | null;
  suspension_cause: string | null;
  request_id: string;
}

const connectionParent = (row: { connection: ConnectionRow; accountName: string; exchange: string; memberName: string }): ConnectionParent => ({
  id: row.connection.id,
  tenantId: row.connection.tenantId,
  strategyId: row.connection.strategyId,
  userId: row.connection.userId,
  status: row.connection.status,
  account_id: row.connection.accountId,
  account_name: row.accountName,
  exchange: row.exchange,
  member_name: row.memberName,
  settings: settingsOf(row.connection),
  pnl: row.connection.pnl,
  drawdown_percent: row.connection.drawdownPercent,
  trade_count: row.connection.tradeCount,
  started_at: row.connection.createdAt,
  key_deadline: row.connection.keyDeadline,
  linked_at: row.connection.linkedAt,
  paused_at: row.connection.pausedAt,
  stopped_at: row.connection.stoppedAt,
  disconnect_reason: row.connection.disconnectReason,
  suspension_cause: row.connection.suspensionCause,
  request_id: row.connection.requestId,
});

/** Connections matching `where` (over copy_connections and strategies), newest first. */
export async function connectionsWhere(db: Db, where: SQL | undefined): Promise<ConnectionParent[]> {
  const rows = await db
    .select({ connection: copyConnections, accountName: exchangeAccounts.name, exchange: exchangeAccounts.exchange, memberName: users.name })
    .from(copyConnections)
    .innerJoin(strategies, eq(strategies.id, copyConnections.strategyId))
    .innerJoin(exchangeAccounts, eq(exchangeAccounts.id, copyConnections.accountId))
    .innerJoin(users, eq(users.id, copyConnections.userId))
    .where(where)
    .orderBy(desc(copyConnections.createdAt), desc(copyConnections.id));
  return rows.map(connectionParent);
}

export async function connectionById(db: Db, id: string): Promise<ConnectionParent> {
  const [connection] = await connectionsWhere(db, eq(copyConnections.id, id));
  if (!connection) throw new Error(`Connection ${id} vanished.`);
  return connection;
}

const requestView = (row: { request: RequestRow; strategyName: string; accountName: string; exchange: string; memberName: string }) => ({
  id: row.request.id,
  strategy_id: row.request.strategyId,
  strategy_name: row.strategyName,
  account_id: row.request.accountId,
  account_name: row.accountName,
  exchange: row.exchange,
  member_name: row.memberName,
  status: row.request.status,
  settings: settingsOf(row.request),
  review_deadline: row.request.reviewDeadline,
  decided_at: row.request.decidedAt,
  decline_reason: row.request.declineReason,
  expired: row.request.expired,
  connection_id: row.request.connectionId,
  created_at: row.request.createdAt,
});
export type RequestView = ReturnType<typeof requestView>;

/** Link requests matching `where` (over link_requests and strategies), newest first unless `oldestFirst`. */
export async function requestsWhere(db: Db, where: SQL | undefined, oldestFirst = false): Promise<RequestView[]> {
  const order = oldestFirst ? [linkRequests.createdAt, linkRequests.id] : [desc(linkRequests.createdAt), desc(linkRequests.id)];
  const rows = await db
    .select({ request: linkRequests, strategyName: strategies.name, accountName: exchangeAccounts.name, exchange: exchangeAccounts.exchange, memberName: users.name })
    .from(linkRequests)
    .innerJoin(strategies, eq(strategies.id, linkRequests.strategyId))
    .innerJoin(exchangeAccounts, eq(exchangeAccounts.id, linkRequests.accountId))
    .innerJoin(users, eq(users.id, linkRequests.userId))
    .where(where)
    .orderBy(...order);
  return rows.map(requestView);
}

export async function requestById(db: Db, id: string): Promise<RequestView> {
  const [request] = await requestsWhere(db, eq(linkRequests.id, id));
  if (!request) throw new Error(`Link request ${id} vanished.`);
  return request;
}

/** Connection.trades: the copied trades, newest first (at most 100). */
export async function connectionTrades(db: Db, connectionId: string) {
  const rows = await db
    .select({ copied: copiedTrades, trade: strategyTrades })
    .from(copiedTrades)
    .innerJoin(strategyTrades, eq(strategyTrades.id, copiedTrades.strategyTradeId))
    .where(eq(copiedTrades.connectionId, connectionId))
    .orderBy(desc(copiedTrades.closedAt), desc(copiedTrades.strategyTradeId))
    .limit(100);
  return rows.map(({ copied, trade }) => ({
    id: copied.id,
    strategy_trade_id: String(trade.id),
    symbol: trade.symbol,
    side: trade.side,
    amount: copied.amount,
    open_price: trade.openPrice,
    close_price: trade.closePrice,
    pnl: copied.pnl,
    closed_at: copied.closedAt,
  }));
}

/** ExchangeAccount.connections: the connections the account serves, newest first. */
export async function accountConnections(db: Db, accountId: string) {
  const rows = await db
    .select({ id: copyConnections.id, strategyId: copyConnections.strategyId, strategyName: strategies.name, status: copyConnections.status, createdAt: copyConnections.createdAt })
    .from(copyConnections)
    .innerJoin(strategies, eq(strategies.id, copyConnections.strategyId))
    .where(eq(copyConnections.accountId, accountId))
    .orderBy(desc(copyConnections.createdAt), desc(copyConnections.id));
  return rows.map((row) => ({ id: row.id, strategy_id: row.strategyId, strategy_name: row.strategyName, status: row.status, created_at: row.createdAt }));
}
