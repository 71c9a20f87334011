// Connections (issue 32): what a member and a trader read (a connection, the member's connections and link requests,
// the investors page), and what a member changes on their own connection: its settings, pause, resume, disconnect.
// Each change is one transaction that locks the connection's row, decides from its status as locked, and writes one
// update conditional on that status; asking for the state it is already in answers it as it is.
import { and, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../context';
import { appError } from '../../errors';
import { validate } from '../../validation';
import { crossesDrawdown, decidedRequestsShown, type CopySettings } from '../../../domain/copy-trading';
import { disconnectReasonSchema } from '../../../domain/trading';
import type { TenantRow } from '../shell/service';
import { copyRefused } from './copy-refusals';
import { copyConnections, linkRequests, strategies } from './copy-tables';
import { connectionById, connectionsWhere, requestsWhere } from './connection-view';
import { accountNotFound, refuseWhileSuspended } from './limits';
import { runsStrategy, settingsFrom } from './links';
import { strategyParents } from './strategy-row';
import { exchangeAccounts } from './tables';

type ConnectionRow = typeof copyConnections.$inferSelect;

/** connection: the member's own, or one to a strategy they run; anything else is AccountNotFound. */
export async function visibleConnection(db: Db, tenant: TenantRow, user: UserRow, id: string) {
  const [connection] = await connectionsWhere(
    db,
    user.id,
    and(eq(copyConnections.id, id), eq(copyConnections.tenantId, tenant.id), or(eq(copyConnections.userId, user.id), eq(strategies.userId, user.id))),
  );
  if (!connection) throw accountNotFound();
  return connection;
}

/** myConnections: not disconnected, newest first. */
export const memberConnections = (db: Db, tenant: TenantRow, user: UserRow) =>
  connectionsWhere(db, user.id, and(eq(copyConnections.tenantId, tenant.id), eq(copyConnections.userId, user.id), ne(copyConnections.status, 'disconnected')));

/** myLinkRequests: pending ones and those decided (or expired) in the last 30 days, newest first. */
export const memberRequests = (db: Db, tenant: TenantRow, user: UserRow, now = new Date()) =>
  requestsWhere(
    db,
    user.id,
    and(
      eq(linkRequests.tenantId, tenant.id),
      eq(linkRequests.userId, user.id),
      or(eq(linkRequests.status, 'pending'), gte(sql`coalesce(${linkRequests.decidedAt}, ${linkRequests.createdAt})`, new Date(now.getTime() - decidedRequestsShown))),
    ),
  );

/** investors: a member who runs a strategy (is_bot_manager; forbidden otherwise) sees its followers and requests. */
export async function investorsOverview(db: Db, tenant: TenantRow, user: UserRow, now = new Date()) {
  if (!(await runsStrategy(db, tenant.id, user.id))) throw appError('forbidden', 'Only a member who runs a strategy has investors.');
  const own = await db
    .select({ id: strategies.id })
    .from(strategies)
    .where(and(eq(strategies.tenantId, tenant.id), eq(strategies.userId, user.id)));
  const ids = own.map((strategy) => strategy.id);
  const [list, followers, requests] = await Promise.all([
    strategyParents(db, tenant.id, ids, now),
    connectionsWhere(db, user.id, and(inArray(copyConnections.strategyId, ids), ne(copyConnections.status, 'disconnected'))),
    requestsWhere(db, user.id, and(inArray(linkRequests.strategyId, ids), eq(linkRequests.status, 'pending')), true),
  ]);
  return { strategies: list.sort((a, b) => a.started_at.getTime() - b.started_at.getTime()), followers, requests };
}

/** Runs `change` on the member's own connection under its row lock, then answers the connection. */
async function changeOwn(db: Db, tenant: TenantRow, user: UserRow, id: string, change: (tx: Db, row: ConnectionRow) => Promise<void>) {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx
      .select()
      .from(copyConnections)
      .where(and(eq(copyConnections.id, id), eq(copyConnections.tenantId, tenant.id), eq(copyConnections.userId, user.id)))
      .for('update');
    if (!row) throw accountNotFound();
    await change(tx, row);
  });
  return connectionById(db, user.id, id);
}

/** One update from the status `row` was locked in. */
const transition = (tx: Db, row: ConnectionRow, values: Partial<typeof copyConnections.$inferInsert>, now: Date) =>
  tx
    .update(copyConnections)
    .set({ ...values, updatedAt: now })
    .where(and(eq(copyConnections.id, row.id), eq(copyConnections.status, row.status)));

const settingsOf = (row: ConnectionRow): CopySettings => ({
  lot_size_percent: row.lotSizePercent,
  max_drawdown_percent: row.maxDrawdownPercent,
  quote_asset: row.quoteAsset,
});

const changeable = ['pending', 'active', 'paused'];

/** connectionUpdate: new settings; a drawdown limit at or below the current drawdown stops it at once. */
export async function updateConnection(db: Db, tenant: TenantRow, user: UserRow, id: string, rawSettings: unknown, now = new Date()) {
  const [current] = await db
    .select({ connection: copyConnections, quoteAsset: strategies.quoteAsset })
    .from(copyConnections)
    .innerJoin(strategies, eq(strategies.id, copyConnections.strategyId))
    .where(and(eq(copyConnections.id, id), eq(copyConnections.tenantId, tenant.id), eq(copyConnections.userId, user.id)));
  if (!current) throw accountNotFound();
  settingsFrom(current.quoteAsset, rawSettings, settingsOf(current.connection));
  return changeOwn(db, tenant, user, id, async (tx, row) => {
    if (!changeable.includes(row.status)) throw copyRefused('ConnectionStateChanged');
    const settings = settingsFrom(current.quoteAsset, rawSettings, settingsOf(row));
    const stops = row.status !== 'pending' && crossesDrawdown(row.drawdownPercent, settings.max_drawdown_percent);
    await transition(
      tx,
      row,
      {
        lotSizePercent: settings.lot_size_percent,
        maxDrawdownPercent: settings.max_drawdown_percent,
        quoteAsset: settings.quote_asset,
        ...(stops ? { status: 'drawdown exceeded' as const, stoppedAt: now } : {}),
      },
      now,
    );
  });
}

/** connectionPause: active → paused; paused answers as it is. */
export const pauseConnection = (db: Db, tenant: TenantRow, user: UserRow, id: string, now = new Date()) =>
  changeOwn(db, tenant, user, id, async (tx, row) => {
    if (row.status === 'paused') return;
    if (row.status !== 'active') throw copyRefused('ConnectionStateChanged');
    await transition(tx, row, { status: 'paused', pausedAt: now }, now);
  });

/**
 * connectionResume: paused (or suspended, once its cause is gone) → active, copying the trades synced from now on
 * (none of the pause's); a connection whose key was never linked goes back to pending. Refused while trading is
 * suspended (AccountNotActive), trader fees are overdue (OverdueInvoices) or the account is not connected.
 */
export const resumeConnection = (db: Db, tenant: TenantRow, user: UserRow, id: string, now = new Date()) =>
  changeOwn(db, tenant, user, id, async (tx, row) => {
    if (row.status === 'active') return;
    if (row.status !== 'paused' && row.status !== 'suspended') throw copyRefused('ConnectionStateChanged');
    await refuseWhileSuspended(tx, user.id);
    const [account] = await tx.select({ status: exchangeAccounts.status }).from(exchangeAccounts).where(eq(exchangeAccounts.id, row.accountId));
    if (account?.status !== 'connected') throw copyRefused('AccountNotActive');
    const resumed = row.linkedAt ? { status: 'active' as const, copyFrom: now } : { status: 'pending' as const };
    await transition(tx, row, { ...resumed, pausedAt: null, suspensionCause: null }, now);
  });

/** connectionDisconnect: stops it for good with the member's reason (1-400); disconnected answers as it is. */
export async function disconnectConnection(db: Db, tenant: TenantRow, user: UserRow, id: string, rawReason: unknown, now = new Date()) {
  const { reason } = validate(disconnectReasonSchema, { reason: rawReason });
  return changeOwn(db, tenant, user, id, async (tx, row) => {
    if (row.status === 'disconnected') return;
    await transition(tx, row, { status: 'disconnected', disconnectReason: reason, suspensionCause: null, stoppedAt: row.stoppedAt ?? now }, now);
  });
}
