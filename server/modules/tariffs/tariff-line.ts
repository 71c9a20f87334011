// The tenant's tariff line (moduleProductsTariffs): its tariffs by level, each with the tariffs it upgrades to,
// and the tariff a checkout names. A tariff is a shop product with a level (tariff_products).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tariff } from '../../generated/resolvers-types';
import { validationError } from '../../errors';
import { billingCycleMonths } from '../../../domain/limits';
import { billingCycles, type BillingCycle } from '../../../domain/pricing';
import type { Ref, Shop } from '../shop/access';
import { findProduct } from '../shop/catalog';
import { cyclePrice, type ProductRow } from '../shop/products';
import { products } from '../shop/tables';
import { tariffProducts, tariffUpgrades } from './tables';

/** The shortest recurrent cycle the product is sold in, else onetime (null: no price at all). */
export function shortestCycle(product: ProductRow): BillingCycle | null {
  const recurrent = billingCycles.filter((cycle) => billingCycleMonths[cycle] > 0 && cyclePrice(product, cycle) !== null);
  if (recurrent.length) return recurrent[0]!;
  return cyclePrice(product, 'onetime') !== null ? 'onetime' : null;
}

/** moduleProductsTariffs: the tenant's active tariffs by level, with the tariffs each upgrades to. */
export async function listTariffs(db: Db, shop: Shop): Promise<Tariff[]> {
  const rows = await db
    .select({ productId: tariffProducts.productId, level: tariffProducts.level, uuid: products.uuid })
    .from(tariffProducts)
    .innerJoin(products, eq(products.id, tariffProducts.productId))
    .where(and(eq(tariffProducts.tenantId, shop.tenant.id), eq(products.status, 'active')))
    .orderBy(asc(tariffProducts.level), asc(products.sortOrder), asc(products.id));
  if (!rows.length) return [];
  const upgrades = await db
    .select()
    .from(tariffUpgrades)
    .where(inArray(tariffUpgrades.fromProductId, rows.map((row) => row.productId)));
  const uuidOf = new Map(rows.map((row) => [row.productId, row.uuid]));
  const levelOf = new Map(rows.map((row) => [row.productId, row.level]));
  const answers = await Promise.all(rows.map((row) => findProduct(db, shop, { id: row.productId })));
  return rows.flatMap((row, index) => {
    const product = answers[index];
    if (!product) return [];
    const targets = upgrades
      .filter((upgrade) => upgrade.fromProductId === row.productId && uuidOf.has(upgrade.toProductId))
      .sort((a, b) => levelOf.get(a.toProductId)! - levelOf.get(b.toProductId)! || a.toProductId - b.toProductId);
    return [{ product, level: row.level, upgrade_product_uuids: targets.map((upgrade) => uuidOf.get(upgrade.toProductId)!) }];
  });
}

/** The tenant's active tariff a ref names (by id or uuid), or a validation error on `field`. */
export async function requireTariff(tx: Db, tenantId: number, ref: Ref | null, field: string): Promise<ProductRow> {
  const [row] = ref
    ? await tx
        .select({ product: products, level: tariffProducts.level })
        .from(products)
        .leftJoin(tariffProducts, eq(tariffProducts.productId, products.id))
        .where(and(eq(products.tenantId, tenantId), 'id' in ref ? eq(products.id, ref.id) : eq(products.uuid, ref.uuid)))
        .limit(1)
    : [];
  if (!row || row.product.status !== 'active') throw validationError({ [field]: ['unknownProduct'] });
  if (row.level === null) throw validationError({ [field]: ['notTariff'] });
  return row.product;
}
