// Who may use a tenant's shop: the products module must be on, and a visitor needs the module's public access
// (the tenant and the member come bound to the host from server/context.ts). Products and categories are named by numeric id or uuid.
import * as v from 'valibot';
import { and, eq, sql } from 'drizzle-orm';
import { preparedFor } from '../../db/prepared';
import type { Db } from '../../db/client';
import type { Viewer } from '../../context';
import { appError, unauthenticated } from '../../errors';
import { anonymousIdLength } from '../../../domain/limits';
import { isUuid, type TenantRow } from '../shell/service';
import { tenantModules, tenants } from '../shell/tables';
import { shopCatalogVersions } from './tables';

export interface Shop {
  tenant: TenantRow;
  /** The products module lets visitors in (custom_config.allow_public_access). */
  publicAccess: boolean;
  /** The tenant's catalog version (shop_catalog_versions), read with the tenant. */
  catalogVersion: number;
}

/** The tenant's products module config and catalog version: one round trip per store read. */
const shopOfTenant = preparedFor((db) =>
  db
    .select({ moduleId: tenantModules.id, customConfig: tenantModules.customConfig, version: shopCatalogVersions.version })
    .from(tenants)
    .leftJoin(tenantModules, and(eq(tenantModules.tenantId, tenants.id), eq(tenantModules.module, 'products')))
    .leftJoin(shopCatalogVersions, eq(shopCatalogVersions.tenantId, tenants.id))
    .where(eq(tenants.id, sql.placeholder('tenantId')))
    .limit(1)
    .prepare('shop_of_tenant'),
);

/**
 * The tenant's shop as the caller may use it: the products module must be on, and a visitor needs the
 * module's public access. The tenant and the member come from the context's checks (server/context.ts),
 * which bind both to the host.
 */
export async function openShop(db: Db, { tenant, viewer }: { tenant: TenantRow; viewer: Viewer | null }): Promise<Shop> {
  const [row] = await shopOfTenant(db).execute({ tenantId: tenant.id });
  if (!row || row.moduleId === null) throw appError('not_found', 'The products module is off for this portal.');
  const publicAccess = (row.customConfig as { allow_public_access?: unknown } | null)?.allow_public_access === true;
  if (!viewer && !publicAccess) throw unauthenticated();
  return { tenant, publicAccess, catalogVersion: row.version ?? 0 };
}

/** Whether the tenant's products module is on (where a guest cart can exist at all). */
export async function productsModuleOn(db: Db, tenantId: number): Promise<boolean> {
  const [row] = await shopOfTenant(db).execute({ tenantId });
  return Boolean(row && row.moduleId !== null);
}

/** A visitor's anonymous id (spec §3 anonymousId), as the cart calls and login take it. */
export const anonymousIdField = v.pipe(
  v.string('required'),
  v.regex(/^[A-Za-z0-9_-]*$/, 'anonymousId'),
  v.minLength(anonymousIdLength.min, `minLength:${anonymousIdLength.min}`),
  v.maxLength(anonymousIdLength.max, `maxLength:${anonymousIdLength.max}`),
);

/** A product or category named by numeric id or uuid. */
export type Ref = { id: number } | { uuid: string };

export function refOf(value: string | number): Ref | null {
  const text = String(value).trim();
  if (/^\d{1,9}$/.test(text)) return { id: Number.parseInt(text, 10) };
  if (isUuid(text)) return { uuid: text.toLowerCase() };
  return null;
}

/** A product, category or order argument: a numeric id, or a uuid (products, categories), else invalidId. */
export const refField = v.pipe(
  v.string('required'),
  v.check((value) => refOf(value) !== null, 'invalidId'),
);
