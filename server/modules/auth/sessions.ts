// Sessions: opaque random tokens stored hashed, started by a sign-in (recorded in the login history) and
// ended by signing out; and the tenant's member an email names, which every way in starts from.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Context, UserRow } from '../../context';
import type { LoginResult } from '../../generated/resolvers-types';
import { recordAttempt } from '../../security/throttle';
import { hashToken, newToken } from '../../security/tokens';
import { users } from '../account/tables';
import { sessions } from './tables';

/** A LoginResult before its `user` is asked for: the member's row, shaped only when the client selects it. */
export type SessionGrant = Omit<LoginResult, 'user' | '__typename'> & { member: UserRow };

export const userAgent = (context: Context) => context.request.headers.get('user-agent');

/** Starts a session and records the sign-in in the member's login history. */
export async function startSession(context: Context, user: UserRow): Promise<SessionGrant> {
  const { db, config } = context;
  await recordAttempt(db, {
    tenantId: user.tenantId,
    userId: user.id,
    accountKey: user.email.toLowerCase(),
    ip: context.ip,
    userAgent: userAgent(context),
    success: true,
  });
  const token = newToken();
  await db.insert(sessions).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + config.tokenTtlSeconds * 1000),
  });
  return {
    access_token: token,
    refresh_token: null,
    recovery_codes_left: null,
    expires_in: config.tokenTtlSeconds,
    token_type: 'Bearer',
    member: user,
    status: 'success',
    message: 'Logged in.',
  };
}

export async function endSession(db: Db, sessionId: number) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** The tenant's member with this email (any case), if any. */
export async function findMember(db: Db, tenantId: number, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(sql`lower(${users.email})`, email.trim().toLowerCase())))
    .limit(1);
  return user;
}
