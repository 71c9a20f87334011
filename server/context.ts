// Per-request context: the database, the host's tenant (as its host source) and the member the bearer token
// belongs to (if any, and only when the member belongs to the host's tenant).
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { preparedFor } from './db/prepared';
import { sessions, tenants, users } from './db/schema';
import { hashToken } from './security/tokens';
import { unauthenticated } from './errors';
import type { ServerConfig } from './config';
import { hostSource } from '../domain/host-source';

export type UserRow = typeof users.$inferSelect;

export interface Viewer {
  user: UserRow;
  sessionId: number;
}

export interface Context {
  db: Db;
  config: ServerConfig;
  request: Request;
  viewer: Viewer | null;
  /** A bearer token was sent (valid or not). */
  hasToken: boolean;
  /** The caller's address (the socket's; proxies are not trusted). */
  ip: string | null;
  /**
   * The host source of the portal that called (its Origin's host, or the request's Host when there is no
   * Origin), with known suffixes stripped; null for an Origin that is not a web address. whitelabel_uuid,
   * sessions and mailed links must belong to the tenant it names.
   */
  hostSource: string | null;
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

export async function findViewer(db: Db, request: Request, source: string | null): Promise<Viewer | null> {
  const token = bearerToken(request);
  if (!token || source === null) return null;
  const [viewer] = await viewerByTokenHash(db).execute({ tokenHash: hashToken(token), now: new Date(), source });
  return viewer ?? null;
}

/** The signed-in member, or an authentication error (which the portal answers with /logout?s=expired). */
export function requireViewer(context: Context): Viewer {
  if (!context.viewer) throw unauthenticated();
  return context.viewer;
}
