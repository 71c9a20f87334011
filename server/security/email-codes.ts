// One-time mail codes (DESIGN.md §6): 6 digits from a CSPRNG and an optional link token, stored as hashes,
// valid for 10 minutes, 5 attempts, single use. A new code replaces the previous one of the same purpose.
import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailCodes } from '../db/schema';
import { hashToken, newToken } from './tokens';

export type CodePurpose = 'verify_email' | 'reset_password' | 'twofa';

export const codeLifetimeMs = 10 * 60_000;
export const maxCodeAttempts = 5;

const hashCode = (userId: number, purpose: CodePurpose, code: string) =>
  createHash('sha256').update(`${purpose}:${userId}:${code}`).digest('hex');

export async function issueCode(db: Db, userId: number, purpose: CodePurpose, now = new Date()) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
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
      expiresAt: new Date(now.getTime() + codeLifetimeMs),
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

/**
 * Checks a typed code against the member's current code. Every check spends an attempt, reserved in one
 * conditional UPDATE before the comparison, so parallel guesses (on any number of server processes) get at
 * most maxCodeAttempts tries between them; a right code is spent the same way, so it signs in once.
 */
export async function checkCode(db: Db, userId: number, purpose: CodePurpose, code: string, now = new Date()): Promise<CodeCheck> {
  const [current] = await db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!current) return 'expired';
  const [reserved] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(eq(emailCodes.id, current.id), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, now), lt(emailCodes.attempts, maxCodeAttempts)),
    )
    .returning({ attempts: emailCodes.attempts, codeHash: emailCodes.codeHash });
  if (!reserved) return 'expired';
  if (reserved.codeHash === hashCode(userId, purpose, code)) return (await spendCode(db, current.id, now)) ? 'ok' : 'expired';
  if (reserved.attempts >= maxCodeAttempts) await spendCode(db, current.id, now);
  return 'wrong';
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

/** Marks the code used; false when it was used already (a parallel request spent it first). */
export async function spendCode(db: Db, id: number, now = new Date()): Promise<boolean> {
  const spent = await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  return spent.length > 0;
}
