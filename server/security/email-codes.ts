// One-time mail codes (DESIGN.md §6): 6 digits from a CSPRNG and a link token, stored as hashes, valid for 10
// minutes, 5 attempts, single use (the numbers live in domain/). A new code replaces the previous one
// of the same purpose. Every count and every spend is one conditional UPDATE, so parallel requests cannot
// check a code more than 5 times or use it twice.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailCodes, users, type PendingRegistration } from '../db/schema';
import { hashToken, newToken } from './tokens';
import { emailCodeLifetime } from '../../domain/timing';
import { codeLength, maxCodeAttempts } from '../../domain/limits';

export type CodePurpose = 'verify_email' | 'reset_password' | 'twofa';

const hashCode = (userId: number, purpose: CodePurpose, code: string) =>
  createHash('sha256').update(`${purpose}:${userId}:${code}`).digest('hex');

export type Issued = { code: string; linkToken: string; wait?: undefined } | { wait: number };

/**
 * Issues a code (and link token), voiding the previous ones of its purpose. With `waitMs`, at most one per
 * wait: the member's row is locked while the last code's age is read, so parallel calls send one.
 */
export async function issueCode(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  options: { waitMs?: number; registration?: PendingRegistration } = {},
): Promise<Issued> {
  const code = String(randomInt(0, 10 ** codeLength)).padStart(codeLength, '0');
  const linkToken = newToken();
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (options.waitMs) {
      const [last] = await tx
        .select({
          secondsLeft: sql<number>`ceil(extract(epoch from (${emailCodes.createdAt} + (${options.waitMs}::int * interval '1 millisecond') - now())))::int`,
        })
        .from(emailCodes)
        .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose)))
        .orderBy(desc(emailCodes.createdAt))
        .limit(1);
      if (last && Number(last.secondsLeft) > 0) return { wait: Number(last.secondsLeft) };
    }
    await tx
      .update(emailCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
    await tx.insert(emailCodes).values({
      userId,
      purpose,
      codeHash: hashCode(userId, purpose, code),
      linkTokenHash: hashToken(linkToken),
      registration: options.registration ?? null,
      expiresAt: sql`now() + (${emailCodeLifetime}::int * interval '1 millisecond')`,
    });
    return { code, linkToken };
  });
}

/** The registration of the member's latest code of a purpose (a resent code confirms the same one). */
export async function latestRegistration(db: Db, userId: number): Promise<PendingRegistration | null> {
  const [last] = await db
    .select({ registration: emailCodes.registration })
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, 'verify_email')))
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1);
  return last?.registration ?? null;
}

export interface CodeAttempt {
  id: number;
  userId: number;
  purpose: CodePurpose;
  codeHash: string;
  /** Attempts used, this one included. */
  attempts: number;
  registration: PendingRegistration | null;
}

/** Takes one attempt of the member's live code (unused, unexpired, attempts left), or null when there is none. */
export async function reserveCodeAttempt(db: Db, userId: number, purpose: CodePurpose): Promise<CodeAttempt | null> {
  const current = db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1);
  const [row] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(
        eq(emailCodes.id, sql`(${current})`),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, sql`now()`),
        lt(emailCodes.attempts, maxCodeAttempts),
      ),
    )
    .returning({
      id: emailCodes.id,
      codeHash: emailCodes.codeHash,
      attempts: emailCodes.attempts,
      registration: emailCodes.registration,
    });
  return row ? { ...row, userId, purpose } : null;
}

export function codeMatches(attempt: CodeAttempt, code: string): boolean {
  const typed = Buffer.from(hashCode(attempt.userId, attempt.purpose, code), 'hex');
  const stored = Buffer.from(attempt.codeHash, 'hex');
  return typed.length === stored.length && timingSafeEqual(typed, stored);
}

/** After a wrong try: voids the code when that was its last attempt. True when it is now used up. */
export async function voidIfUsedUp(db: Db, attempt: CodeAttempt): Promise<boolean> {
  if (attempt.attempts < maxCodeAttempts) return false;
  await db
    .update(emailCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailCodes.id, attempt.id), isNull(emailCodes.usedAt)));
  return true;
}

/** Spends the code once: true for exactly one caller. */
export async function spendCode(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  return rows.length > 0;
}

export type CodeCheck = { result: 'ok'; registration: PendingRegistration | null } | { result: 'wrong' } | { result: 'expired' };

/** Checks a typed code against the member's live code: one attempt is taken first, a right code is spent once. */
export async function checkCode(db: Db, userId: number, purpose: CodePurpose, code: string): Promise<CodeCheck> {
  const attempt = await reserveCodeAttempt(db, userId, purpose);
  if (!attempt) return { result: 'expired' };
  if (!codeMatches(attempt, code)) {
    await voidIfUsedUp(db, attempt);
    return { result: 'wrong' };
  }
  return (await spendCode(db, attempt.id)) ? { result: 'ok', registration: attempt.registration } : { result: 'expired' };
}

/**
 * Spends a mailed link once, if it belongs to a member of `tenantId` with `email` (any case); the member's
 * id and the registration it confirms, or null when the link is unknown, used, old or someone else's.
 */
export async function spendLinkCode(
  db: Db,
  token: string,
  purpose: CodePurpose,
  owner: { tenantId: number; email: string },
): Promise<{ userId: number; registration: PendingRegistration | null } | null> {
  const [row] = await db
    .update(emailCodes)
    .set({ usedAt: sql`now()` })
    .from(users)
    .where(
      and(
        eq(emailCodes.linkTokenHash, hashToken(token)),
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, sql`now()`),
        eq(users.id, emailCodes.userId),
        eq(users.tenantId, owner.tenantId),
        eq(sql`lower(${users.email})`, owner.email.trim().toLowerCase()),
      ),
    )
    .returning({ userId: emailCodes.userId, registration: emailCodes.registration });
  return row ?? null;
}

/** Whether a mailed link's token is live (unused, unexpired, the owner's): a read that spends nothing. */
export async function linkCodeIsLive(
  db: Db,
  token: string,
  purpose: CodePurpose,
  owner: { tenantId: number; email: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .innerJoin(users, eq(users.id, emailCodes.userId))
    .where(
      and(
        eq(emailCodes.linkTokenHash, hashToken(token)),
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, sql`now()`),
        eq(users.tenantId, owner.tenantId),
        eq(sql`lower(${users.email})`, owner.email.trim().toLowerCase()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Voids the member's live codes of a purpose (a password reset ends pending registrations). */
export async function voidCodes(db: Db, userId: number, purpose: CodePurpose) {
  await db
    .update(emailCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
}
