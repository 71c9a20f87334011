// Signing in and out, registration with a 6-digit email code, email verification (code or link), password
// reset, single sign-on, and the invitation a referral link names. Sessions are opaque tokens stored hashed.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Context, UserRow } from '../../context';
import type { LoginResult } from '../../generated/resolvers-types';
import { appError, validationError } from '../../errors';
import { mailLanguage, mailText, sendMail } from '../../mail';
import { hashPassword, verifyPassword, decoyHash } from '../../security/password';
import { checkCode, findLinkCode, issueCode, secondsUntilResend, spendCode } from '../../security/email-codes';
import { recordAttempt, signInWait } from '../../security/throttle';
import { checkTotp } from '../../security/totp';
import { hashToken, newToken } from '../../security/tokens';
import { resendWait, resetMailWait } from '../../../machines/shared/timing';
import { tenantFlag, type TenantRow } from '../shell/service';
import { obfuscateEmail } from '../account/service';
import { users } from '../account/tables';
import { oauthCodes, sessions } from './tables';

// ---------------------------------------------------------------- sessions

/** A LoginResult before its `user` is asked for: the member's row, shaped only when the client selects it. */
export type SessionGrant = Omit<LoginResult, 'user' | '__typename'> & { member: UserRow };

const userAgent = (context: Context) => context.request.headers.get('user-agent');

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

// ---------------------------------------------------------------- sign-in

export interface Credentials {
  username: string;
  password: string;
  twofa_verification_code?: string | null | undefined;
}

const invalidLogin = () =>
  appError('authentication', 'Invalid login or password. Please try again.', { reason: 'InvalidLogin' });

/** Sign-in by email or 11-digit phone, throttled per account and address, with TOTP for two-factor members. */
export async function signIn(context: Context, tenant: TenantRow, input: Credentials): Promise<SessionGrant> {
  const { db } = context;
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
  const attempt = { tenantId: tenant.id, userId: user?.id ?? null, accountKey, ip: context.ip, userAgent: userAgent(context) };
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
}

// ---------------------------------------------------------------- registration and verification

const randomId = (bytes: number) =>
  randomBytes(bytes).toString('base64url').replace(/[-_]/g, '').slice(0, bytes + 2).toLowerCase();

const tooSoon = (seconds: number) =>
  appError('rate_limited', `Please wait ${seconds} s before asking for another code.`, {
    reason: 'TooManyAttempts',
    retryAfterSeconds: seconds,
  });

async function sendVerification(context: Context, tenant: TenantRow, user: UserRow) {
  const { code, linkToken } = await issueCode(context.db, user.id, 'verify_email');
  const link = `${context.portalOrigin}/verifyemail/${linkToken}?email=${encodeURIComponent(user.email)}`;
  await sendMail(context.db, context.config, {
    to: user.email,
    ...mailText('verifyEmail', mailLanguage(user.language), { tenant: tenant.name, code, link }),
  });
}

export interface Registration {
  name: string;
  email: string;
  password: string;
  lang: string;
  sponsor?: string | null | undefined;
  telegram?: string | null | undefined;
}

/** Creates an unverified member and mails the code; an address waiting for its code goes to the code step. */
export async function registerMember(context: Context, tenant: TenantRow, input: Registration) {
  const { db } = context;
  const sponsorRefid = input.sponsor?.trim() || null;
  if (tenantFlag(tenant, 'signup_reflink_only') && !sponsorRefid) {
    throw appError('forbidden', 'Registration is possible via referral link only.', { reason: 'ReferralLinkOnly' });
  }
  if (tenantFlag(tenant, 'require_telegram') && !input.telegram) throw validationError({ telegram: ['required'] });
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
  return { id: user.id, name: user.name, obfuscated_email: obfuscateEmail(user.email) };
}

/** A new code for an address that waits for confirmation; silent about addresses that do not. */
export async function resendVerification(context: Context, tenant: TenantRow, email: string) {
  const user = await findMember(context.db, tenant.id, email);
  if (!user || user.emailVerifiedAt) return;
  const wait = await secondsUntilResend(context.db, user.id, 'verify_email', resendWait);
  if (wait > 0) throw tooSoon(wait);
  await sendVerification(context, tenant, user);
}

async function confirmAndSignIn(context: Context, user: UserRow) {
  const verifiedAt = user.emailVerifiedAt ?? new Date();
  await context.db.update(users).set({ emailVerifiedAt: verifiedAt }).where(eq(users.id, user.id));
  return startSession(context, { ...user, emailVerifiedAt: verifiedAt });
}

/** The mailed link: null when it is unknown, used, old or for another address. */
export async function verifyEmailByLink(context: Context, token: string, email: string) {
  const { db } = context;
  const record = await findLinkCode(db, token, 'verify_email');
  if (!record) return null;
  const [user] = await db.select().from(users).where(eq(users.id, record.userId)).limit(1);
  if (!user || user.email.toLowerCase() !== email.toLowerCase()) return null;
  await spendCode(db, record.id);
  return confirmAndSignIn(context, user);
}

/** The typed code: null when wrong, CodeExpired when expired or its attempts are used up. */
export async function verifyEmailByCode(context: Context, tenant: TenantRow, email: string, code: string) {
  const user = await findMember(context.db, tenant.id, email);
  if (!user) return null;
  const check = await checkCode(context.db, user.id, 'verify_email', code);
  if (check === 'expired') {
    throw appError('validation', 'The code has expired or was used up. Ask for a new one.', {
      reason: 'CodeExpired',
      fields: { code: ['The code has expired or was used up. Ask for a new one.'] },
    });
  }
  if (check === 'wrong') return null;
  return confirmAndSignIn(context, user);
}

// ---------------------------------------------------------------- password reset

/** Mails a link to set a new password, at most once per wait; silent about unknown addresses. */
export async function sendPasswordReset(context: Context, tenant: TenantRow, email: string) {
  const user = await findMember(context.db, tenant.id, email);
  if (!user || (await secondsUntilResend(context.db, user.id, 'reset_password', resetMailWait)) > 0) return;
  const { linkToken } = await issueCode(context.db, user.id, 'reset_password');
  const link = `${context.portalOrigin}/newpassword/${linkToken}?email=${encodeURIComponent(user.email)}`;
  await sendMail(context.db, context.config, {
    to: user.email,
    ...mailText('resetPassword', mailLanguage(user.language), { tenant: tenant.name, link }),
  });
}

/** Sets the new password with the mailed token (once), confirms the address and ends every session. */
export async function resetPassword(db: Db, tenant: TenantRow, input: { email: string; token: string; password: string }) {
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
    await tx.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
  });
  await spendCode(db, record.id);
}

// ---------------------------------------------------------------- single sign-on and invitations

const ssoRefused = () => appError('authentication', 'Single sign-on failed. Sign in again.', { reason: 'InvalidOAuthCode' });

/** Exchanges the authorisation code the OAuth server sent back (once, for its redirect) for a session. */
export async function exchangeOAuthCode(context: Context, tenant: TenantRow, code: string, redirectUri: string) {
  const { db } = context;
  const [grant] = await db
    .select()
    .from(oauthCodes)
    .where(and(eq(oauthCodes.codeHash, hashToken(code)), eq(oauthCodes.tenantId, tenant.id)))
    .limit(1);
  if (!grant || grant.usedAt || grant.expiresAt <= new Date() || grant.redirectUri !== redirectUri) throw ssoRefused();
  await db.update(oauthCodes).set({ usedAt: new Date() }).where(eq(oauthCodes.id, grant.id));
  const user = await findMember(db, tenant.id, grant.email);
  if (!user) throw ssoRefused();
  return startSession(context, user);
}

/** The inviter a referral id names, for the invitation banner. */
export async function findInviter(db: Db, tenantId: number, refid: string) {
  const [inviter] = await db
    .select({ name: users.name, avatar: users.avatar })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.refid, refid.trim())))
    .limit(1);
  return inviter ?? null;
}
