// Two-factor recovery codes: 10 one-time codes shown once (xxxxx-xxxxx, Crockford base32: no i, l, o or u,
// so they read aloud and type without doubt), stored as SHA-256 only. Spending one is one conditional UPDATE:
// parallel sign-ins with the same code give one session.
import { createHash, randomInt } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { recoveryCodes } from '../db/schema';
import { recoveryCodeCount } from '../../domain/limits';

const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';

/** The canonical form of a typed code (case, spaces, dash and look-alike letters forgiven), or null. */
export function canonicalRecoveryCode(typed: string): string | null {
  const bare = typed
    .toLowerCase()
    .replace(/[\s-]/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
  if (!/^[0-9a-hjkmnp-tv-z]{10}$/.test(bare)) return null;
  return `${bare.slice(0, 5)}-${bare.slice(5)}`;
}

const hashOf = (userId: number, code: string) => createHash('sha256').update(`recovery:${userId}:${code}`).digest('hex');

function newCode(): string {
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]!).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A fresh set of codes for the member; the previous ones stop working. Returns the codes, once. */
export async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < recoveryCodeCount) codes.add(newCode());
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values([...codes].map((code) => ({ userId, codeHash: hashOf(userId, code) })));
  });
  return [...codes];
}

export async function deleteRecoveryCodes(db: Db, userId: number) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.left ?? 0);
}

/** Spends a typed code: the number of codes left after it, or null when it is not an unused code of the member. */
export async function spendRecoveryCode(db: Db, userId: number, typed: string): Promise<number | null> {
  const code = canonicalRecoveryCode(typed);
  if (!code) return null;
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashOf(userId, code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length > 0 ? recoveryCodesLeft(db, userId) : null;
}
