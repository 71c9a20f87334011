// Who may use a tenant's shop: the products module must be on, a member must belong to the tenant, and a
// visitor needs the module's public access. Products and categories are named by numeric id or uuid.
import * as v from 'valibot';
import { and, eq, sql } from 'drizzle-orm';
import { preparedFor } from '../../db/prepared';
import type { Context, Viewer } from '../../context';
import { appError, unauthenticated } from '../../errors';
import { isUuid, servesHost, tenantMismatch, type TenantRow } from '../shell/service';
import { tenantModules, tenants } from '../shell/tables';
import { shopCatalogVersions } from './tables';

export interface Shop {
  tenant: TenantRow;
  /** The products module lets visitors in (custom_config.allow_public_access). */
  publicAccess: boolean;
  /** The tenant's catalog version (shop_catalog_versions), read with the tenant. */
  catalogVersion: number;
}

/** The tenant by uuid with its products module config and catalog version: one round trip per store read. */
const shopByTenantUuid = preparedFor((db) =>
  db
    .select({ tenant: tenants, moduleId: tenantModules.id, customConfig: tenantModules.customConfig, version: shopCatalogVersions.version })
    .from(tenants)
    .leftJoin(tenantModules, and(eq(tenantModules.tenantId, tenants.id), eq(tenantModules.module, 'products')))
    .leftJoin(shopCatalogVersions, eq(shopCatalogVersions.tenantId, tenants.id))
    .where(eq(tenants.uuid, sql.placeholder('uuid')))
    .limit(1)
    .prepare('shop_by_tenant_uuid'),
);

/**
 * The tenant's shop as the caller may use it: the products module must be on, a member must belong to the
 * tenant, and a visitor needs the module's public access.
 */
export async function openShop(
  context: Pick<Context, 'db' | 'hostSource'>,
  whitelabelUuid: string,
  viewer: Viewer | null,
): Promise<Shop> {
  const [row] = isUuid(whitelabelUuid) ? await shopByTenantUuid(context.db).execute({ uuid: whitelabelUuid.toLowerCase() }) : [];
  if (!row) throw appError('not_found', 'Unknown whitelabel_uuid.', { reason: 'TenantNotFound' });
  // Like every whitelabel_uuid, the store's answers only through its own portal's address.
  if (!servesHost(row.tenant, context.hostSource)) throw tenantMismatch();
  if (row.moduleId === null) throw appError('not_found', 'The products module is off for this portal.');
  if (viewer && viewer.user.tenantId !== row.tenant.id) throw appError('forbidden', 'This account belongs to another portal.');
  const publicAccess = (row.customConfig as { allow_public_access?: unknown } | null)?.allow_public_access === true;
  if (!viewer && !publicAccess) throw unauthenticated();
  return { tenant: row.tenant, publicAccess, catalogVersion: row.version ?? 0 };
}

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
