// Signing in: by password (email or 11-digit phone) with the second factor of two-factor members, each
// attempt reserved against the member's and the address's limits; and by single sign-on, exchanging the
// code the tenant's OAuth server sent back.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Context } from '../../context';
import { appError } from '../../errors';
import { verifyPassword, decoyHash } from '../../security/password';
import { spendRecoveryCode } from '../../security/recovery-codes';
import { recordAttempt, reserveSignIn } from '../../security/throttle';
import { acceptTotp } from '../../security/totp';
import { hashToken } from '../../security/tokens';
import { requirePasswordSignIn, type TenantRow } from '../shell/service';
import { users } from '../account/tables';
import { oauthCodes } from './tables';
import { findMember, startSession, userAgent, type SessionGrant } from './sessions';

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

// ---------------------------------------------------------------- single sign-on

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
