// Starting a member's session: an opaque token whose SHA-256 is stored, with its expiry.
import { sessions } from '../db/schema';
import type { Context, UserRow } from '../context';
import type { LoginResult, Resolvers } from '../generated/resolvers-types';
import { hashToken, newToken } from '../security/tokens';
import { recordAttempt } from '../security/throttle';
import { toUser } from './member';

/** A LoginResult before its `user` is asked for: the member's row, shaped only when the client selects it. */
export type SessionGrant = Omit<LoginResult, 'user' | '__typename'> & { member: UserRow };

/** Starts a session and records the sign-in in the member's login history. */
export async function startSession(context: Context, user: UserRow): Promise<SessionGrant> {
  const { db, config } = context;
  await recordAttempt(db, {
    tenantId: user.tenantId,
    userId: user.id,
    accountKey: user.email.toLowerCase(),
    ip: context.ip,
    userAgent: context.request.headers.get('user-agent'),
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
    expires_in: config.tokenTtlSeconds,
    token_type: 'Bearer',
    member: user,
    status: 'success',
    message: 'Logged in.',
  };
}

export const sessionResolvers: Resolvers = {
  LoginResult: {
    user: (grant, _args, { db }) => toUser(db, grant.member),
  },
};
