// Sign-in throttling per account and per address: failures within 15 minutes block further attempts
// for the rest of that window. Unknown accounts are throttled the same way as real ones.
import { and, desc, eq, gt } from 'drizzle-orm';
import { UAParser } from 'ua-parser-js';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';
import { signInWindow } from '../../machines/shared/timing';
import { maxSignInFailuresPerAccount, maxSignInFailuresPerAddress } from '../../machines/shared/limits';

async function blockedFor(db: Db, where: ReturnType<typeof and>, limit: number, now: Date): Promise<number> {
  const failures = await db
    .select({ createdAt: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(where, eq(loginAttempts.success, false), gt(loginAttempts.createdAt, new Date(now.getTime() - signInWindow))))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(limit);
  if (failures.length < limit) return 0;
  const oldest = failures[failures.length - 1]!.createdAt.getTime();
  return Math.max(1, Math.ceil((oldest + signInWindow - now.getTime()) / 1000));
}

/** Seconds the caller must wait before trying again (0: go ahead). */
export async function signInWait(db: Db, tenantId: number, accountKey: string, ip: string | null, now = new Date()) {
  const account = await blockedFor(
    db,
    and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.accountKey, accountKey)),
    maxSignInFailuresPerAccount,
    now,
  );
  const address = ip ? await blockedFor(db, and(eq(loginAttempts.ip, ip)), maxSignInFailuresPerAddress, now) : 0;
  return Math.max(account, address);
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
