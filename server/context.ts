// Per-request context: the database, the host's tenant (resolved at its first use, once per request) and,
// reachable only through the checks below, the member the bearer token belongs to. A resolver gets the
// tenant and the member from requireViewerTenant (members' calls), viewerOrGuestTenant (calls a visitor may
// make too) or requireHostTenant (visitors' calls); each checks the whitelabel_uuid it is given against the
// host's tenant, as guardOperations (server/graphql.ts) already did for every whitelabel_uuid argument.
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { preparedFor } from './db/prepared';
import { sessions, tenants, users } from './db/schema';
import { hashToken } from './security/tokens';
import { appError, unauthenticated } from './errors';
import type { ServerConfig } from './config';
import { hostSource } from '../domain/host-source';
import { findTenantBySource, findTenantByUuid, type TenantRow } from './modules/shell/service';

export type UserRow = typeof users.$inferSelect;

export interface Viewer {
  user: UserRow;
  sessionId: number;
}

/** The signed-in member of the host's tenant, with that tenant. */
export interface ViewerTenant extends Viewer {
  tenant: TenantRow;
}

/** A value looked up when first awaited, then kept: `await context.tenant`. */
type Lazy<T> = PromiseLike<T>;

function lazy<T>(load: () => Promise<T>): Lazy<T> {
  let loaded: Promise<T> | undefined;
  return { then: (onFulfilled, onRejected) => (loaded ??= load()).then(onFulfilled, onRejected) };
}

/** Where the member is kept: no resolver can name this key, so the member is reached only through the checks. */
const viewerSlot = Symbol('viewer');

export interface Context {
  db: Db;
  config: ServerConfig;
  request: Request;
  /** A bearer token was sent (valid or not). */
  hasToken: boolean;
  /** The caller's address (the socket's; proxies are not trusted). */
  ip: string | null;
  /**
   * The host source of the portal that called (its Origin's host, or the request's Host when there is no
   * Origin), with known suffixes stripped; null for an Origin that is not a web address.
   */
  hostSource: string | null;
  /** The tenant the host source names (null when none does), looked up at its first use in the request. */
  tenant: Lazy<TenantRow | null>;
  [viewerSlot]: Lazy<Viewer | null>;
}

/**
 * The calling portal's host source. The Origin decides when there is one: a browser always sends it with a
 * POST, and it names the portal even when the API runs on another host (a split deployment, the dev proxy).
 */
export function requestHostSource(request: Request, suffixes: readonly string[]): string | null {
  const origin = request.headers.get('origin');
  if (origin === null) return hostSource(new URL(request.url).host, suffixes);
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? hostSource(url.host, suffixes) : null;
  } catch {
    return null;
  }
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const viewerByTokenHash = preparedFor((db) =>
  db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A session works only on its member's tenant.
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        or(eq(tenants.subdomain, sql.placeholder('source')), eq(tenants.domain, sql.placeholder('source'))),
      ),
    )
    // No LIMIT: token hashes are unique (one session, one member, one tenant), and a LIMIT parameter makes
    // PostgreSQL plan the statement anew on every request.
    .prepare('viewer_by_token_hash'),
);

/** The member whose live session the request's bearer token is, when that member's tenant serves the source. */
export async function findViewer(db: Db, request: Request, source: string | null): Promise<Viewer | null> {
  const token = bearerToken(request);
  if (!token || source === null) return null;
  const [viewer] = await viewerByTokenHash(db).execute({ tokenHash: hashToken(token), now: new Date(), source });
  return viewer ?? null;
}

/** The context of one request; nothing is read from the database until a resolver asks. */
export function createContext({ db, config, request, ip }: Pick<Context, 'db' | 'config' | 'request' | 'ip'>): Context {
  const source = requestHostSource(request, config.hostSuffixes);
  return {
    db,
    config,
    request,
    ip,
    hostSource: source,
    hasToken: bearerToken(request) !== null,
    tenant: lazy(async () => (source === null ? null : ((await findTenantBySource(db, source)) ?? null))),
    [viewerSlot]: lazy(() => findViewer(db, request, source)),
  };
}

// ---------------------------------------------------------------- the tenant checks

export const tenantMismatch = () =>
  appError('forbidden', 'This whitelabel_uuid is not the tenant of this portal’s address.', { reason: 'TenantMismatch' });

const tenantNotFound = () => appError('not_found', 'Unknown whitelabel_uuid.', { reason: 'TenantNotFound' });

/**
 * The 32 hex digits of a uuid in any spelling PostgreSQL reads as one (any case, braces, hyphens anywhere),
 * or null for text that can name no tenant.
 */
function uuidDigits(value: string): string | null {
  const digits = value.replace(/[{}-]/g, '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(digits) ? digits : null;
}

const hyphenated = (digits: string) =>
  `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;

/** Refuses a uuid that is not the host's tenant's: TenantMismatch for another tenant's, else TenantNotFound. */
async function refuseTenant(context: Context, uuid: string): Promise<never> {
  const digits = uuidDigits(uuid);
  const [tenant, named] = await Promise.all([context.tenant, digits === null ? undefined : findTenantByUuid(context.db, hyphenated(digits))]);
  throw named && named.id !== tenant?.id ? tenantMismatch() : tenantNotFound();
}

/**
 * The host's tenant, which `uuid` must name: TenantMismatch for another tenant's uuid (an acme login through
 * the demo host, or any uuid on a host that serves no tenant), TenantNotFound for one that names no tenant.
 */
async function tenantNamed(context: Context, uuid: string): Promise<TenantRow> {
  const tenant = await context.tenant;
  // PostgreSQL writes uuids in lower case.
  if (tenant && uuid.toLowerCase() === tenant.uuid) return tenant;
  return refuseTenant(context, uuid);
}

/** The host's tenant for a visitor's call (a sign-in, a mailed link): the one `uuid` names when given. */
export async function requireHostTenant(context: Context, uuid?: string | null): Promise<TenantRow> {
  if (uuid != null) return tenantNamed(context, uuid);
  const tenant = await context.tenant;
  if (!tenant) throw tenantMismatch();
  return tenant;
}

/**
 * The signed-in member and the host's tenant, which is the member's: an authentication error without a live
 * session on this host (the portal answers it with /logout?s=expired).
 */
export async function requireViewerTenant(context: Context, uuid?: string | null): Promise<ViewerTenant> {
  const [tenant, viewer] = await Promise.all([uuid != null ? tenantNamed(context, uuid) : context.tenant, context[viewerSlot]]);
  if (!viewer || !tenant || viewer.user.tenantId !== tenant.id) throw unauthenticated();
  return { tenant, user: viewer.user, sessionId: viewer.sessionId };
}

/**
 * For calls a visitor may make too (the store): the tenant `uuid` names, which must be the host's, and its
 * signed-in member, or no member. A token that is no longer valid here is an expired session (an
 * authentication error), not a guest.
 */
export async function viewerOrGuestTenant(context: Context, uuid: string): Promise<{ tenant: TenantRow; viewer: Viewer | null }> {
  if (!context.hasToken) return { tenant: await tenantNamed(context, uuid), viewer: null };
  const { tenant, user, sessionId } = await requireViewerTenant(context, uuid);
  return { tenant, viewer: { user, sessionId } };
}

/** Every whitelabel_uuid in an operation's arguments, at any depth (login's sits in its input object). */
export function tenantArguments(args: Record<string, unknown>): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key === 'whitelabel_uuid' && typeof item === 'string') found.push(item);
        else walk(item);
      }
    }
  };
  walk(args);
  return found;
}

/**
 * Refuses an operation whose arguments (their tenantArguments) name a tenant other than the host's, before
 * its resolver runs. Text that cannot be a uuid names no tenant, and the host's own uuid spelled oddly is the
 * host's: both are left to the resolver's validation, so its answer stays what it was.
 */
export async function requireHostTenantUuids(context: Context, uuids: readonly string[]): Promise<void> {
  for (const uuid of uuids) {
    const digits = uuidDigits(uuid);
    if (digits === null) continue;
    const tenant = await context.tenant;
    if (!tenant || digits !== uuidDigits(tenant.uuid)) await refuseTenant(context, uuid);
  }
}
