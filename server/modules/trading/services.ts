// The member's services (myServices, me.services; spec §3): each with its config and what the member uses of it.
import * as v from 'valibot';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../context';
import { serviceUsageSchema, type ServiceUsage } from '../../../domain/trading';
import { accountsHeld, type ServiceRow } from './limits';
import { services } from './tables';

/** What the member uses of any service's config (the same for each of their services). */
export function usageOf(held: { held: number; exchanges: number }): ServiceUsage {
  return v.parse(serviceUsageSchema, {
    investor_accounts: held.held,
    // Linkings are copy-trading connections (issue 32), and the volume is traded through them: none before it.
    linkings: 0,
    exchanges: held.exchanges,
    trading_volume: '0.00',
  });
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
  const [rows, held] = await Promise.all([
    db.select().from(services).where(and(eq(services.tenantId, tenant.id), eq(services.userId, user.id))),
    accountsHeld(db, user.id),
  ]);
  const usage = usageOf(held);
  return rows.map((row) => serviceView(row, usage, now)).sort(byActiveFirst);
}
