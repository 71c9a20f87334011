// Two-factor authentication of a member's own account: the email code of a change, activation with a new
// TOTP secret (answering recovery codes), deactivation (authenticator or recovery code), new recovery codes.
// Each change ends the member's other sessions.
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Context, Viewer, ViewerTenant } from '../../context';
import { appError, validationError } from '../../errors';
import { mailLanguage, mailText, sendMail } from '../../mail';
import { checkCode, codeMatches, issueCode, reserveCodeAttempt, spendCode, voidIfUsedUp } from '../../security/email-codes';
import { LimitReached, reserve, type Reservation } from '../../security/rate-limit';
import { deleteRecoveryCodes, recoveryCodesLeft, replaceRecoveryCodes, spendRecoveryCode } from '../../security/recovery-codes';
import { tooManyAttempts } from '../../security/throttle';
import { acceptTotp, checkTotp, newTotpSecret } from '../../security/totp';
import { maxCodeAttempts, maxSignInFailuresPerAccount } from '../../../domain/limits';
import { signInWindow, twoFaResendWait } from '../../../domain/timing';
import { sessions } from '../auth/tables';
import { users } from './tables';

export const twoFaMethods = ['google2fa'] as const;
export type TwoFaMethod = (typeof twoFaMethods)[number];
/** Wrong codes that void an activation or deactivation attempt: the same 5 attempts a mailed code allows. */
export const maxActivationFailures = maxCodeAttempts;

const alreadyOn = () => appError('conflict', 'Two-factor authentication is already on.', { reason: 'TwoFaAlreadyOn' });
const alreadyOff = () => appError('conflict', 'Two-factor authentication is off.', { reason: 'TwoFaAlreadyOff' });

type CodeField = 'email_verification_code' | 'twofa_verification_code' | 'recovery_code';

const wrongCode = (field: CodeField) =>
  appError('validation', 'Incorrect verification code. The code must be 6 characters.', {
    reason: 'TwoFaCodeError',
    fields: { [field]: ['Incorrect verification code. The code must be 6 characters.'] },
  });

const emailCodeExpired = () =>
  appError('validation', 'The code has expired or was used up. Ask for a new one.', {
    reason: 'CodeExpired',
    fields: { email_verification_code: ['The code has expired or was used up. Ask for a new one.'] },
  });

const emailCodeRequired = () =>
  appError('validation', 'Ask for the code by email and enter it.', {
    reason: 'EmailCodeRequired',
    fields: { email_verification_code: ['This field is required.'] },
  });

/** Enabling or disabling two-factor ends the member's other sessions. */
async function endOtherSessions(db: Db, userId: number, keepSessionId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

/** Mails the email code of a two-factor change, at most once per resend wait (parallel calls send one). */
export async function sendTwoFaEmailCode(context: Context, { user, tenant }: ViewerTenant) {
  const issued = await issueCode(context.db, user.id, 'twofa', { waitMs: twoFaResendWait });
  if (issued.wait !== undefined) {
    throw appError('rate_limited', `Please wait ${issued.wait} s before asking for another code.`, {
      reason: 'TooManyAttempts',
      retryAfterSeconds: issued.wait,
    });
  }
  await sendMail(context.db, context.config, {
    to: user.email,
    ...mailText('twoFaCode', mailLanguage(user.language), { tenant: tenant.name, code: issued.code }),
  });
}

/** A fresh secret at every activation; the old attempt (and its wrong codes) is forgotten. */
export async function startTwoFaActivation(db: Db, { user, tenant }: ViewerTenant, method: TwoFaMethod) {
  if (user.twofaSecret) throw alreadyOn();
  const secret = newTotpSecret();
  await db.update(users).set({ twofaPendingSecret: secret, twofaPendingFailures: 0 }).where(eq(users.id, user.id));
  return { secret, name: tenant.name, email: user.email, method };
}

export interface TwoFaCodes {
  method: TwoFaMethod;
  email_verification_code: string;
  twofa_verification_code: string;
}

const notStarted = (message = 'Start the activation again.') => appError('conflict', message, { reason: 'TwoFaNotStarted' });

/**
 * Turns two-factor on with the mailed code and a code of the new secret, and answers the 10 recovery codes
 * (shown once). Each try takes one of the secret's 5 attempts before it is checked; the 5th wrong one voids it.
 */
export async function activateTwoFa(db: Db, { user, sessionId }: Viewer, input: TwoFaCodes): Promise<string[]> {
  if (user.twofaSecret) throw alreadyOn();
  if (!user.twofaPendingSecret) throw notStarted();
  if (!input.email_verification_code) throw emailCodeRequired();
  const pending = user.twofaPendingSecret;
  const [attempt] = await db
    .update(users)
    .set({ twofaPendingFailures: sql`${users.twofaPendingFailures} + 1` })
    .where(and(eq(users.id, user.id), eq(users.twofaPendingSecret, pending), lt(users.twofaPendingFailures, maxActivationFailures)))
    .returning({ tries: users.twofaPendingFailures });
  if (!attempt) throw notStarted('Too many wrong codes. Start the activation again.');
  // The authenticator code first: a wrong one counts against the attempt and leaves the email code usable.
  const step = checkTotp(pending, input.twofa_verification_code, null);
  if (step === null) {
    if (attempt.tries >= maxActivationFailures) {
      await db.update(users).set({ twofaPendingSecret: null, twofaPendingFailures: 0 }).where(and(eq(users.id, user.id), eq(users.twofaPendingSecret, pending)));
      throw notStarted('Too many wrong codes. Start the activation again.');
    }
    throw wrongCode('twofa_verification_code');
  }
  const emailCheck = await checkCode(db, user.id, 'twofa', input.email_verification_code);
  if (emailCheck.result === 'expired') throw emailCodeExpired();
  if (emailCheck.result === 'wrong') throw wrongCode('email_verification_code');
  const [activated] = await db
    .update(users)
    .set({
      twofaSecret: pending,
      twofaMethod: input.method,
      twofaLastStep: step,
      twofaPendingSecret: null,
      twofaPendingFailures: 0,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, user.id), isNull(users.twofaSecret), eq(users.twofaPendingSecret, pending)))
    .returning({ id: users.id });
  if (!activated) throw alreadyOn();
  await endOtherSessions(db, user.id, sessionId);
  return replaceRecoveryCodes(db, user.id);
}

export interface DeactivationCodes {
  email_verification_code: string;
  twofa_verification_code?: string | null | undefined;
  recovery_code?: string | null | undefined;
}

/**
 * Turns two-factor off with the mailed code and an authenticator code (or, for a lost phone, a recovery
 * code). Every try takes one of the mailed code's 5 attempts before either code is checked, whichever is
 * wrong; the 5th wrong try voids it and a new email code is needed.
 */
export async function deactivateTwoFa(db: Db, { user, sessionId }: Viewer, input: DeactivationCodes) {
  if (!user.twofaSecret) throw alreadyOff();
  if (!input.email_verification_code) throw emailCodeRequired();
  const recovery = input.recovery_code || null;
  const code = input.twofa_verification_code || null;
  if (!recovery && !code) throw validationError({ twofa_verification_code: ['required'] });
  const attempt = await reserveCodeAttempt(db, user.id, 'twofa');
  if (!attempt) throw emailCodeExpired();
  const refuse = async (field: CodeField) => {
    throw (await voidIfUsedUp(db, attempt)) ? emailCodeExpired() : wrongCode(field);
  };
  if (!codeMatches(attempt, input.email_verification_code)) return refuse('email_verification_code');
  const secondOk = recovery ? (await spendRecoveryCode(db, user.id, recovery)) !== null : await acceptTotp(db, user, code!);
  if (!secondOk) return refuse(recovery ? 'recovery_code' : 'twofa_verification_code');
  if (!(await spendCode(db, attempt.id))) throw emailCodeExpired();
  const [deactivated] = await db
    .update(users)
    .set({ twofaSecret: null, twofaMethod: null, twofaLastStep: null, updatedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.twofaSecret, user.twofaSecret)))
    .returning({ id: users.id });
  if (!deactivated) throw alreadyOff();
  await deleteRecoveryCodes(db, user.id);
  await endOtherSessions(db, user.id, sessionId);
}

/**
 * 10 new recovery codes for a current authenticator code (its step is spent); the old ones stop working.
 * Wrong codes count against the member's limit, as sign-in failures do.
 */
export async function regenerateRecoveryCodes(db: Db, { user }: Viewer, code: string): Promise<string[]> {
  if (!user.twofaSecret) throw alreadyOff();
  let slot: Reservation;
  try {
    slot = await reserve(db, [{ key: `totp:member:${user.id}`, max: maxSignInFailuresPerAccount, windowMs: signInWindow }]);
  } catch (error) {
    if (error instanceof LimitReached) throw tooManyAttempts(error.retryAfterSeconds);
    throw error;
  }
  try {
    if (!(await acceptTotp(db, user, code))) {
      await slot.fail();
      throw wrongCode('twofa_verification_code');
    }
  } finally {
    await slot.release();
  }
  return replaceRecoveryCodes(db, user.id);
}

/** Unused recovery codes of a two-factor member (null while two-factor is off). */
export async function recoveryCodesLeftOf(db: Db, userId: number, twofa: boolean): Promise<number | null> {
  return twofa ? recoveryCodesLeft(db, userId) : null;
}
