// One-time mail codes (DESIGN.md §6): 6 digits from a CSPRNG and an optional link token, stored as hashes,
// valid for 10 minutes, 5 attempts, single use (the numbers live in machines/shared). A new code replaces
// the previous one of the same purpose.
import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailCodes } from '../db/schema';
import { hashToken, newToken } from './tokens';
import { emailCodeLifetime } from '../../machines/shared/timing';
import { codeLength, maxCodeAttempts } from '../../machines/shared/limits';

export type CodePurpose = 'verify_email' | 'reset_password' | 'twofa';

const hashCode = (userId: number, purpose: CodePurpose, code: string) =>
  createHash('sha256').update(`${purpose}:${userId}:${code}`).digest('hex');

export async function issueCode(db: Db, userId: number, purpose: CodePurpose, now = new Date()) {
  const code = String(randomInt(0, 10 ** codeLength)).padStart(codeLength, '0');
  const linkToken = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(emailCodes)
      .set({ usedAt: now })
      .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
    await tx.insert(emailCodes).values({
      userId,
      purpose,
      codeHash: hashCode(userId, purpose, code),
      linkTokenHash: hashToken(linkToken),
      expiresAt: new Date(now.getTime() + emailCodeLifetime),
      createdAt: now,
    });
  });
  return { code, linkToken };
}

/** Seconds until another code of this purpose may be sent (0 when it may be sent now). */
export async function secondsUntilResend(db: Db, userId: number, purpose: CodePurpose, waitMs: number, now = new Date()) {
  const [last] = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!last) return 0;
  return Math.max(0, Math.ceil((last.createdAt.getTime() + waitMs - now.getTime()) / 1000));
}

export type CodeCheck = 'ok' | 'wrong' | 'expired';

/** Checks a typed code against the member's current code; a wrong one uses up an attempt. */
export async function checkCode(db: Db, userId: number, purpose: CodePurpose, code: string, now = new Date()): Promise<CodeCheck> {
  const [current] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!current || current.expiresAt <= now || current.attempts >= maxCodeAttempts) return 'expired';
  if (current.codeHash !== hashCode(userId, purpose, code)) {
    const attempts = current.attempts + 1;
    await db
      .update(emailCodes)
      .set({ attempts, ...(attempts >= maxCodeAttempts ? { usedAt: now } : {}) })
      .where(eq(emailCodes.id, current.id));
    return 'wrong';
  }
  await db.update(emailCodes).set({ usedAt: now }).where(eq(emailCodes.id, current.id));
  return 'ok';
}

/** The unused, current code a mailed link belongs to, or null when the link is unknown, used or old. */
export async function findLinkCode(db: Db, token: string, purpose: CodePurpose, now = new Date()) {
  const [record] = await db
    .select({ id: emailCodes.id, userId: emailCodes.userId, usedAt: emailCodes.usedAt, expiresAt: emailCodes.expiresAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.linkTokenHash, hashToken(token)), eq(emailCodes.purpose, purpose)))
    .limit(1);
  return record && !record.usedAt && record.expiresAt > now ? record : null;
}

export async function spendCode(db: Db, id: number, now = new Date()) {
  await db.update(emailCodes).set({ usedAt: now }).where(eq(emailCodes.id, id));
}
