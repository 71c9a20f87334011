// A product as money reads it: the tenant's product a reference names, and its price in a billing cycle.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { validationError } from '../../errors';
import type { BillingCycle } from '../../../domain/pricing';
import type { Ref } from './access';
import { products } from './tables';

export type ProductRow = typeof products.$inferSelect;

/** The tenant's product a ref names (active only unless asked), or the unknownProduct validation error on `field`. */
export async function requireProductRow(db: Db, tenantId: number, ref: Ref | null, field: string, activeOnly = true) {
  const [product] = ref
    ? await db
        .select()
        .from(products)
        .where(and(eq(products.tenantId, tenantId), 'id' in ref ? eq(products.id, ref.id) : eq(products.uuid, ref.uuid)))
        .limit(1)
    : [];
  if (!product || (activeOnly && product.status !== 'active')) throw validationError({ [field]: ['unknownProduct'] });
  return product;
}

/** The price of a billing cycle on a product (null: not sold in that cycle); the shop and tariffs price with it. */
export const cyclePrice = (product: ProductRow, cycle: BillingCycle): string | null =>
  ({
    onetime: product.priceOnetime,
    monthly: product.priceMonthly,
    quartally: product.priceQuartally,
    semiannually: product.priceSemiannually,
    annually: product.priceAnnually,
  })[cycle];
