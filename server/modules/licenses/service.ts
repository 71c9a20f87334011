// Licenses (issue 30; server/schema.graphql "deals, licenses, roadmap"): what a member's purchases grant (Σ bought
// units × licenses_per_unit per product), what their requests hold (pending and accepted), and requesting one in a
// transaction that locks the member's row first, so the stock is recounted under that lock and parallel requests
// never take more licenses than the purchases grant. Refusals are the ones calls §8 names (licenseRefusal).
import * as v from 'valibot';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withIdempotency } from '../../db/idempotency';
import type { UserRow } from '../../context';
import { appError, validationError } from '../../errors';
import { licenseHoldingStatuses, licenseRefusal, licenseRequestSchema, licensesLeft } from '../../../domain/licenses';
import { users } from '../account/tables';
import { hasModule, type TenantRow } from '../shell/service';
import { products, purchases } from '../shop/tables';
import { licenseProducts, licenseRequests } from './tables';

export async function requireLicenses(db: Db, tenant: TenantRow): Promise<void> {
  if (!(await hasModule(db, tenant.id, 'license'))) throw appError('not_found', 'This portal has no licenses.');
}

/** The texts of the refusals calls §8 names. */
export const licenseRefusalText = {
  NoProductsBought: 'A license request is impossible when no products are bought.',
  NoLicensesLeft: 'A license request is impossible: all licenses are already issued or under review.',
} as const;

const refused = (reason: keyof typeof licenseRefusalText) => appError('conflict', licenseRefusalText[reason], { reason });

export interface ProductStock {
  productId: number;
  uuid: string;
  name: string;
  needsServer: boolean;
  total: number;
  held: number;
}

/** The member's licensed products (the ones their purchases grant licenses of), with what they hold of each. */
export async function stockOf(db: Db, tenantId: number, userId: number): Promise<ProductStock[]> {
  const granted = await db
    .select({
      productId: products.id,
      uuid: products.uuid,
      name: products.name,
      needsServer: licenseProducts.needsServer,
      total: sql<number>`sum(${purchases.qty} * ${licenseProducts.licensesPerUnit})::int`.mapWith(Number),
    })
    .from(purchases)
    .innerJoin(licenseProducts, eq(licenseProducts.productId, purchases.productId))
    .innerJoin(products, eq(products.id, purchases.productId))
    .where(and(eq(purchases.userId, userId), eq(purchases.tenantId, tenantId)))
    .groupBy(products.id, products.uuid, products.name, licenseProducts.needsServer)
    .orderBy(products.name, products.id);
  const held = await db
    .select({ productId: licenseRequests.productId, held: sql<number>`count(*)::int` })
    .from(licenseRequests)
    .where(and(eq(licenseRequests.userId, userId), inArray(licenseRequests.status, [...licenseHoldingStatuses])))
    .groupBy(licenseRequests.productId);
  const heldBy = new Map(held.map((row) => [row.productId, Number(row.held)]));
  return granted
    .map((row) => ({ ...row, held: heldBy.get(row.productId) ?? 0 }))
    .filter((row) => row.total > 0);
}

type RequestRow = typeof licenseRequests.$inferSelect;

const requestView = (row: RequestRow, product: { uuid: string; name: string }) => ({
  id: String(row.id),
  product_id: product.uuid,
  product_name: product.name,
  broker_account: row.brokerAccount,
  broker_server: row.brokerServer,
  comment: row.comment,
  status: row.status,
  license_key: row.status === 'accepted' ? row.licenseKey : null,
  decline_reason: row.declineReason,
  created_at: row.createdAt.toISOString(),
  decided_at: row.decidedAt?.toISOString() ?? null,
});

async function requestsOf(db: Db, tenantId: number, userId: number, id?: number) {
  const rows = await db
    .select({ request: licenseRequests, uuid: products.uuid, name: products.name })
    .from(licenseRequests)
    .innerJoin(products, eq(products.id, licenseRequests.productId))
    .where(and(eq(licenseRequests.userId, userId), eq(licenseRequests.tenantId, tenantId), id === undefined ? undefined : eq(licenseRequests.id, id)))
    .orderBy(desc(licenseRequests.createdAt), desc(licenseRequests.id));
  return rows.map((row) => requestView(row.request, row));
}

/** moduleLicenseRequests: the member's requests, newest first, their licensed products and whether they may request. */
export async function licenseOverview(db: Db, tenant: TenantRow, user: UserRow) {
  const [requests, stock] = await Promise.all([requestsOf(db, tenant.id, user.id), stockOf(db, tenant.id, user.id)]);
  const reason = licenseRefusal(stock);
  return {
    requests,
    products: stock.map((product) => ({
      id: product.uuid,
      name: product.name,
      licenses_total: product.total,
      licenses_left: licensesLeft(product),
      needs_server: product.needsServer,
    })),
    can_request: reason === null,
    reason,
  };
}

/**
 * Refuses, before the fields are read, a request that is impossible (calls §8: nothing bought, or every license issued
 * or under review): that is the answer whatever was typed. The request itself counts again under its lock.
 */
export async function refuseWhenImpossible(db: Db, tenant: TenantRow, user: UserRow) {
  const refusal = licenseRefusal(await stockOf(db, tenant.id, user.id));
  if (refusal) throw refused(refusal);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Validates a request's fields for the product it names (whether its license needs the broker's server): every invalid field at once. */
export async function validLicenseRequest(db: Db, tenant: TenantRow, input: Record<string, unknown>) {
  // Uuids compare as the database writes them: lower case.
  const productId = typeof input.product_id === 'string' ? input.product_id.trim().toLowerCase() : '';
  const [product] = uuidPattern.test(productId)
    ? await db
        .select({ needsServer: licenseProducts.needsServer })
        .from(products)
        .innerJoin(licenseProducts, eq(licenseProducts.productId, products.id))
        .where(and(eq(products.uuid, productId), eq(products.tenantId, tenant.id)))
    : [];
  const result = v.safeParse(licenseRequestSchema(product?.needsServer ?? false), input);
  if (!result.success) {
    const codes: Record<string, string[]> = {};
    for (const issue of result.issues) (codes[v.getDotPath(issue) ?? 'input'] ??= []).push(issue.message);
    throw validationError(codes);
  }
  const { broker_server, comment, ...rest } = result.output;
  return {
    ...rest,
    product_id: productId,
    broker_server: product?.needsServer ? (broker_server ?? null) : null,
    comment: comment ? comment : null,
  };
}

/**
 * Requests a license (moduleLicenseRequestCreate), once per idempotency key: locks the member's row, recounts their
 * stock under it and refuses as calls §8 says (no products bought; none left), or names product_id when the member
 * holds no licenses of that product.
 */
export async function requestLicense(
  db: Db,
  tenant: TenantRow,
  user: UserRow,
  input: Awaited<ReturnType<typeof validLicenseRequest>>,
  idempotencyKey: string | null,
  now = new Date(),
) {
  const { id } = await withIdempotency(db, user.id, 'moduleLicenseRequestCreate', idempotencyKey, { ...input }, async (tx) => {
    // What decides the stock is the member's purchases and requests: their user row is the one lock over both. NO KEY
    // UPDATE, as tariffs' checkouts take it: the idempotency key's row already holds KEY SHARE on it (its foreign key),
    // which a plain FOR UPDATE would wait for, deadlocking two parallel requests.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
    const stock = await stockOf(tx, tenant.id, user.id);
    const refusal = licenseRefusal(stock);
    if (refusal) throw refused(refusal);
    const product = stock.find((row) => row.uuid === input.product_id);
    if (!product) throw validationError({ product_id: ['choice'] });
    if (licensesLeft(product) === 0) throw refused('NoLicensesLeft');
    const [request] = await tx
      .insert(licenseRequests)
      .values({
        tenantId: tenant.id,
        userId: user.id,
        productId: product.productId,
        brokerAccount: input.broker_account,
        brokerServer: input.broker_server,
        comment: input.comment,
        status: 'pending',
        createdAt: now,
      })
      .returning({ id: licenseRequests.id });
    return { id: request!.id };
  });
  const [view] = await requestsOf(db, tenant.id, user.id, id);
  return view!;
}
