// TOTP (RFC 6238, 30 s steps, ±1 step) with replay protection (§5.2: a code is accepted once): the accepted
// time step is stored, and spending it is one conditional UPDATE, so parallel requests with the same code
// cannot both pass.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../db/client';
import { users } from '../db/schema';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, label: string, issuer: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), label, issuer }).toString();
}

/**
 * A right code whose time step was already spent: a replay (a second tab, a double click, parallel requests),
 * to be refused as such and not counted as a guess.
 */
export function isReplayedTotp(secret: string, code: string, lastUsedStep: number | null, now = Date.now()): boolean {
  return lastUsedStep !== null && checkTotp(secret, code, lastUsedStep, now) === null && checkTotp(secret, code, null, now) !== null;
}

/** Returns the accepted time step, or null when the code is wrong or was already used. */
export function checkTotp(
  secret: string,
  code: string,
  lastUsedStep: number | null,
  now = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / 30) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}

/** Records the step as used, if no later or equal step was and the secret is still the member's: true once. */
export async function spendTotpStep(db: Db, userId: number, secret: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twofaLastStep: step })
    .where(and(eq(users.id, userId), eq(users.twofaSecret, secret), or(isNull(users.twofaLastStep), lt(users.twofaLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Checks a code of the member's secret and spends its step: true for exactly one of parallel callers. */
export async function acceptTotp(db: Db, user: { id: number; twofaSecret: string | null; twofaLastStep: number | null }, code: string) {
  if (!user.twofaSecret) return false;
  const step = checkTotp(user.twofaSecret, code, user.twofaLastStep);
  return step !== null && (await spendTotpStep(db, user.id, user.twofaSecret, step));
}
