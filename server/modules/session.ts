// Starting a member's session: an opaque token whose SHA-256 is stored, with its expiry.
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import type { ServerConfig } from '../config';
import type { UserRow } from '../context';
import { hashToken, newToken } from '../security/tokens';
import { toUser } from './member';

export async function startSession(db: Db, config: ServerConfig, user: UserRow) {
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
    user: await toUser(db, user),
    status: 'success',
    message: 'Logged in.',
  };
}
