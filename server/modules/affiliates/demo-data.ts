// Demo affiliates data (issue "Wallet"): a three-level team under the demo member (the two-factor member and
// two more on level 1, three on level 2, two on level 3), the demo member's level access narrowed to 2 (so
// level 3 answers "You do not have access to this level"), and referral earnings in every state at the
// level rates (10 % level 1, 5 % level 2): paid ones linked to the demo member's referral payout in the
// ledger (wallet/demo-data.ts), released and held ones, and pending ones from a real unpaid invoice of a
// level-2 member (made through the payments area, so its sponsors' pending earnings come from the same code
// as in production, and lapse with it). Dates are relative to the seed's time; demo team members cannot
// sign in (their password hash is not a hash).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliateEarnings } from '../../../domain/limits';
import { users } from '../account/tables';
import { products } from '../shop/tables';
import { insertInvoice } from '../payments/invoices';
import { ledgerEntries } from '../wallet/tables';
import { demoReferralPayout } from '../wallet/demo-data';
import { affEarnings, affLevelAccess } from './tables';

const day = 24 * 60 * 60_000;

interface TeamSeed {
  tenantId: number;
  demoMemberId: number;
  twofaMemberId: number;
}

export async function seedAffiliatesDemo(tx: Db, { tenantId, demoMemberId, twofaMemberId }: TeamSeed) {
  const now = Date.now();
  const member = (n: number, name: string, sponsorId: number, daysAgo: number) => ({
    tenantId,
    email: `team${n}@example.com`,
    name,
    passwordHash: '!demo-team-member',
    refid: `team${n}`,
    referenceId: `D-2000${String(n).padStart(2, '0')}`,
    sponsorId,
    createdAt: new Date(now - daysAgo * day),
    emailVerifiedAt: new Date(now - daysAgo * day),
  });
  const [olena, marco] = await tx
    .insert(users)
    .values([member(1, 'Olena Kovalenko', demoMemberId, 120), member(2, 'Marco Rossi', demoMemberId, 90)])
    .returning();
  const [ana, ivan] = await tx
    .insert(users)
    .values([
      member(3, 'Ana García', olena!.id, 70),
      member(4, 'Ivan Petrenko', olena!.id, 45),
      member(5, 'Lucía Fernández', twofaMemberId, 30),
    ])
    .returning();
  await tx.insert(users).values([member(6, 'Dmytro Shevchenko', ana!.id, 20), member(7, 'Sofia Bianchi', ivan!.id, 12)]);
  // The demo member sees two levels; the operator opens the rest with the Pro tariff.
  const [pro] = await tx.select({ id: products.id }).from(products).where(and(eq(products.tenantId, tenantId), eq(products.name, 'Pro')));
  await tx.insert(affLevelAccess).values({ userId: demoMemberId, maxLevel: 2, opensWithProductId: pro?.id ?? null, opensWithPurchase: true });

  const hold = affiliateEarnings.holdingDays;
  // The referral payout in the demo member's ledger: the paid earnings were paid by it, at its time.
  const [payout] = await tx
    .select({ id: ledgerEntries.id, createdAt: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, demoMemberId), eq(ledgerEntries.type, 'REFERRAL_BONUS'), eq(ledgerEntries.note, demoReferralPayout.note)));
  const earning = (fromUserId: number, level: number, amount: string, status: string, daysAgo: number) => ({
    userId: demoMemberId,
    fromUserId,
    level,
    amount,
    currency: affiliateEarnings.currency,
    status,
    createdAt: new Date(now - daysAgo * day),
    holdUntil: new Date(now - (daysAgo - hold) * day),
    paidAt: status === 'paid' ? (payout?.createdAt ?? null) : null,
    ledgerEntryId: status === 'paid' ? (payout?.id ?? null) : null,
  });
  await tx.insert(affEarnings).values([
    // paid: released 86 and 66 days ago; together (65.00) they reached the minimum payout and were paid
    earning(olena!.id, 1, '40.00', 'paid', 100),
    earning(marco!.id, 1, '25.00', 'paid', demoReferralPayout.daysAgo + hold),
    // released but, together, under the 50 USDT minimum payout
    earning(ana!.id, 2, '12.50', 'approved', 40),
    earning(twofaMemberId, 1, '8.00', 'approved', 20),
    // on hold: released in 4 and 10 days (the second release reaches the minimum)
    earning(ivan!.id, 2, '15.00', 'approved', 10),
    earning(marco!.id, 1, '30.00', 'approved', 4),
  ]);
  // pending: Ana's order of 120.00 is not paid yet (6.00 for the demo member on level 2, 12.00 for her
  // sponsor Olena on level 1); it lapses with the invoice's due date unless she pays.
  await insertInvoice(tx, {
    tenantId,
    userId: ana!.id,
    kind: 'order',
    currency: affiliateEarnings.currency,
    subtotal: '120.00',
    discount: '0',
    items: [{ subject: 'Trading Basics Course', qty: 1, unitPrice: '120.00', amount: '120.00' }],
  });
}
