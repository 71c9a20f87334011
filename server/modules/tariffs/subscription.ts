// The platform subscription a tenant's owners pay (whiteLabelActivateSubscription): an invoice of the period's
// price; paying it extends the tenant's subscription (fulfil.ts).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withIdempotency } from '../../db/idempotency';
import type { UserRow } from '../../context';
import { appError } from '../../errors';
import { subscriptionPeriodMonths } from '../../../domain/limits';
import { cents } from '../../../domain/money';
import type { TenantRow } from '../shell/service';
import { insertInvoice } from '../payments/invoices';
import { lockMember, reusableInvoice } from './checkouts';
import { subscriptionInvoices, tenantOwners } from './tables';

export type SubscriptionPeriod = keyof typeof subscriptionPeriodMonths;
export const subscriptionPeriods = Object.keys(subscriptionPeriodMonths) as SubscriptionPeriod[];

const subscriptionPrices = (tenant: TenantRow): Record<SubscriptionPeriod, string | null> => ({
  monthly: tenant.subscriptionPriceMonthly,
  quarterly: tenant.subscriptionPriceQuarterly,
  semiannual: tenant.subscriptionPriceSemiannual,
  annual: tenant.subscriptionPriceAnnual,
});

const periodNames: Record<SubscriptionPeriod, string> = { monthly: 'monthly', quarterly: 'quarterly', semiannual: 'semiannual', annual: 'annual' };

export async function isTenantOwner(db: Db, tenantId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: tenantOwners.userId })
    .from(tenantOwners)
    .where(and(eq(tenantOwners.tenantId, tenantId), eq(tenantOwners.userId, userId)));
  return Boolean(row);
}

/**
 * whiteLabelActivateSubscription: an invoice of the period's price for a tenant owner; activate when no
 * subscription runs, change (another period after the running one) when one does.
 */
export async function activateSubscription(
  db: Db,
  tenant: TenantRow,
  user: UserRow,
  input: { period: SubscriptionPeriod; idempotencyKey: string | null },
): Promise<number> {
  if (!(await isTenantOwner(db, tenant.id, user.id))) {
    throw appError('forbidden', 'Only the portal’s owner can activate the subscription.', { reason: 'NotTenantOwner' });
  }
  const price = subscriptionPrices(tenant)[input.period];
  if (!tenant.subscriptionAvailable || price === null) {
    throw appError('conflict', 'The subscription is not available for this period.', { reason: 'SubscriptionUnavailable' });
  }
  const { invoiceId } = await withIdempotency(
    db,
    user.id,
    'whiteLabelActivateSubscription',
    input.idempotencyKey,
    { period: input.period },
    async (tx) => {
      await lockMember(tx, user.id);
      const open = await tx
        .select({ id: subscriptionInvoices.invoiceId })
        .from(subscriptionInvoices)
        .where(and(eq(subscriptionInvoices.userId, user.id), eq(subscriptionInvoices.period, input.period)));
      const reused = await reusableInvoice(tx, open.map((row) => row.id), cents(price));
      if (reused !== null) return { invoiceId: reused };
      const running = await tx.execute(
        sql`select 1 from tenant_subscriptions where tenant_id = ${tenant.id} and active_till > now()`,
      );
      const type = (running as unknown as { rows: unknown[] }).rows.length || tenant.subscriptionActive ? 'change' : 'activate';
      const invoice = await insertInvoice(tx, {
        tenantId: tenant.id,
        userId: user.id,
        kind: 'subscription',
        currency: tenant.currency,
        subtotal: cents(price),
        discount: '0',
        items: [{ subject: `Platform subscription (${periodNames[input.period]})`, qty: 1, unitPrice: cents(price), amount: cents(price) }],
      });
      await tx.insert(subscriptionInvoices).values({ invoiceId: invoice.id, tenantId: tenant.id, userId: user.id, period: input.period, type });
      return { invoiceId: invoice.id };
    },
  );
  return invoiceId;
}
