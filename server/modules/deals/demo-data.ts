// Demo deals (issue 30), on the Demo Portal only. The demo member filed four: one new, one at the meeting, one
// completed (250,000.00 with a 7,500.00 fee; the demo member has no sponsor, so no fee is credited) and one declined
// with the operator's reason. Their referral, the two-factor member, filed four more: one completed, whose referrer
// fee the operator's own code credited to the demo member's USD wallet through the ledger (a real-estate deal
// bonus: the only change to the demo member's balances), one choosing a property, one new and one declined. Each
// deal moves through the operator's code (operator.ts) on past days, so its history is the one a real deal has.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DealStatus } from '../../../domain/deals';
import type { Decimal } from '../../../domain/money';
import { ledgerEntries } from '../wallet/tables';
import { moveDealIn, referrerFeeEntryKey } from './operator';
import { dealHistory, deals } from './tables';

const day = 24 * 60 * 60_000;

type Answers = Pick<
  typeof deals.$inferInsert,
  'firstName' | 'lastName' | 'job' | 'maritalStatus' | 'kids' | 'distanceToSea' | 'paymentScheme' | 'readiness' | 'contacts'
>;

interface DemoDeal {
  key: string;
  filer: 'demo' | 'team';
  answers: Answers;
  filedDaysAgo: number;
  /** The operator's moves after it was filed: the status, days ago, and what it set. */
  moves: { status: DealStatus; daysAgo: number; amount?: Decimal; fee?: Decimal; reason?: string }[];
}

const demoDeals: DemoDeal[] = [
  {
    key: 'demo-new',
    filer: 'demo',
    answers: {
      firstName: 'Lucia',
      lastName: 'Fernandez',
      job: 'Architect',
      maritalStatus: 'married',
      kids: '2',
      distanceToSea: 'walk',
      paymentScheme: 'mortgage',
      readiness: 'months_3',
      contacts: '+34 612 345 678, WhatsApp after 6 pm',
    },
    filedDaysAgo: 1,
    moves: [],
  },
  {
    key: 'demo-meeting',
    filer: 'demo',
    answers: {
      firstName: 'Jonas',
      lastName: 'Becker',
      job: 'Software engineer',
      maritalStatus: 'single',
      kids: '0',
      distanceToSea: 'first_line',
      paymentScheme: 'cash',
      readiness: 'now',
      contacts: 'jonas.becker@example.com',
    },
    filedDaysAgo: 12,
    moves: [
      { status: 'pending', daysAgo: 11 },
      { status: 'in_progress', daysAgo: 8 },
      { status: 'meeting', daysAgo: 3 },
    ],
  },
  {
    key: 'demo-completed',
    filer: 'demo',
    answers: {
      firstName: 'Amelia',
      lastName: 'Clarke',
      job: 'Dentist',
      maritalStatus: 'partnership',
      kids: '1',
      distanceToSea: 'drive',
      paymentScheme: 'installments',
      readiness: 'months_6',
      contacts: '+44 7700 900123 (Telegram @amelia_c)',
    },
    filedDaysAgo: 75,
    moves: [
      { status: 'pending', daysAgo: 73 },
      { status: 'in_progress', daysAgo: 66 },
      { status: 'meeting', daysAgo: 58 },
      { status: 'choosing_property', daysAgo: 47 },
      { status: 'signing_documents', daysAgo: 30, amount: '250000.00', fee: '7500.00' },
      { status: 'completed', daysAgo: 21 },
    ],
  },
  {
    key: 'demo-declined',
    filer: 'demo',
    answers: {
      firstName: 'Pavel',
      lastName: 'Novak',
      job: 'Restaurant owner',
      maritalStatus: 'divorced',
      kids: '3',
      distanceToSea: 'any',
      paymentScheme: 'crypto',
      readiness: 'exploring',
      contacts: 'pavel.novak@example.com',
    },
    filedDaysAgo: 40,
    moves: [
      { status: 'pending', daysAgo: 38 },
      { status: 'declined', daysAgo: 34, reason: 'The client is looking outside the regions we serve.' },
    ],
  },
  {
    key: 'team-completed',
    filer: 'team',
    answers: {
      firstName: 'Marta',
      lastName: 'Kowalska',
      job: 'Pharmacist',
      maritalStatus: 'married',
      kids: '2',
      distanceToSea: 'walk',
      paymentScheme: 'mortgage',
      readiness: 'now',
      contacts: '+48 512 345 678',
    },
    filedDaysAgo: 90,
    moves: [
      { status: 'pending', daysAgo: 88 },
      { status: 'in_progress', daysAgo: 80 },
      { status: 'meeting', daysAgo: 72 },
      { status: 'choosing_property', daysAgo: 60 },
      { status: 'signing_documents', daysAgo: 45, amount: '180000.00', fee: '5400.00' },
      { status: 'completed', daysAgo: 38 },
    ],
  },
  {
    key: 'team-choosing',
    filer: 'team',
    answers: {
      firstName: 'Diego',
      lastName: 'Alvarez',
      job: 'Pilot',
      maritalStatus: 'single',
      kids: '0',
      distanceToSea: 'first_line',
      paymentScheme: 'cash',
      readiness: 'months_3',
      contacts: 'diego.alvarez@example.com',
    },
    filedDaysAgo: 25,
    moves: [
      { status: 'pending', daysAgo: 24 },
      { status: 'in_progress', daysAgo: 19 },
      { status: 'meeting', daysAgo: 14 },
      { status: 'choosing_property', daysAgo: 6 },
    ],
  },
  {
    key: 'team-new',
    filer: 'team',
    answers: {
      firstName: 'Emma',
      lastName: 'Laurent',
      job: 'Teacher',
      maritalStatus: 'widowed',
      kids: '1',
      distanceToSea: 'drive',
      paymentScheme: 'installments',
      readiness: 'year',
      contacts: '+33 6 12 34 56 78',
    },
    filedDaysAgo: 2,
    moves: [],
  },
  {
    key: 'team-declined',
    filer: 'team',
    answers: {
      firstName: 'Oliver',
      lastName: 'Grant',
      job: 'Photographer',
      maritalStatus: 'single',
      kids: '0',
      distanceToSea: 'any',
      paymentScheme: 'mortgage',
      readiness: 'exploring',
      contacts: 'oliver.grant@example.com',
    },
    filedDaysAgo: 50,
    moves: [{ status: 'declined', daysAgo: 47, reason: 'The mortgage was not approved.' }],
  },
];

/** The Demo Portal's deals and their histories; answers each deal's id by its key (demo-new, team-completed, …). */
export async function seedDealsDemo(
  tx: Db,
  ids: { tenantId: number; demoMemberId: number; teamMemberId: number },
  now = Date.now(),
): Promise<Record<string, number>> {
  const made: Record<string, number> = {};
  for (const deal of demoDeals) {
    const filedAt = new Date(now - deal.filedDaysAgo * day);
    const [row] = await tx
      .insert(deals)
      .values({ tenantId: ids.tenantId, userId: deal.filer === 'demo' ? ids.demoMemberId : ids.teamMemberId, ...deal.answers, status: 'new', createdAt: filedAt })
      .returning({ id: deals.id });
    await tx.insert(dealHistory).values({ dealId: row!.id, status: 'new', at: filedAt });
    for (const move of deal.moves) {
      const at = new Date(now - move.daysAgo * day);
      const moved = await moveDealIn(tx, { dealId: row!.id, status: move.status, transactionAmount: move.amount, transactionFee: move.fee, declineReason: move.reason }, at);
      if (moved.status !== 200) throw new Error(`Demo deal ${deal.key}: ${String(moved.body.error)}`);
    }
    // The referrer fee's ledger row on the day the deal completed, as the wallet's history shows it.
    const completed = deal.moves.find((move) => move.status === 'completed');
    if (completed) {
      await tx
        .update(ledgerEntries)
        .set({ createdAt: new Date(now - completed.daysAgo * day) })
        .where(eq(ledgerEntries.entryKey, referrerFeeEntryKey(row!.id)));
    }
    made[deal.key] = row!.id;
  }
  return made;
}
