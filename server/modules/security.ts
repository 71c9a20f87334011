// Two-factor activation and deactivation (TOTP, RFC 6238) with an email code, and the login history.
import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';
import * as v from 'valibot';
import { loginAttempts, sessions, tenants, users } from '../db/schema';
import { requireViewer, type Context, type UserRow } from '../context';
import { appError, validationError } from '../errors';
import { validate } from '../validation';
import { checkCode, issueCode, secondsUntilResend } from '../security/email-codes';
import { checkTotp, newTotpSecret } from '../security/totp';
import { mailLanguage, mailText, sendMail } from '../mail';
import { sixDigitCode } from '../../machines/shared/validation';
import type { Resolvers } from '../generated/resolvers-types';

/** Two-factor activation: the email-code button waits 60 s after sending (spec §4, §9). */
export const twoFaEmailResendMs = 60_000;
/** Wrong authenticator codes that void an activation attempt. */
export const maxActivationFailures = 5;
export const twoFaMethods = ['google2fa'] as const;

const methodInput = v.object({ method: v.picklist(twoFaMethods, 'required') });
const codesInput = v.object({
  method: v.picklist(twoFaMethods, 'required'),
  email_verification_code: v.union([v.literal(''), sixDigitCode]),
  twofa_verification_code: sixDigitCode,
});

async function tenantName(context: Context, user: UserRow) {
  const [tenant] = await context.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, user.tenantId));
  return tenant?.name ?? 'Portal';
}

/** Enabling or disabling two-factor ends the member's other sessions. */
async function endOtherSessions(context: Context, userId: number, keepSessionId: number) {
  await context.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

const wrongCode = (field: 'email_verification_code' | 'twofa_verification_code') =>
  appError('validation', 'Incorrect verification code. The code must be 6 characters.', {
    reason: 'TwoFaCodeError',
    fields: { [field]: ['Incorrect verification code. The code must be 6 characters.'] },
  });

export const securityResolvers: Resolvers = {
  Query: {
    async loginHistory(_parent, args, context) {
      const { user } = requireViewer(context);
      const input = validate(
        v.object({
          page: v.pipe(v.number(), v.integer(), v.minValue(1)),
          count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)),
        }),
        { page: args.page ?? 1, count: args.count },
      );
      const [{ total = 0 } = {}] = await context.db
        .select({ total: count() })
        .from(loginAttempts)
        .where(eq(loginAttempts.userId, user.id));
      const rows = await context.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.userId, user.id))
        .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
        .limit(input.count)
        .offset((input.page - 1) * input.count);
      return {
        data: rows.map((row) => ({
          browser_name: row.browserName,
          platform_name: row.platformName,
          device_model: row.deviceModel,
          ip: row.ip,
          success: row.success,
          created_at: row.createdAt.toISOString(),
          city: null,
          country_name: null,
        })),
        paginatorInfo: {
          current_page: input.page,
          per_page: input.count,
          last_page: Math.max(1, Math.ceil(total / input.count)),
          total,
        },
      };
    },
  },
  Mutation: {
    async generateEmailVerificationCode(_parent, args, context) {
      validate(methodInput, args);
      const { user } = requireViewer(context);
      const wait = await secondsUntilResend(context.db, user.id, 'twofa', twoFaEmailResendMs);
      if (wait > 0) {
        throw appError('rate_limited', `Please wait ${wait} s before asking for another code.`, {
          reason: 'TooManyAttempts',
          retryAfterSeconds: wait,
        });
      }
      const { code } = await issueCode(context.db, user.id, 'twofa');
      await sendMail(context.db, context.config, {
        to: user.email,
        ...mailText('twoFaCode', mailLanguage(user.language), { tenant: await tenantName(context, user), code }),
      });
      return { status: 'success', message: 'We sent a 6-digit code to your email.' };
    },
    async generateTwoFaSecret(_parent, args, context) {
      const { method } = validate(methodInput, args);
      const { user } = requireViewer(context);
      if (user.twofaSecret) throw appError('conflict', 'Two-factor authentication is already on.', { reason: 'TwoFaAlreadyOn' });
      // A fresh secret at every activation; the old attempt (and its wrong codes) is forgotten.
      const secret = newTotpSecret();
      await context.db.update(users).set({ twofaPendingSecret: secret, twofaPendingFailures: 0 }).where(eq(users.id, user.id));
      return { secret, name: await tenantName(context, user), email: user.email, method };
    },
    async activateTwoFa(_parent, args, context) {
      const input = validate(codesInput, args);
      const { user, sessionId } = requireViewer(context);
      if (user.twofaSecret) throw appError('conflict', 'Two-factor authentication is already on.', { reason: 'TwoFaAlreadyOn' });
      if (!user.twofaPendingSecret) {
        throw appError('conflict', 'Start the activation again.', { reason: 'TwoFaNotStarted' });
      }
      if (!input.email_verification_code) throw validationError({ email_verification_code: ['required'] });
      // The authenticator code first: a wrong one counts against the attempt and leaves the email code usable.
      const step = checkTotp(user.twofaPendingSecret, input.twofa_verification_code, null);
      if (step === null) {
        const failures = user.twofaPendingFailures + 1;
        // Five wrong codes void the attempt: a new secret must be generated.
        await context.db
          .update(users)
          .set(failures >= maxActivationFailures ? { twofaPendingSecret: null, twofaPendingFailures: 0 } : { twofaPendingFailures: failures })
          .where(eq(users.id, user.id));
        if (failures >= maxActivationFailures) {
          throw appError('conflict', 'Too many wrong codes. Start the activation again.', { reason: 'TwoFaNotStarted' });
        }
        throw wrongCode('twofa_verification_code');
      }
      const emailCheck = await checkCode(context.db, user.id, 'twofa', input.email_verification_code);
      if (emailCheck === 'expired') {
        throw appError('validation', 'The code has expired or was used up. Ask for a new one.', {
          reason: 'CodeExpired',
          fields: { email_verification_code: ['The code has expired or was used up. Ask for a new one.'] },
        });
      }
      if (emailCheck === 'wrong') throw wrongCode('email_verification_code');
      await context.db
        .update(users)
        .set({
          twofaSecret: user.twofaPendingSecret,
          twofaMethod: input.method,
          twofaLastStep: step,
          twofaPendingSecret: null,
          twofaPendingFailures: 0,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
      await endOtherSessions(context, user.id, sessionId);
      return { status: 'success', message: 'Two-factor authentication is on.' };
    },
    async deactivateTwoFa(_parent, args, context) {
      const input = validate(codesInput, args);
      const { user, sessionId } = requireViewer(context);
      if (!user.twofaSecret) throw appError('conflict', 'Two-factor authentication is off.', { reason: 'TwoFaAlreadyOff' });
      const step = checkTotp(user.twofaSecret, input.twofa_verification_code, user.twofaLastStep);
      if (step === null) throw wrongCode('twofa_verification_code');
      await context.db
        .update(users)
        .set({ twofaSecret: null, twofaMethod: null, twofaLastStep: null, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await endOtherSessions(context, user.id, sessionId);
      return { status: 'success', message: 'Two-factor authentication is off.' };
    },
  },
};
