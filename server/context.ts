// Per-request context: the database and the member the bearer token belongs to (if any).
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { preparedFor } from './db/prepared';
import { sessions, users } from './db/schema';
import { hashToken } from './security/tokens';
import { unauthenticated } from './errors';
import type { ServerConfig } from './config';

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
  /** Where the portal that called runs, for links in mail. */
  portalOrigin: string;
}

export function portalOrigin(request: Request): string {
  const origin = request.headers.get('origin');
  return origin && /^https?:\/\/[^/]+$/.test(origin) ? origin : new URL(request.url).origin;
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
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('viewer_by_token_hash'),
);

export async function findViewer(db: Db, request: Request): Promise<Viewer | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const [viewer] = await viewerByTokenHash(db).execute({ tokenHash: hashToken(token), now: new Date() });
  return viewer ?? null;
}

/** The signed-in member, or an authentication error (which the portal answers with /logout?s=expired). */
export function requireViewer(context: Context): Viewer {
  if (!context.viewer) throw unauthenticated();
  return context.viewer;
}
