// copyTradingLinkRequest (issue 32): a member asks to follow a strategy with one of their exchange accounts. An
// unknown or another's account or strategy is AccountNotFound and the settings are validated before anything else;
// then ONE transaction (withIdempotency: one request per idempotency key) locks the member's row, the strategy's
// and the account's, in that order, reads every fact of domain LinkFacts under those locks and refuses with
// linkRefusal's first reason, else stores the pending request the trader reviews within 24 hours. The member's lock
// holds the linkings limit under parallel requests, the strategy's its places (the last one goes to one member),
// the account's its one link; the rows are locked FOR NO KEY UPDATE, as the other areas lock a member: rows that
// reference them (the idempotency key, the request itself) hold KEY SHARE on them, which that mode leaves alone.
import * as v from 'valibot';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../context';
import { withIdempotency } from '../../db/idempotency';
import { validationError } from '../../errors';
import { defaultSettings, linkRefusal, parseLinkSettings, placeHoldingStatuses, reviewWindow, settingsWith, type CopySettings, type LinkFacts } from '../../../domain/copy-trading';
import { serviceLimits } from '../../../domain/trading';
import { users } from '../account/tables';
import type { TenantRow } from '../shell/service';
import { copyRefused } from './copy-refusals';
import { copyConnections, linkRequests, strategies } from './copy-tables';
import { requestById } from './connection-view';
import { accountNotFound, activeService, configOf, tradingSuspended } from './limits';
import { linkingsUsed } from './services';
import { placesTaken } from './strategy-row';
import { exchangeAccounts, services } from './tables';

type StrategyRow = typeof strategies.$inferSelect;
type AccountRow = typeof exchangeAccounts.$inferSelect;

/** The settings `raw` gives over `current` (domain parseLinkSettings), or a validation error naming each field. */
export function settingsFrom(quoteAsset: string, raw: unknown, current: CopySettings = defaultSettings(quoteAsset)): CopySettings {
  const result = parseLinkSettings([quoteAsset], raw);
  if (result.success) return settingsWith(result.output, current);
  const codes: Record<string, string[]> = {};
  for (const issue of result.issues) (codes[v.getDotPath(issue) ?? 'settings'] ??= []).push(issue.message);
  throw validationError(codes);
}

/** A strategy of the tenant that takes followers (not closed), or AccountNotFound. */
export async function openStrategy(db: Db, tenantId: number, id: string, lock = false): Promise<StrategyRow> {
  const query = db
    .select()
    .from(strategies)
    .where(and(eq(strategies.id, id), eq(strategies.tenantId, tenantId), eq(strategies.status, 'active')));
  const [row] = lock ? await query.for('no key update') : await query;
  if (!row) throw accountNotFound();
  return row;
}

/** The member's own account, or AccountNotFound. */
async function ownAccount(db: Db, tenantId: number, userId: number, id: string, lock = false): Promise<AccountRow> {
  const query = db
    .select()
    .from(exchangeAccounts)
    .where(and(eq(exchangeAccounts.id, id), eq(exchangeAccounts.tenantId, tenantId), eq(exchangeAccounts.userId, userId)));
  const [row] = lock ? await query.for('no key update') : await query;
  if (!row) throw accountNotFound();
  return row;
}

/** Whether the account serves a connection that holds a place, or waits in a pending request. */
async function accountLinked(tx: Db, accountId: string) {
  const [row] = await tx
    .select({
      linked: sql<boolean>`exists(select 1 from ${copyConnections} where ${and(eq(copyConnections.accountId, accountId), inArray(copyConnections.status, [...placeHoldingStatuses]))})
        or exists(select 1 from ${linkRequests} where ${and(eq(linkRequests.accountId, accountId), eq(linkRequests.status, 'pending'))})`,
    })
    .from(exchangeAccounts)
    .where(eq(exchangeAccounts.id, accountId));
  return Boolean(row?.linked);
}

/** Every fact linkRefusal judges, read in `tx` under the member's, the strategy's and the account's locks. */
async function linkFacts(tx: Db, member: Pick<UserRow, 'id' | 'tradingSuspendedAt' | 'accountStatus' | 'overdueTraderFeeInvoices'>, strategy: StrategyRow, account: AccountRow, now: Date): Promise<LinkFacts> {
  const [taken, used, active, linked] = await Promise.all([
    placesTaken(tx, [strategy.id]),
    linkingsUsed(tx, member.id),
    tx.select().from(services).where(and(eq(services.userId, member.id), activeService(now))),
    accountLinked(tx, account.id),
  ]);
  return {
    ownStrategy: strategy.userId === member.id,
    inProbation: strategy.probationUntil !== null && now < strategy.probationUntil,
    placesTaken: taken.get(strategy.id) ?? 0,
    maxFollowers: strategy.maxFollowers,
    overdueInvoices: member.overdueTraderFeeInvoices > 0,
    tradingSuspended: tradingSuspended(member),
    accountConnected: account.status === 'connected',
    linkingsUsed: used,
    linkingsAllowed: serviceLimits(active.map(configOf)).linkings,
    accountLinked: linked,
    // The balance is read in USDT (issue 31): in another quote asset it is unknown.
    balance: account.balance !== null && account.balanceCurrency === strategy.quoteAsset ? account.balance : null,
    minDeposit: strategy.minDeposit,
  };
}

/** copyTradingLinkRequest: the pending request, once per idempotency key; refusals store nothing. */
export async function requestLink(
  db: Db,
  tenant: TenantRow,
  user: UserRow,
  ids: { strategyId: string; accountId: string },
  rawSettings: unknown,
  idempotencyKey: string | null,
  now = new Date(),
) {
  const strategy = await openStrategy(db, tenant.id, ids.strategyId);
  await ownAccount(db, tenant.id, user.id, ids.accountId);
  const settings = settingsFrom(strategy.quoteAsset, rawSettings);
  const request = { strategy_id: ids.strategyId, account_id: ids.accountId, settings: { ...settings } };
  const { id } = await withIdempotency(db, user.id, 'copyTradingLinkRequest', idempotencyKey, request, async (tx) => {
    const [member] = await tx
      .select({ id: users.id, tradingSuspendedAt: users.tradingSuspendedAt, accountStatus: users.accountStatus, overdueTraderFeeInvoices: users.overdueTraderFeeInvoices })
      .from(users)
      .where(eq(users.id, user.id))
      .for('no key update');
    if (!member) throw accountNotFound();
    const locked = await openStrategy(tx, tenant.id, ids.strategyId, true);
    const account = await ownAccount(tx, tenant.id, user.id, ids.accountId, true);
    const refusal = linkRefusal(await linkFacts(tx, member, locked, account, now));
    if (refusal) throw copyRefused(refusal);
    const [made] = await tx
      .insert(linkRequests)
      .values({
        tenantId: tenant.id,
        strategyId: locked.id,
        userId: user.id,
        accountId: account.id,
        status: 'pending',
        lotSizePercent: settings.lot_size_percent,
        maxDrawdownPercent: settings.max_drawdown_percent,
        quoteAsset: settings.quote_asset,
        reviewDeadline: new Date(now.getTime() + reviewWindow),
        idempotencyKey,
        createdAt: now,
        updatedAt: now,
      })
      // The one pending request per account (link_requests_pending_account) decides any race the locks left.
      .onConflictDoNothing()
      .returning({ id: linkRequests.id });
    if (!made) throw copyRefused('AlreadyLinked');
    return { id: made.id };
  });
  return requestById(db, id);
}

/** Whether the member runs an active strategy (is_bot_manager). */
export async function runsStrategy(db: Db, tenantId: number, userId: number) {
  const [row] = await db
    .select({ id: strategies.id })
    .from(strategies)
    .where(and(eq(strategies.tenantId, tenantId), eq(strategies.userId, userId), eq(strategies.status, 'active')))
    .limit(1);
  return Boolean(row);
}
