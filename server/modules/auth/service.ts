// Signing in and out, registration with a 6-digit email code, email verification (code or link), password
// reset, single sign-on, and the invitation a referral link names. Sessions are opaque tokens stored hashed.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Context, UserRow } from '../../context';
import type { LoginResult } from '../../generated/resolvers-types';
import { appError, validationError } from '../../errors';
import { mailLanguage, mailText, sendMail } from '../../mail';
import { hashPassword, verifyPassword, decoyHash } from '../../security/password';
import {
  checkCode,
  issueCode,
  latestRegistration,
  linkCodeIsLive,
  spendLinkCode,
  voidCodes,
  type Issued,
} from '../../security/email-codes';
import { count, LimitReached, type Limit } from '../../security/rate-limit';
import { spendRecoveryCode } from '../../security/recovery-codes';
import { recordAttempt, reserveSignIn, tooManyAttempts } from '../../security/throttle';
import { acceptTotp } from '../../security/totp';
import { hashToken, newToken } from '../../security/tokens';
import { registrationWindow, resendWait, resetMailWait } from '../../../domain/timing';
import { maxMailsPerAddress, maxRegistrationsPerAddress } from '../../../domain/limits';
import { portalAddress, requirePasswordSignIn, tenantFlag, type TenantRow } from '../shell/service';
import { obfuscateEmail } from '../account/service';
import { users } from '../account/tables';
import { oauthCodes, sessions, type PendingRegistration } from './tables';

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

// ---------------------------------------------------------------- sign-in

export interface Credentials {
  username: string;
  password: string;
  twofa_verification_code?: string | null | undefined;
  recovery_code?: string | null | undefined;
}

const invalidLogin = () => appError('authentication', 'Invalid login or password. Please try again.', { reason: 'InvalidLogin' });

const wrongSecondFactor = (recovery: boolean) =>
  appError('authentication', recovery ? 'Incorrect recovery code.' : 'Incorrect verification code.', {
    reason: 'TwoFaCodeError',
  });

/**
 * Sign-in by email or 11-digit phone with TOTP (or a recovery code) for two-factor members. The attempt is
 * reserved against the member's and the address's limits before the password is checked; a failure counts,
 * anything else gives the slot back.
 */
export async function signIn(context: Context, tenant: TenantRow, input: Credentials): Promise<SessionGrant> {
  const { db } = context;
  requirePasswordSignIn(tenant);
  const accountKey = input.username.trim().toLowerCase();
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
  const slot = await reserveSignIn(db, attempt);
  try {
    // Unknown accounts cost the same scrypt work and get the same answer as wrong passwords.
    const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash));
    if (!user || !passwordOk) {
      await slot.fail();
      await recordAttempt(db, { ...attempt, success: false });
      throw invalidLogin();
    }
    if (!user.emailVerifiedAt) {
      throw appError('authentication', 'User not found or not active.', { reason: 'UserNotFound' });
    }
    let recoveryCodesLeft: number | null = null;
    if (user.twofaSecret) {
      const recovery = input.recovery_code || null;
      const code = input.twofa_verification_code || null;
      if (!recovery && !code) throw appError('authentication', 'Two-factor code required.', { reason: 'TwoFaError' });
      let passed: boolean;
      if (recovery) {
        recoveryCodesLeft = await spendRecoveryCode(db, user.id, recovery);
        passed = recoveryCodesLeft !== null;
      } else {
        passed = await acceptTotp(db, user, code!);
      }
      if (!passed) {
        await slot.fail();
        await recordAttempt(db, { ...attempt, success: false });
        throw wrongSecondFactor(Boolean(recovery));
      }
    }
    await slot.release();
    return { ...(await startSession(context, user)), recovery_codes_left: recoveryCodesLeft };
  } finally {
    // Unverified accounts and a missing code are no failure: the slot goes back (a no-op once settled).
    await slot.release();
  }
}

// ---------------------------------------------------------------- registration and verification

const randomId = (bytes: number) =>
  randomBytes(bytes)
    .toString('base64url')
    .replace(/[-_]/g, '')
    .slice(0, bytes + 2)
    .toLowerCase();

const tooSoon = (seconds: number) =>
  appError('rate_limited', `Please wait ${seconds} s before asking for another code.`, {
    reason: 'TooManyAttempts',
    retryAfterSeconds: seconds,
  });

/** Counts anonymous work (registrations, mails) against the caller's address. */
async function countForAddress(context: Context, kinds: ('register' | 'mail')[]) {
  if (!context.ip) return;
  const limits: Limit[] = kinds.map((kind) => ({
    key: `${kind}:ip:${context.ip}`,
    max: kind === 'register' ? maxRegistrationsPerAddress : maxMailsPerAddress,
    windowMs: registrationWindow,
  }));
  try {
    await count(context.db, limits);
  } catch (error) {
    if (error instanceof LimitReached) throw tooManyAttempts(error.retryAfterSeconds, 'requests from your address');
    throw error;
  }
}

async function mailVerification(context: Context, tenant: TenantRow, user: UserRow, issued: Issued) {
  if (issued.wait !== undefined) return;
  const link = `${portalAddress(tenant, context.config)}/verifyemail/${issued.linkToken}?email=${encodeURIComponent(user.email)}`;
  await sendMail(context.db, context.config, {
    to: user.email,
    ...mailText('verifyEmail', mailLanguage(user.language), { tenant: tenant.name, code: issued.code, link }),
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

const emailTaken = () => validationError({ email: ['emailTaken'] });

/**
 * Creates an unverified member and mails the code. Registering an address that waits for its code mails a new
 * code (the earlier ones stop working) and answers NotVerified: each code confirms the registration it was
 * sent for, so a password counts only once the mailbox's owner has typed its code (no pre-hijack).
 */
export async function registerMember(context: Context, tenant: TenantRow, input: Registration) {
  const { db } = context;
  requirePasswordSignIn(tenant);
  await countForAddress(context, ['register', 'mail']);
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
  const registration: PendingRegistration = {
    passwordHash: await hashPassword(input.password),
    name: input.name,
    language: input.lang,
    telegram: input.telegram || null,
    sponsorId,
  };
  const existing = await findMember(db, tenant.id, input.email);
  if (existing?.emailVerifiedAt) throw emailTaken();
  if (existing) {
    await mailVerification(context, tenant, existing, await issueCode(db, existing.id, 'verify_email', { registration }));
    throw appError('conflict', 'The email is not verified yet.', { reason: 'NotVerified' });
  }
  let user: UserRow | undefined;
  try {
    [user] = await db
      .insert(users)
      .values({
        tenantId: tenant.id,
        email: input.email.trim(),
        name: registration.name,
        passwordHash: registration.passwordHash,
        refid: randomId(6),
        referenceId: `M-${randomId(5).toUpperCase()}`,
        sponsorId,
        language: registration.language,
        telegram: registration.telegram,
      })
      .returning();
  } catch (error) {
    // A registration of the same address (in any letter case) won the race.
    if (isUniqueViolation(error, 'users_tenant_email_lower')) throw emailTaken();
    throw error;
  }
  if (!user) throw new Error('Registration insert returned nothing');
  await mailVerification(context, tenant, user, await issueCode(db, user.id, 'verify_email', { registration }));
  return { id: user.id, name: user.name, obfuscated_email: obfuscateEmail(user.email) };
}

/** A new code for an address that waits for confirmation (for its latest registration); silent about others. */
export async function resendVerification(context: Context, tenant: TenantRow, email: string) {
  await countForAddress(context, ['mail']);
  const user = await findMember(context.db, tenant.id, email);
  if (!user || user.emailVerifiedAt) return;
  const registration = (await latestRegistration(context.db, user.id)) ?? undefined;
  const issued = await issueCode(context.db, user.id, 'verify_email', { waitMs: resendWait, registration });
  if (issued.wait !== undefined) throw tooSoon(issued.wait);
  await mailVerification(context, tenant, user, issued);
}

/**
 * The code (or link) proves control of the address, and confirms the registration it was sent for: that
 * registration's password, name and sponsor become the member's. A member verified already keeps theirs.
 */
async function confirmAndSignIn(context: Context, userId: number, registration: PendingRegistration | null) {
  const { db } = context;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  if (user.emailVerifiedAt) return startSession(context, user);
  const [confirmed] = await db
    .update(users)
    .set({
      emailVerifiedAt: sql`now()`,
      ...(registration
        ? {
            passwordHash: registration.passwordHash,
            name: registration.name,
            language: registration.language,
            telegram: registration.telegram,
            sponsorId: registration.sponsorId,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning();
  return startSession(context, confirmed ?? user);
}

/** The mailed link: null when it is unknown, used, old, for another address or another tenant's. */
export async function verifyEmailByLink(context: Context, tenant: TenantRow, token: string, email: string) {
  const spent = await spendLinkCode(context.db, token, 'verify_email', { tenantId: tenant.id, email });
  return spent ? confirmAndSignIn(context, spent.userId, spent.registration) : null;
}

/** The typed code: null when wrong, CodeExpired when expired or its attempts are used up. */
export async function verifyEmailByCode(context: Context, tenant: TenantRow, email: string, code: string) {
  const user = await findMember(context.db, tenant.id, email);
  if (!user) return null;
  const check = await checkCode(context.db, user.id, 'verify_email', code);
  if (check.result === 'expired') {
    throw appError('validation', 'The code has expired or was used up. Ask for a new one.', {
      reason: 'CodeExpired',
      fields: { code: ['The code has expired or was used up. Ask for a new one.'] },
    });
  }
  if (check.result === 'wrong') return null;
  return confirmAndSignIn(context, user.id, check.registration);
}

// ---------------------------------------------------------------- password reset

/** Mails a link to set a new password, at most once per wait; silent about unknown addresses. */
export async function sendPasswordReset(context: Context, tenant: TenantRow, email: string) {
  requirePasswordSignIn(tenant);
  await countForAddress(context, ['mail']);
  const user = await findMember(context.db, tenant.id, email);
  if (!user) return;
  const issued = await issueCode(context.db, user.id, 'reset_password', { waitMs: resetMailWait });
  if (issued.wait !== undefined) return;
  const link = `${portalAddress(tenant, context.config)}/newpassword/${issued.linkToken}?email=${encodeURIComponent(user.email)}`;
  await sendMail(context.db, context.config, {
    to: user.email,
    ...mailText('resetPassword', mailLanguage(user.language), { tenant: tenant.name, link }),
  });
}

const invalidLink = () =>
  appError('validation', 'This link is not valid any more. Ask for a new one.', {
    reason: 'InvalidLink',
    fields: { token: ['This link is not valid any more. Ask for a new one.'] },
  });

/**
 * Sets the new password with the mailed token: the token is spent in the same transaction, so it works
 * once. Confirms the address, ends pending registrations' codes and every session.
 */
export async function resetPassword(db: Db, tenant: TenantRow, input: { email: string; token: string; password: string }) {
  requirePasswordSignIn(tenant);
  // A dead link is refused before the password is hashed (scrypt's cost is not spent on junk tokens); the
  // token is still spent only in the transaction below, so two uses of one link cannot both pass.
  if (!(await linkCodeIsLive(db, input.token, 'reset_password', { tenantId: tenant.id, email: input.email })))
    throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const spent = await spendLinkCode(tx as unknown as Db, input.token, 'reset_password', {
      tenantId: tenant.id,
      email: input.email,
    });
    if (!spent) throw invalidLink();
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, spent.userId));
    await voidCodes(tx as unknown as Db, spent.userId, 'verify_email');
    // A new password ends every session that used the old one.
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, spent.userId), isNull(sessions.revokedAt)));
  });
}

// ---------------------------------------------------------------- single sign-on and invitations

const ssoRefused = () => appError('authentication', 'Single sign-on failed. Sign in again.', { reason: 'InvalidOAuthCode' });

/** Exchanges the authorisation code the OAuth server sent back (once, for its redirect) for a session. */
export async function exchangeOAuthCode(context: Context, tenant: TenantRow, code: string, redirectUri: string) {
  const { db } = context;
  // Spent by the one conditional update that finds it unused, unexpired and for this redirect.
  const [grant] = await db
    .update(oauthCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oauthCodes.codeHash, hashToken(code)),
        eq(oauthCodes.tenantId, tenant.id),
        eq(oauthCodes.redirectUri, redirectUri),
        isNull(oauthCodes.usedAt),
        gt(oauthCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ email: oauthCodes.email });
  if (!grant) throw ssoRefused();
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
