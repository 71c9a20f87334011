// Sign-in and sign-out: scrypt passwords, opaque tokens stored hashed, TOTP for members with two-factor.
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { sessions, users } from '../db/schema';
import { requireViewer, type Context } from '../context';
import { appError } from '../errors';
import { decoyHash, verifyPassword } from '../security/password';
import { hashToken, newToken } from '../security/tokens';
import { checkTotp } from '../security/totp';
import { validate } from '../validation';
import { emailField, passwordField, phoneLoginField, sixDigitCode } from '../../machines/shared/validation';
import { requireTenant } from './tenant';
import { toUser } from './member';

const loginInput = v.object({
  username: v.union([emailField, phoneLoginField], 'Enter a valid email address or an 11-digit phone number.'),
  password: passwordField,
  whitelabel_uuid: v.pipe(v.string(), v.uuid('Unknown whitelabel_uuid.')),
  anonymous_id: v.nullish(v.string()),
  twofa_verification_code: v.nullish(v.union([v.literal(''), sixDigitCode])),
});

const invalidLogin = () =>
  appError('authentication', 'Invalid login or password. Please try again.', { reason: 'InvalidLogin' });

export const authResolvers = {
  Mutation: {
    async login(_: unknown, args: { data: unknown }, { db, config }: Context) {
      const input = validate(loginInput, args.data);
      const tenant = await requireTenant(db, input.whitelabel_uuid);
      const byPhone = /^\d{11}$/.test(input.username);
      const [user] = await db
        .select()
        .from(users)
        .where(
          and(
            eq(users.tenantId, tenant.id),
            byPhone
              ? eq(sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g')`, input.username)
              : eq(sql`lower(${users.email})`, input.username.toLowerCase()),
          ),
        )
        .limit(1);
      // Unknown accounts cost the same scrypt work and get the same answer as wrong passwords.
      const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash));
      if (!user || !passwordOk) throw invalidLogin();
      if (!user.emailVerifiedAt) {
        throw appError('authentication', 'User not found or not active.', { reason: 'UserNotFound' });
      }
      if (user.twofaSecret) {
        const code = input.twofa_verification_code;
        if (!code) throw appError('authentication', 'Two-factor code required.', { reason: 'TwoFaError' });
        const step = checkTotp(user.twofaSecret, code, user.twofaLastStep);
        if (step === null) {
          throw appError('authentication', 'Incorrect verification code.', { reason: 'TwoFaCodeError' });
        }
        await db.update(users).set({ twofaLastStep: step }).where(eq(users.id, user.id));
      }
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
    },
    async logout(_: unknown, __: unknown, context: Context) {
      const { sessionId } = requireViewer(context);
      await context.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
      return { status: 'success', message: 'Logged out.' };
    },
  },
};
