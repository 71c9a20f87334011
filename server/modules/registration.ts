// Registration with a 6-digit email code, email verification (code or link), password reset, and the
// invitation a referral link names.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Context, UserRow } from '../context';
import { appError, validationError } from '../errors';
import { validate } from '../validation';
import { hashPassword } from '../security/password';
import { checkCode, findLinkCode, issueCode, secondsUntilResend, spendCode } from '../security/email-codes';
import { mailLanguage, mailText, sendMail } from '../mail';
import { emailField, newPasswordField, sixDigitCode } from '../../machines/shared/validation';
import { registrationPayloadSchema } from '../../machines/registration/registration.schema';
import { requireTenant, tenantFlagNames } from './tenant';
import { obfuscateEmail } from './member';
import { startSession } from './session';
import type { Resolvers } from '../generated/resolvers-types';

/** Registration resend wait (spec §9: 120000 ms). */
export const verificationResendWaitMs = 120_000;

type Tenant = Awaited<ReturnType<typeof requireTenant>>;

async function findMember(db: Db, tenantId: number, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(sql`lower(${users.email})`, email.trim().toLowerCase())))
    .limit(1);
  return user;
}

const randomId = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, '').slice(0, bytes + 2).toLowerCase();

async function sendVerification(context: Context, tenant: Tenant, user: UserRow) {
  const { code, linkToken } = await issueCode(context.db, user.id, 'verify_email');
  const link = `${context.portalOrigin}/verifyemail/${linkToken}?email=${encodeURIComponent(user.email)}`;
  await sendMail(context.db, context.config, {
    to: user.email,
    ...mailText('verifyEmail', mailLanguage(user.language), { tenant: tenant.name, code, link }),
  });
}

const flag = (tenant: Tenant, name: (typeof tenantFlagNames)[number]) => tenant.flags[name] === true;

const tooSoon = (seconds: number) =>
  appError('rate_limited', `Please wait ${seconds} s before asking for another code.`, {
    reason: 'TooManyAttempts',
    retryAfterSeconds: seconds,
  });

async function register(_: unknown, args: Record<string, unknown>, context: Context) {
  const input = validate(registrationPayloadSchema, { ...args, lang: args.lang ?? args.language });
  const { db } = context;
  const tenant = await requireTenant(db, input.whitelabel_uuid);
  const sponsorRefid = input.sponsor?.trim() || null;
  if (flag(tenant, 'signup_reflink_only') && !sponsorRefid) {
    throw appError('forbidden', 'Registration is possible via referral link only.', { reason: 'ReferralLinkOnly' });
  }
  if (flag(tenant, 'require_telegram') && !input.telegram) throw validationError({ telegram: ['required'] });
  let sponsorId: number | null = null;
  if (sponsorRefid) {
    const [sponsor] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenant.id), eq(users.refid, sponsorRefid)))
      .limit(1);
    if (!sponsor) throw validationError({ sponsor: ['sponsorInvalid'] });
    sponsorId = sponsor.id;
  }
  const existing = await findMember(db, tenant.id, input.email);
  if (existing?.emailVerifiedAt) throw validationError({ email: ['emailTaken'] });
  if (existing) {
    // Registered before but never confirmed: the code step, without sending a new code.
    throw appError('conflict', 'The email is not verified yet.', { reason: 'NotVerified' });
  }
  const [user] = await db
    .insert(users)
    .values({
      tenantId: tenant.id,
      email: input.email.trim(),
      name: input.name,
      passwordHash: await hashPassword(input.password),
      refid: randomId(6),
      referenceId: `M-${randomId(5).toUpperCase()}`,
      sponsorId,
      language: input.lang,
      telegram: input.telegram || null,
    })
    .returning();
  if (!user) throw new Error('Registration insert returned nothing');
  await sendVerification(context, tenant, user);
  return {
    id: user.id,
    name: user.name,
    obfuscated_email: obfuscateEmail(user.email),
    status: 'success',
    message: 'We sent a 6-digit code to your email.',
  };
}

const sendCodeInput = v.object({ whitelabel_uuid: v.pipe(v.string(), v.uuid()), email: emailField });

const verifyInput = v.object({
  whitelabel_uuid: v.nullish(v.pipe(v.string(), v.uuid())),
  token: v.nullish(v.pipe(v.string(), v.minLength(20), v.maxLength(200))),
  code: v.nullish(sixDigitCode),
  email: emailField,
});

const expiredCode = () =>
  appError('validation', 'The code has expired or was used up. Ask for a new one.', {
    reason: 'CodeExpired',
    fields: { code: ['The code has expired or was used up. Ask for a new one.'] },
  });

export const registrationResolvers: Resolvers = {
  Query: {
    async invitation(_parent, args, { db }) {
      const tenant = await requireTenant(db, args.whitelabel_uuid);
      const [inviter] = await db
        .select({ name: users.name, avatar: users.avatar })
        .from(users)
        .where(and(eq(users.tenantId, tenant.id), eq(users.refid, args.sponsor.trim())))
        .limit(1);
      return inviter ?? null;
    },
  },
  Mutation: {
    createUser: register,
    register,
    async sendVerificationCode(_parent, args, context) {
      const input = validate(sendCodeInput, args);
      const tenant = await requireTenant(context.db, input.whitelabel_uuid);
      const user = await findMember(context.db, tenant.id, input.email);
      // The same answer whether or not such an unverified account exists.
      if (user && !user.emailVerifiedAt) {
        const wait = await secondsUntilResend(context.db, user.id, 'verify_email', verificationResendWaitMs);
        if (wait > 0) throw tooSoon(wait);
        await sendVerification(context, tenant, user);
      }
      return { status: 'success', message: 'If the email waits for confirmation, a new code is on its way.' };
    },
    async verifyEmail(_parent, args, context) {
      const input = validate(verifyInput, args);
      const { db } = context;
      if (input.token) {
        const record = await findLinkCode(db, input.token, 'verify_email');
        if (!record) return null;
        const [user] = await db.select().from(users).where(eq(users.id, record.userId)).limit(1);
        if (!user || user.email.toLowerCase() !== input.email.toLowerCase()) return null;
        await spendCode(db, record.id);
        return confirmAndSignIn(context, user);
      }
      if (!input.code || !input.whitelabel_uuid) {
        throw validationError({ code: ['required'] });
      }
      const tenant = await requireTenant(db, input.whitelabel_uuid);
      const user = await findMember(db, tenant.id, input.email);
      if (!user) return null;
      const check = await checkCode(db, user.id, 'verify_email', input.code);
      if (check === 'expired') throw expiredCode();
      if (check === 'wrong') return null;
      return confirmAndSignIn(context, user);
    },
    async forgotPassword(_parent, args, context) {
      const input = validate(sendCodeInput, args);
      const tenant = await requireTenant(context.db, input.whitelabel_uuid);
      const user = await findMember(context.db, tenant.id, input.email);
      if (user && (await secondsUntilResend(context.db, user.id, 'reset_password', 60_000)) === 0) {
        const { linkToken } = await issueCode(context.db, user.id, 'reset_password');
        const link = `${context.portalOrigin}/newpassword/${linkToken}?email=${encodeURIComponent(user.email)}`;
        await sendMail(context.db, context.config, {
          to: user.email,
          ...mailText('resetPassword', mailLanguage(user.language), { tenant: tenant.name, link }),
        });
      }
      return { status: 'success', message: 'If an account uses this email, a link to set a new password is on its way.' };
    },
    async resetPassword(_parent, args, context) {
      const input = validate(
        v.object({ ...sendCodeInput.entries, token: v.pipe(v.string(), v.minLength(20), v.maxLength(200)), password: newPasswordField }),
        args,
      );
      const { db } = context;
      const tenant = await requireTenant(db, input.whitelabel_uuid);
      const record = await findLinkCode(db, input.token, 'reset_password');
      const user = record ? await findMember(db, tenant.id, input.email) : undefined;
      if (!record || !user || user.id !== record.userId) {
        throw appError('validation', 'This link is not valid any more. Ask for a new one.', {
          reason: 'InvalidLink',
          fields: { token: ['This link is not valid any more. Ask for a new one.'] },
        });
      }
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash: await hashPassword(input.password), emailVerifiedAt: user.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
          .where(eq(users.id, user.id));
        // A new password ends every session that used the old one.
        await tx.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, user.id), sql`${sessions.revokedAt} is null`));
      });
      await spendCode(db, record.id);
      return { status: 'success', message: 'Your new password is set.' };
    },
  },
};

async function confirmAndSignIn(context: Context, user: UserRow) {
  const verifiedAt = user.emailVerifiedAt ?? new Date();
  await context.db.update(users).set({ emailVerifiedAt: verifiedAt }).where(eq(users.id, user.id));
  return startSession(context, { ...user, emailVerifiedAt: verifiedAt });
}
