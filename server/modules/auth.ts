// Sign-in and sign-out: scrypt passwords, opaque tokens stored hashed, TOTP for members with two-factor.
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { sessions, users } from '../db/schema';
import { requireViewer } from '../context';
import { appError } from '../errors';
import { decoyHash, verifyPassword } from '../security/password';
import { checkTotp } from '../security/totp';
import { validate } from '../validation';
import { emailField, passwordField, phoneLoginField, sixDigitCode } from '../../machines/shared/validation';
import { requireTenant } from './tenant';
import { startSession } from './session';
import { recordAttempt, signInWait } from '../security/throttle';
import type { Resolvers } from '../generated/resolvers-types';

const loginInput = v.object({
  username: v.union([emailField, phoneLoginField], 'Enter a valid email address or an 11-digit phone number.'),
  password: passwordField,
  whitelabel_uuid: v.pipe(v.string(), v.uuid('Unknown whitelabel_uuid.')),
  anonymous_id: v.nullish(v.string()),
  twofa_verification_code: v.nullish(v.union([v.literal(''), sixDigitCode])),
});

const invalidLogin = () =>
  appError('authentication', 'Invalid login or password. Please try again.', { reason: 'InvalidLogin' });

export const authResolvers: Resolvers = {
  Mutation: {
    async login(_parent, args, context) {
      const { db } = context;
      const input = validate(loginInput, args.data);
      const tenant = await requireTenant(db, input.whitelabel_uuid);
      const accountKey = input.username.trim().toLowerCase();
      const wait = await signInWait(db, tenant.id, accountKey, context.ip);
      if (wait > 0) {
        throw appError('rate_limited', `Too many sign-in attempts. Try again in ${wait} s.`, {
          reason: 'TooManyAttempts',
          retryAfterSeconds: wait,
        });
      }
      const byPhone = /^\d{11}$/.test(input.username);
      const [user] = await db
        .select()
        .from(users)
        .where(
          and(
            eq(users.tenantId, tenant.id),
            byPhone
              ? eq(sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g')`, input.username)
              : eq(sql`lower(${users.email})`, accountKey),
          ),
        )
        .limit(1);
      const attempt = {
        tenantId: tenant.id,
        userId: user?.id ?? null,
        accountKey,
        ip: context.ip,
        userAgent: context.request.headers.get('user-agent'),
      };
      // Unknown accounts cost the same scrypt work and get the same answer as wrong passwords.
      const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash));
      if (!user || !passwordOk) {
        await recordAttempt(db, { ...attempt, success: false });
        throw invalidLogin();
      }
      if (!user.emailVerifiedAt) {
        throw appError('authentication', 'User not found or not active.', { reason: 'UserNotFound' });
      }
      if (user.twofaSecret) {
        const code = input.twofa_verification_code;
        if (!code) throw appError('authentication', 'Two-factor code required.', { reason: 'TwoFaError' });
        const step = checkTotp(user.twofaSecret, code, user.twofaLastStep);
        if (step === null) {
          await recordAttempt(db, { ...attempt, success: false });
          throw appError('authentication', 'Incorrect verification code.', { reason: 'TwoFaCodeError' });
        }
        await db.update(users).set({ twofaLastStep: step }).where(eq(users.id, user.id));
      }
      return startSession(context, user);
    },
    async logout(_parent, _args, context) {
      const { sessionId } = requireViewer(context);
      await context.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
      return { status: 'success', message: 'Logged out.' };
    },
  },
};
