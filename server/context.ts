// Per-request context: the database and the member the bearer token belongs to (if any).
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from './db/client';
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

export async function findViewer(db: Db, request: Request): Promise<Viewer | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const rows = await db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** The signed-in member, or an authentication error (which the portal answers with /logout?s=expired). */
export function requireViewer(context: Context): Viewer {
  if (!context.viewer) throw unauthenticated();
  return context.viewer;
}
