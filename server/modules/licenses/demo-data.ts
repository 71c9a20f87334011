// Demo licenses (issue 30), on the Demo Portal only: Portfolio Tracker Pro, which the demo member bought (one
// unit), grants 3 licenses a unit; the demo member holds one accepted request (with its key) and one pending, so one
// license is left. Copy-Trading Access grants one license a unit and its request names the broker's server (a
// trading-platform license); the demo member has not bought it.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../shop/tables';
import { licenseProducts, licenseRequests } from './tables';

const day = 24 * 60 * 60_000;

/** The demo's licensed products by name, for the views' tests. */
export const demoLicenseProducts = { tracker: 'Portfolio Tracker Pro', copyTrading: 'Copy-Trading Access' } as const;

/** The demo member's accepted request's key. */
export const demoLicenseKey = 'PTRK-7Q4M-2XHD-9WCN';

export async function seedLicensesDemo(tx: Db, ids: { tenantId: number; demoMemberId: number }, now = Date.now()): Promise<Record<string, number>> {
  const found = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.tenantId, ids.tenantId), inArray(products.name, Object.values(demoLicenseProducts))));
  const idOf = (name: string) => found.find((product) => product.name === name)!.id;
  await tx.insert(licenseProducts).values([
    { productId: idOf(demoLicenseProducts.tracker), licensesPerUnit: 3, needsServer: false },
    { productId: idOf(demoLicenseProducts.copyTrading), licensesPerUnit: 1, needsServer: true },
  ]);
  const [accepted] = await tx
    .insert(licenseRequests)
    .values({
      tenantId: ids.tenantId,
      userId: ids.demoMemberId,
      productId: idOf(demoLicenseProducts.tracker),
      brokerAccount: 'U-4815162342',
      comment: 'For my trading laptop.',
      status: 'accepted',
      licenseKey: demoLicenseKey,
      createdAt: new Date(now - 9 * day),
      decidedAt: new Date(now - 8 * day),
    })
    .returning({ id: licenseRequests.id });
  const [pending] = await tx
    .insert(licenseRequests)
    .values({
      tenantId: ids.tenantId,
      userId: ids.demoMemberId,
      productId: idOf(demoLicenseProducts.tracker),
      brokerAccount: 'U-2718281828',
      comment: 'A second seat for my office computer.',
      status: 'pending',
      createdAt: new Date(now - 2 * day),
    })
    .returning({ id: licenseRequests.id });
  return { accepted: accepted!.id, pending: pending!.id };
}
