// Registration with a 6-digit email code, its resend, email verification (the typed code or the mailed
// link, which signs the member in), and the invitation a referral link names.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Context, UserRow } from '../../context';
import { appError, validationError } from '../../errors';
import { mailLanguage, mailText, sendMail } from '../../mail';
import { hashPassword } from '../../security/password';
import { checkCode, issueCode, latestRegistration, spendLinkCode, type Issued } from '../../security/email-codes';
import { count, LimitReached, type Limit } from '../../security/rate-limit';
import { tooManyAttempts } from '../../security/throttle';
import { registrationWindow, resendWait } from '../../../domain/timing';
import { maxMailsPerAddress, maxRegistrationsPerAddress } from '../../../domain/limits';
import { portalAddress, requirePasswordSignIn, tenantFlag, type TenantRow } from '../shell/service';
import { obfuscateEmail } from '../account/member-view';
import { users } from '../account/tables';
import type { PendingRegistration } from './tables';
import { findMember, startSession } from './sessions';

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
export async function countForAddress(context: Context, kinds: ('register' | 'mail')[]) {
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

// ---------------------------------------------------------------- invitations

/** The inviter a referral id names, for the invitation banner. */
export async function findInviter(db: Db, tenantId: number, refid: string) {
  const [inviter] = await db
    .select({ name: users.name, avatar: users.avatar })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.refid, refid.trim())))
    .limit(1);
  return inviter ?? null;
}
