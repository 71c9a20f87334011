// Demo affiliates data (issue "Wallet"): a three-level team under the demo member (the two-factor member and
// two more on level 1, three on level 2, two on level 3), the demo member's level access narrowed to 2 (so
// level 3 answers "You do not have access to this level"), and referral earnings in every state. Dates are
// relative to the seed's time; demo team members cannot sign in (their password hash is not a hash).
import type { Db } from '../../db/client';
import { affiliateEarnings } from '../../../machines/shared/limits';
import { users } from '../account/tables';
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
  const [ana, ivan, lucia] = await tx
    .insert(users)
    .values([
      member(3, 'Ana García', olena!.id, 70),
      member(4, 'Ivan Petrenko', olena!.id, 45),
      member(5, 'Lucía Fernández', twofaMemberId, 30),
    ])
    .returning();
  await tx.insert(users).values([member(6, 'Dmytro Shevchenko', ana!.id, 20), member(7, 'Sofia Bianchi', ivan!.id, 12)]);
  await tx.insert(affLevelAccess).values({ userId: demoMemberId, maxLevel: 2 });

  const hold = affiliateEarnings.holdingDays;
  const earning = (fromUserId: number, level: number, amount: string, status: string, daysAgo: number, paidAfter?: number) => ({
    userId: demoMemberId,
    fromUserId,
    level,
    amount,
    currency: affiliateEarnings.currency,
    status,
    createdAt: new Date(now - daysAgo * day),
    holdUntil: status === 'pending' ? null : new Date(now - (daysAgo - hold) * day),
    paidAt: paidAfter === undefined ? null : new Date(now - (daysAgo - paidAfter) * day),
  });
  await tx.insert(affEarnings).values([
    // paid: released long ago and paid out
    earning(olena!.id, 1, '40.00', 'paid', 100, hold + 2),
    earning(marco!.id, 1, '25.00', 'paid', 80, hold + 2),
    // released but, together, under the 50 USDT minimum payout
    earning(ana!.id, 2, '12.50', 'approved', 40),
    earning(twofaMemberId, 1, '8.00', 'approved', 20),
    // on hold: released in 4 and 10 days (the second release reaches the minimum)
    earning(ivan!.id, 2, '15.00', 'approved', 10),
    earning(marco!.id, 1, '30.00', 'approved', 4),
    // pending: the referral's invoice is not paid yet
    earning(lucia!.id, 2, '6.00', 'pending', 1),
  ]);
}
