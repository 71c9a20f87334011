// App status: the version and maintenance state the portal polls, the member's account standing
// (suspension, fee invoices) and the tenant's platform subscription.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import type { UserRow } from '../../context';
import { tenants } from '../shell/tables';
import { tenantOwners, tenantSubscriptions } from '../tariffs/tables';
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

/**
 * The platform subscription of the member's tenant (whiteLabelUserActiveSubscription, me.subscription), in one
 * prepared query: enabled when offered; active when paid until a later date, or switched on by the operator
 * (subscription_active); a trial until trial_till; can_activate for the tenant's owners.
 */
const subscriptionRow = preparedFor((db) =>
  db
    .select({
      available: tenants.subscriptionAvailable,
      switchedOn: tenants.subscriptionActive,
      period: tenantSubscriptions.period,
      activeTill: tenantSubscriptions.activeTill,
      trialTill: tenantSubscriptions.trialTill,
      owner: sql<boolean>`exists(select 1 from ${tenantOwners} o where o.tenant_id = ${tenants.id} and o.user_id = ${sql.placeholder('userId')})`,
    })
    .from(tenants)
    .leftJoin(tenantSubscriptions, eq(tenantSubscriptions.tenantId, tenants.id))
    .where(eq(tenants.id, sql.placeholder('tenantId')))
    .limit(1)
    .prepare('tenant_subscription'),
);

export async function tenantSubscription(db: Db, tenantId: number, userId: number | null = null) {
  const [row] = await subscriptionRow(db).execute({ tenantId, userId: userId ?? 0 });
  return row ? subscriptionFrom(row) : null;
}

/** The subscription's columns as tenantSubscription reads them (me reads them with the rest of the member view). */
export interface SubscriptionRow {
  available: boolean;
  switchedOn: boolean;
  period: string | null;
  activeTill: Date | null;
  trialTill: Date | null;
  owner: boolean;
}

/** The rule of tenantSubscription on a row read elsewhere. */
export function subscriptionFrom(row: SubscriptionRow) {
  const now = Date.now();
  const paid = row.activeTill !== null && row.activeTill.getTime() > now;
  const trial = row.trialTill !== null && row.trialTill.getTime() > now;
  return {
    enabled: row.available,
    active: row.switchedOn || paid || trial,
    till: paid ? row.activeTill : trial ? row.trialTill : null,
    trial: trial && !paid,
    period: row.period,
    can_activate: row.available && row.owner,
  };
}
