// The member's services (myServices, me.services; spec §3): each with its config and what the member uses of it.
import * as v from 'valibot';
import { and, eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../context';
import { serviceUsageSchema, type ServiceUsage } from '../../../domain/trading';
import { placeHoldingStatuses } from '../../../domain/copy-trading';
import { users } from '../account/tables';
import { accountsHeld, type ServiceRow } from './limits';
import { services } from './tables';

/** What the member uses of any service's config (the same for each of their services). */
export function usageOf(held: { held: number; exchanges: number }, linkings: number): ServiceUsage {
  return v.parse(serviceUsageSchema, {
    investor_accounts: held.held,
    linkings,
    exchanges: held.exchanges,
    // The volume traded through copy trading is not counted yet.
    trading_volume: '0.00',
  });
}

/** placeHoldingStatuses as an SQL list: connections in them hold a strategy's place and a member's linking. */
export const placeHolding = sql.raw(placeHoldingStatuses.map((status) => `'${status}'`).join(', '));

/** The linkings a member uses: connections that hold a place and pending link requests. A column must render
 * qualified (a select with a join does): inside these subqueries an unqualified "id" is another table's. */
export const linkingsSql = (userId: SQL | Column | number) =>
  sql<number>`((select count(*) from copy_connections c where c.user_id = ${userId} and c.status in (${placeHolding}))
    + (select count(*) from link_requests r where r.user_id = ${userId} and r.status = 'pending'))::int`;

export async function linkingsUsed(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ used: linkingsSql(userId) }).from(users).where(eq(users.id, userId));
  return Number(row?.used ?? 0);
}

/** A service as the contract shows it: expired once past activated_till. */
export const serviceView = (row: ServiceRow, usage: ServiceUsage, now: Date) => ({
  id: String(row.id),
  product_id: row.productId === null ? null : String(row.productId),
  name: row.name,
  config: {
    investor_accounts: row.investorAccounts,
    linkings: row.linkings,
    exchanges: row.exchanges,
    trading_volume: row.tradingVolume,
    trading_volume_currency: row.tradingVolumeCurrency,
    risk_management: row.riskManagement,
  },
  usage,
  status: row.status === 'active' && row.activatedTill && row.activatedTill <= now ? 'expired' : row.status,
  type: row.type,
  activated_till: row.activatedTill?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Active first, then newest. */
export const byActiveFirst = (a: { status: string; created_at: string }, b: { status: string; created_at: string }) =>
  Number(b.status === 'active') - Number(a.status === 'active') || b.created_at.localeCompare(a.created_at);

/** myServices (and me.services): the member's services with their usage. */
export async function memberServices(db: Db, tenant: { id: number }, user: Pick<UserRow, 'id'>, now = new Date()) {
  const [rows, held, linkings] = await Promise.all([
    db.select().from(services).where(and(eq(services.tenantId, tenant.id), eq(services.userId, user.id))),
    accountsHeld(db, user.id),
    linkingsUsed(db, user.id),
  ]);
  const usage = usageOf(held, linkings);
  return rows.map((row) => serviceView(row, usage, now)).sort(byActiveFirst);
}
