// A fresh member of a tenant for server tests: signed in (a session token), the demo member's password, and,
// when asked, a USDT balance with its opening ledger row (an operator's ADMIN_DEPOSIT).
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { ledgerEntries, sessions, users, wallets } from '../../server/db/schema';
import { hashToken } from '../../server/security/tokens';

let memberCount = 0;

export async function newMember(db: Db, { tenantId, prefix, usdt = '0' }: { tenantId: number; prefix: string; usdt?: string }) {
  const n = (memberCount += 1);
  const [demo] = await db.select().from(users).where(eq(users.email, 'demo@example.com')).limit(1);
  const tag = `${Date.now()}-${n}`;
  const [member] = await db
    .insert(users)
    .values({
      tenantId,
      email: `${prefix}-${tag}@example.com`,
      name: `Test Member ${n}`,
      passwordHash: demo!.passwordHash,
      refid: `${prefix}-${tag}`,
      referenceId: `${prefix.toUpperCase()}-${tag}`,
      emailVerifiedAt: new Date(),
    })
    .returning();
  const token = `${prefix}-session-${tag}`;
  await db
    .insert(sessions)
    .values({ userId: member!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  if (usdt !== '0') {
    const [wallet] = await db.insert(wallets).values({ userId: member!.id, currency: 'USDT', available: usdt }).returning();
    await db.insert(ledgerEntries).values({
      userId: member!.id,
      walletId: wallet!.id,
      currency: 'USDT',
      type: 'ADMIN_DEPOSIT',
      amount: usdt,
      balanceAfter: usdt,
      entryKey: `opening:${wallet!.id}`,
    });
  }
  return { member: member!, token };
}
