// Single sign-on: the portal exchanges the authorisation code it got back for a portal session.
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { oauthCodes, users } from '../db/schema';
import { appError } from '../errors';
import { hashToken } from '../security/tokens';
import { validate } from '../validation';
import { requireTenant } from './tenant';
import { startSession } from './session';
import type { Resolvers } from '../generated/resolvers-types';

const input = v.object({
  whitelabel_uuid: v.pipe(v.string(), v.uuid()),
  code: v.pipe(v.string(), v.minLength(10), v.maxLength(200)),
  redirect_uri: v.pipe(v.string(), v.url()),
});

const refused = () =>
  appError('authentication', 'Single sign-on failed. Sign in again.', { reason: 'InvalidOAuthCode' });

export const oauthResolvers: Resolvers = {
  Mutation: {
    async oauthLogin(_parent, args, context) {
      const { whitelabel_uuid, code, redirect_uri } = validate(input, args);
      const { db } = context;
      const tenant = await requireTenant(db, whitelabel_uuid);
      const [grant] = await db
        .select()
        .from(oauthCodes)
        .where(and(eq(oauthCodes.codeHash, hashToken(code)), eq(oauthCodes.tenantId, tenant.id)))
        .limit(1);
      if (!grant || grant.usedAt || grant.expiresAt <= new Date() || grant.redirectUri !== redirect_uri) throw refused();
      await db.update(oauthCodes).set({ usedAt: new Date() }).where(eq(oauthCodes.id, grant.id));
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenant.id), eq(sql`lower(${users.email})`, grant.email.toLowerCase())))
        .limit(1);
      if (!user) throw refused();
      return startSession(context, user);
    },
  },
};
