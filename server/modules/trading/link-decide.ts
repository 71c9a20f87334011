// investorRequestDecide (issue 32): the strategy's trader accepts or declines a pending link request. One transaction
// locks the strategy, the account (on accept) and the request, in the order the link request and an account's
// disconnect lock them, so neither waits for the other in a circle. Accepting makes a pending connection (its copied
// equity from the account's balance; none readable: AccountNotActive, the request left pending) whose key is
// linked within 48 hours; the link is tried AFTER the commit (it may reach an exchange, never under a lock) and, when
// it succeeds, one conditional update makes the connection active. A decided or expired request is RequestDecided,
// except the same decision repeated, which answers the request as it is.
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ServerConfig } from '../../config';
import type { UserRow } from '../../context';
import { validate } from '../../validation';
import { keyLinkWindow, placeHoldingStatuses } from '../../../domain/copy-trading';
import { disconnectReasonSchema } from '../../../domain/trading';
import type { TenantRow } from '../shell/service';
import { copyRefused } from './copy-refusals';
import { copyConnections, linkRequests, strategies } from './copy-tables';
import { requestById } from './connection-view';
import { ExchangeError } from './exchange-adapter';
import { adapterFor } from './key-check';
import { accountNotFound } from './limits';
import { quoteBalance } from './links';
import { openSecret, secretContext, secretsKey } from './secrets';
import { exchangeAccounts } from './tables';

/**
 * Links a pending connection's key: in the sandbox the account still connected is enough; outside it, a balance read
 * through the exchange with the account's key is the proof. Then pending → active (with the account still connected
 * and the key's deadline not passed) in one conditional update. Whether this call made it active.
 */
export async function linkKey(db: Db, config: Pick<ServerConfig, 'production'>, connectionId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ status: copyConnections.status, account: exchangeAccounts })
    .from(copyConnections)
    .innerJoin(exchangeAccounts, eq(exchangeAccounts.id, copyConnections.accountId))
    .where(eq(copyConnections.id, connectionId));
  if (!row || row.status !== 'pending' || row.account.status !== 'connected') return false;
  const adapter = adapterFor(config);
  if (!adapter.sandbox) {
    const { account } = row;
    try {
      const key = await secretsKey(db);
      await adapter.readKey(account.exchange, {
        api_key: openSecret(key, account.apiKeySealed, secretContext(account.id, 'api_key')),
        secret: openSecret(key, account.secretSealed, secretContext(account.id, 'secret')),
        passphrase: account.passphraseSealed ? openSecret(key, account.passphraseSealed, secretContext(account.id, 'passphrase')) : null,
      });
    } catch (error) {
      // Not linked yet: the copytrading.connections job tries again until the key's deadline.
      if (!(error instanceof ExchangeError)) console.error(`Linking connection ${connectionId} failed: ${error instanceof Error ? error.name : 'error'}`);
      return false;
    }
  }
  const linked = await db
    .update(copyConnections)
    .set({ status: 'active', linkedAt: now, copyFrom: now, updatedAt: now })
    .where(
      and(
        eq(copyConnections.id, connectionId),
        eq(copyConnections.status, 'pending'),
        or(isNull(copyConnections.keyDeadline), gt(copyConnections.keyDeadline, now)),
        sql`exists(select 1 from exchange_accounts a where a.id = copy_connections.account_id and a.status = 'connected')`,
      ),
    )
    .returning({ id: copyConnections.id });
  return linked.length > 0;
}

/** investorRequestDecide: only the strategy's trader (another member: AccountNotFound). */
export async function decideRequest(
  db: Db,
  config: Pick<ServerConfig, 'production'>,
  tenant: TenantRow,
  user: UserRow,
  requestId: string,
  accept: boolean,
  rawReason: unknown,
  now = new Date(),
) {
  const [found] = await db
    .select({ strategyId: linkRequests.strategyId, accountId: linkRequests.accountId, traderId: strategies.userId })
    .from(linkRequests)
    .innerJoin(strategies, eq(strategies.id, linkRequests.strategyId))
    .where(and(eq(linkRequests.id, requestId), eq(linkRequests.tenantId, tenant.id)));
  if (!found || found.traderId !== user.id) throw accountNotFound();
  const reason = accept ? null : validate(disconnectReasonSchema, { reason: rawReason }).reason;
  const connectionId = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [strategy] = await tx.select().from(strategies).where(eq(strategies.id, found.strategyId)).for('no key update');
    // The account is locked before the request, as a disconnect locks them: it then stops this connection too.
    const [account] = accept ? await tx.select().from(exchangeAccounts).where(eq(exchangeAccounts.id, found.accountId)).for('share') : [];
    const [request] = await tx.select().from(linkRequests).where(eq(linkRequests.id, requestId)).for('update');
    if (!strategy || !request) throw accountNotFound();
    if (request.status !== 'pending' || request.reviewDeadline <= now) {
      if (request.status === (accept ? 'active' : 'declined')) return null;
      throw copyRefused('RequestDecided');
    }
    if (!accept) {
      await tx
        .update(linkRequests)
        .set({ status: 'declined', declineReason: reason, decidedAt: now, updatedAt: now })
        .where(and(eq(linkRequests.id, request.id), eq(linkRequests.status, 'pending')));
      return null;
    }
    // This request already holds a place; the strategy is full once its connections alone fill it.
    const [{ held } = { held: 0 }] = await tx
      .select({ held: sql<number>`count(*)::int` })
      .from(copyConnections)
      .where(and(eq(copyConnections.strategyId, strategy.id), inArray(copyConnections.status, [...placeHoldingStatuses])));
    if (Number(held) >= strategy.maxFollowers) throw copyRefused('StrategyFull');
    // The copied equity and its drawdown count from the balance, read as the request's check reads it; without one
    // the accept is refused and the request stays pending until its review deadline.
    const balance = account ? quoteBalance(account, strategy.quoteAsset) : null;
    if (balance === null) throw copyRefused('AccountNotActive');
    const [connection] = await tx
      .insert(copyConnections)
      .values({
        tenantId: request.tenantId,
        strategyId: strategy.id,
        userId: request.userId,
        accountId: request.accountId,
        requestId: request.id,
        status: 'pending',
        lotSizePercent: request.lotSizePercent,
        maxDrawdownPercent: request.maxDrawdownPercent,
        quoteAsset: request.quoteAsset,
        startEquity: balance,
        equityPeak: balance,
        keyDeadline: new Date(now.getTime() + keyLinkWindow),
        createdAt: now,
        updatedAt: now,
      })
      // One live connection per account (copy_connections_live_account).
      .onConflictDoNothing()
      .returning({ id: copyConnections.id });
    if (!connection) throw copyRefused('AlreadyLinked');
    await tx
      .update(linkRequests)
      .set({ status: 'active', connectionId: connection.id, decidedAt: now, updatedAt: now })
      .where(eq(linkRequests.id, request.id));
    return connection.id;
  });
  if (connectionId) await linkKey(db, config, connectionId, now);
  return requestById(db, user.id, requestId);
}
