// App status: the version and maintenance state the portal polls, the member's account standing
// (suspension, fee invoices) and the tenant's platform subscription.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../context';
import { findTenantById } from '../shell/service';
import { appState } from './tables';

/** The app_state row the portal reads (dev controls change the same row). */
export const portalAppName = 'portal';

export async function readAppState(db: Db, appName: string) {
  const [row] = await db.select().from(appState).where(eq(appState.appName, appName)).limit(1);
  return row
    ? { version: row.version, status: row.status, logout_needed: row.logoutNeeded }
    : { version: '0', status: 'live', logout_needed: false };
}

export const settingsOf = (user: UserRow) => ({
  status: user.accountStatus,
  unpaid_trader_fee_invoices: user.unpaidTraderFeeInvoices,
  overdue_trader_fee_invoices: user.overdueTraderFeeInvoices,
});

/** The platform subscription of the member's tenant (enabled when offered, active when paid). */
export async function tenantSubscription(db: Db, tenantId: number) {
  const tenant = await findTenantById(db, tenantId);
  if (!tenant) return null;
  return { enabled: tenant.subscriptionAvailable, active: tenant.subscriptionActive, till: null };
}
