// The copytrading.connections job (issue 32, calls §9): one pass over what is due at `now`, each unit claimed so
// that two processes, or a rerun, do it once:
// - pending link requests past their 24-hour review expire (one conditional update: pending → failed, expired);
// - pending connections past their 48-hour key deadline fail, the others' keys are tried again (link-decide.ts
//   linkKey: one conditional update pending → active);
// - live connections of members whose trading is suspended or whose trader fee invoices have been overdue 3 days or
//   more are suspended with the cause (the member's state read by the same statement, as trading.suspensions does);
// - every strategy trade synced since an active connection began copying is copied onto it once: per connection,
//   one transaction locks its row, copies what is not yet copied (copied_trades is unique per connection and
//   trade), and updates its PnL, equity peak, drawdown and trade count; a drawdown that reaches the limit stops it
//   ('drawdown exceeded') there, once.
import Big from 'big.js';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readConfig, type ServerConfig } from '../../config';
import { copiedPnl, crossesDrawdown, drawdownPercent } from '../../../domain/copy-trading';
import { copiedTrades, copyConnections, linkRequests, strategyTrades } from './copy-tables';
import { linkKey } from './link-decide';
import { dueCause, memberDue } from './suspensions';

/** Whether strategy trades synced since an active connection began copying (its resume, else its link, else its
 * creation) are not yet copied onto it. Spelled with the table's name: a single-table select renders columns bare. */
const hasUncopied = sql`exists(select 1 from strategy_trades t where t.strategy_id = copy_connections.strategy_id
  and t.synced_at >= coalesce(copy_connections.copy_from, copy_connections.linked_at, copy_connections.created_at)
  and not exists(select 1 from copied_trades c where c.connection_id = copy_connections.id and c.strategy_trade_id = t.id))`;

export async function expireRequests(db: Db, now: Date) {
  const expired = await db
    .update(linkRequests)
    .set({ status: 'failed', expired: true, decidedAt: now, updatedAt: now })
    .where(and(eq(linkRequests.status, 'pending'), lte(linkRequests.reviewDeadline, now)))
    .returning({ id: linkRequests.id });
  return expired.length;
}

async function linkPending(db: Db, config: Pick<ServerConfig, 'production'>, now: Date) {
  const failed = await db
    .update(copyConnections)
    .set({ status: 'failed', stoppedAt: now, updatedAt: now })
    .where(and(eq(copyConnections.status, 'pending'), lte(copyConnections.keyDeadline, now)))
    .returning({ id: copyConnections.id });
  const pending = await db.select({ id: copyConnections.id }).from(copyConnections).where(eq(copyConnections.status, 'pending'));
  let linked = 0;
  for (const connection of pending) if (await linkKey(db, config, connection.id, now)) linked += 1;
  return { linked, failed: failed.length };
}

async function suspendConnections(db: Db, now: Date) {
  const suspended = await db
    .update(copyConnections)
    .set({ status: 'suspended', suspensionCause: dueCause(copyConnections.userId), updatedAt: now })
    .where(and(inArray(copyConnections.status, ['pending', 'active', 'paused']), memberDue(copyConnections.userId, now)))
    .returning({ id: copyConnections.id });
  return suspended.length;
}

const chunk = 500;

/** Copies what is due onto one connection under its row lock: the trades copied and whether it stopped. */
export async function copyOnto(db: Db, connectionId: string, now: Date) {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [connection] = await tx.select().from(copyConnections).where(eq(copyConnections.id, connectionId)).for('update');
    if (connection?.status !== 'active') return { copied: 0, stopped: false };
    const trades = await tx
      .select()
      .from(strategyTrades)
      .where(
        and(
          eq(strategyTrades.strategyId, connection.strategyId),
          gte(strategyTrades.syncedAt, connection.copyFrom ?? connection.linkedAt ?? connection.createdAt),
          sql`not exists(select 1 from ${copiedTrades} where ${copiedTrades.connectionId} = ${connectionId} and ${copiedTrades.strategyTradeId} = ${strategyTrades.id})`,
        ),
      )
      .orderBy(asc(strategyTrades.closedAt), asc(strategyTrades.id));
    const start = new Big(connection.startEquity);
    let pnl = new Big(connection.pnl);
    let peak = new Big(connection.equityPeak);
    let drawdown = connection.drawdownPercent;
    let stopped = false;
    const rows: (typeof copiedTrades.$inferInsert)[] = [];
    for (const trade of trades) {
      const tradePnl = copiedPnl(trade.pnl, connection.lotSizePercent);
      const amount = new Big(trade.amount).times(connection.lotSizePercent).div(100).round(8, Big.roundDown).toFixed(8);
      rows.push({ connectionId, strategyTradeId: trade.id, amount, pnl: tradePnl, closedAt: trade.closedAt, createdAt: now });
      pnl = pnl.plus(tradePnl);
      const equity = start.plus(pnl);
      if (equity.gt(peak)) peak = equity;
      drawdown = drawdownPercent(peak.toFixed(8), equity.toFixed(8));
      if (crossesDrawdown(drawdown, connection.maxDrawdownPercent)) {
        stopped = true;
        break;
      }
    }
    if (rows.length === 0) return { copied: 0, stopped: false };
    // No "on conflict": under the row lock nothing else copies onto this connection, and copied_trades_once would
    // refuse (and roll back) a second copy rather than let one slip through.
    for (let at = 0; at < rows.length; at += chunk) await tx.insert(copiedTrades).values(rows.slice(at, at + chunk));
    await tx
      .update(copyConnections)
      .set({
        pnl: pnl.toFixed(8),
        equityPeak: peak.toFixed(8),
        drawdownPercent: drawdown,
        tradeCount: sql`${copyConnections.tradeCount} + ${rows.length}`,
        ...(stopped ? { status: 'drawdown exceeded' as const, stoppedAt: now } : {}),
        updatedAt: now,
      })
      .where(and(eq(copyConnections.id, connectionId), eq(copyConnections.status, 'active')));
    return { copied: rows.length, stopped };
  });
}

async function copyDue(db: Db, now: Date) {
  const due = await db
    .select({ id: copyConnections.id })
    .from(copyConnections)
    .where(and(eq(copyConnections.status, 'active'), hasUncopied));
  let copied = 0;
  let stopped = 0;
  for (const connection of due) {
    const outcome = await copyOnto(db, connection.id, now);
    copied += outcome.copied;
    if (outcome.stopped) stopped += 1;
  }
  return { copied, stopped };
}

export async function runConnectionsJob(db: Db, now = new Date(), config: Pick<ServerConfig, 'production'> = readConfig()) {
  const expired = await expireRequests(db, now);
  const { linked, failed } = await linkPending(db, config, now);
  const suspended = await suspendConnections(db, now);
  const { copied, stopped } = await copyDue(db, now);
  return { expired, linked, failed, suspended, copied, stopped };
}
