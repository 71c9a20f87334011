// Sign-in throttling: 5 failures per member (email and phone logins share it; an unknown login name is
// throttled by itself) and 20 per address, within the sign-in window. Each attempt is reserved before the
// password is checked (security/rate-limit.ts), so parallel guesses cannot pass the limit. Every attempt is
// also recorded for the member's login history.
import { UAParser } from 'ua-parser-js';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';
import { appError } from '../errors';
import { signInWindow } from '../../domain/timing';
import { maxSignInFailuresPerAccount, maxSignInFailuresPerAddress } from '../../domain/limits';
import { LimitReached, reserve, type Limit, type Reservation } from './rate-limit';

export const tooManyAttempts = (seconds: number, what = 'sign-in attempts') =>
  appError('rate_limited', `Too many ${what}. Try again in ${seconds} s.`, { reason: 'TooManyAttempts', retryAfterSeconds: seconds });

/** Reserves a sign-in attempt for the member (or the typed name of an unknown one) and the address. */
export async function reserveSignIn(
  db: Db,
  who: { tenantId: number; userId: number | null; accountKey: string; ip: string | null },
): Promise<Reservation> {
  const limits: Limit[] = [];
  // The address first: a flood from one address waits there, not on the member's slots.
  if (who.ip) limits.push({ key: `signin:ip:${who.ip}`, max: maxSignInFailuresPerAddress, windowMs: signInWindow });
  limits.push({
    key: who.userId !== null ? `signin:member:${who.userId}` : `signin:name:${who.tenantId}:${who.accountKey}`,
    max: maxSignInFailuresPerAccount,
    windowMs: signInWindow,
  });
  try {
    return await reserve(db, limits);
  } catch (error) {
    if (error instanceof LimitReached) throw tooManyAttempts(error.retryAfterSeconds);
    throw error;
  }
}

export async function recordAttempt(
  db: Db,
  attempt: { tenantId: number; userId: number | null; accountKey: string; ip: string | null; userAgent: string | null; success: boolean },
) {
  const agent = UAParser(attempt.userAgent ?? '');
  await db.insert(loginAttempts).values({
    ...attempt,
    browserName: agent.browser.name ?? null,
    platformName: agent.os.name ?? null,
    deviceModel: agent.device.model ?? null,
  });
}
