// What refuses a new exchange account before its key is checked, and again under the member's lock: trading
// suspended on the member (AccountNotActive), overdue trader fee invoices (OverdueInvoices), and the limits of the member's
// active services or the Free Plan (AccountLimitReached, ExchangeNotInService; accounts not disconnected count).
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import type { UserRow } from '../../context';
import { appError } from '../../errors';
import { accountLimitRefusal, serviceLimits, type ServiceConfigLike } from '../../../domain/trading';
import { users } from '../account/tables';
import { tenantModules } from '../shell/tables';
import { refused } from './key-check';
import { exchangeAccounts, services } from './tables';

/** The tenant's spot or futures module, if it has one: one prepared statement, since every trading request asks. */
export const tradingModule = preparedFor((db) =>
  db
    .select({ id: tenantModules.id })
    .from(tenantModules)
    .where(and(eq(tenantModules.tenantId, sql.placeholder('tenantId')), or(eq(tenantModules.module, 'spot'), eq(tenantModules.module, 'futures'))))
    .limit(1)
    .prepare('tenant_trading_module'),
);

export const accountNotFound = () => appError('not_found', 'Account or strategy not found.', { reason: 'AccountNotFound' });

/** Trading is suspended on the member (spec §3: the member suspended, or the security flag). */
export const tradingSuspended = (member: Pick<UserRow, 'tradingSuspendedAt' | 'accountStatus'>) =>
  Boolean(member.tradingSuspendedAt) || member.accountStatus === 'suspended';

/** Refuses while trading is suspended (AccountNotActive) or trader fee invoices are overdue (OverdueInvoices: the
 * member's userSettings overdue_trader_fee_invoices, as the withdrawals area reads them), as read from `db`. */
export async function refuseWhileSuspended(db: Db, userId: number) {
  const [member] = await db
    .select({
      tradingSuspendedAt: users.tradingSuspendedAt,
      accountStatus: users.accountStatus,
      overdueTraderFeeInvoices: users.overdueTraderFeeInvoices,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) throw accountNotFound();
  if (tradingSuspended(member)) throw refused('AccountNotActive');
  if (member.overdueTraderFeeInvoices > 0) throw refused('OverdueInvoices');
}

/** A service is active while its status is and activated_till has not passed. */
export const activeService = (now: Date) =>
  and(eq(services.status, 'active'), or(isNull(services.activatedTill), gt(services.activatedTill, now)));

export type ServiceRow = typeof services.$inferSelect;

export const configOf = (row: Pick<ServiceRow, 'investorAccounts' | 'linkings' | 'exchanges'>): ServiceConfigLike => ({
  investor_accounts: row.investorAccounts,
  linkings: row.linkings,
  exchanges: row.exchanges,
});

/** The member's accounts that count against the limits (not disconnected), and the distinct exchanges they are on. */
export async function accountsHeld(db: Db, userId: number, except?: string) {
  const [row] = await db
    .select({ held: sql<number>`count(*)::int`, exchanges: sql<number>`count(distinct ${exchangeAccounts.exchange})::int` })
    .from(exchangeAccounts)
    .where(and(eq(exchangeAccounts.userId, userId), ne(exchangeAccounts.status, 'disconnected'), except ? ne(exchangeAccounts.id, except) : undefined));
  return { held: Number(row?.held ?? 0), exchanges: Number(row?.exchanges ?? 0) };
}

/** Refuses an account on `exchange` beyond what the member's active services (or the Free Plan) allow. */
export async function refuseBeyondLimits(db: Db, userId: number, exchange: string, now: Date) {
  const [active, { held }] = await Promise.all([
    db.select().from(services).where(and(eq(services.userId, userId), activeService(now))),
    accountsHeld(db, userId),
  ]);
  const refusal = accountLimitRefusal(serviceLimits(active.map(configOf)), held, exchange);
  if (refusal) throw refused(refusal);
}
