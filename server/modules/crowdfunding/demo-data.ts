// Demo crowdfunding (issue 28), on the Demo Portal only: "Sea View Residence" (goal 50,000 USDT, min 50, 12 % a
// year paid monthly for 12 months, ends in 45 days) partly funded by four seeded investors, one of whom waits on
// an unpaid invoice (a pending holding, made through the service like any); "Harbour Coworking Loft", 200 USDT
// short of its goal (ends in 40 days); "Riverside Solar Park", finished with its goal raised and paying every
// three months, in which the demo member holds 500 USDT and has had two payouts (the next is over a month away,
// so a job run a month ahead pays the demo member only what they invest now); and "Mountain Lodge Retreat",
// which missed its goal and refunded everyone, the demo member's 300 USDT too. The tariff caps: Basic 1,000 USDT
// per project (the demo member's tariff), Pro 5,000, Elite 20,000; members without a tariff 0. Every payout and
// refund due by the seed is written as the job would have (payout rows, received figures, ledger movements at
// their dates): the demo member's movements are answered for the wallet's demo history (wallet/demo-data.ts), the
// investors' are credited here. The investors paid by a gateway (paid invoices) and cannot sign in.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { LedgerDetails, TransactionType } from '../../../domain/ledger';
import { add, type Decimal } from '../../../domain/money';
import { payoutSchedule } from '../../../domain/crowdfunding';
import { users } from '../account/tables';
import { newInvoiceTag } from '../payments/invoices';
import { invoiceItems, invoices } from '../payments/tables';
import { products } from '../shop/tables';
import { tariffProducts } from '../tariffs/tables';
import { creditWallet } from '../wallet/ledger';
import { ledgerEntries } from '../wallet/tables';
import { termsOf, type ProjectRow } from './service';
import { reserveWithInvoice } from './invest';
import { crowdfundingHoldings, crowdfundingPayouts, crowdfundingProjects, crowdfundingTariffCaps } from './tables';

const day = 24 * 60 * 60_000;

/** A movement of the demo member's USDT wallet, days before the seed. */
export interface DemoCrowdfundingMovement {
  daysAgo: number;
  type: TransactionType;
  amount: Decimal;
  note: string;
  details: LedgerDetails;
}

/** What a member on each of the Demo Portal's tariffs may invest in one project. */
export const demoTariffCaps: Record<string, Decimal> = { Basic: '1000', Pro: '5000', Elite: '20000' };

const investors = [
  { n: 1, name: 'Amelia Hart' },
  { n: 2, name: 'Jonas Weber' },
  { n: 3, name: 'Priya Nair' },
  { n: 4, name: 'Tomás Silva' },
];

const media = (file: string) => `/media/projects/${file}`;

type NewProject = typeof crowdfundingProjects.$inferInsert;

function demoProjects(tenantId: number, now: number): (NewProject & { key: string })[] {
  const at = (days: number) => new Date(now + days * day);
  return [
    {
      key: 'sea-view',
      tenantId,
      name: 'Sea View Residence',
      excerpt: 'Thirty-two apartments on the seafront, let to holiday guests all year round.',
      description:
        '<p><strong>Sea View Residence</strong> is a six-storey apartment house on the seafront, finished in spring and let to holiday guests through a managing agent.</p>' +
        '<ul><li>32 furnished apartments, each with a terrace facing the water</li><li>Average occupancy of 78 % over the last season</li><li>Rental income shared with investors every month</li></ul>' +
        '<p>Your investment earns <strong>12 % a year, paid monthly</strong>; the amount you invested comes back with the twelfth payout. If the goal is not reached by the end date, every investment is refunded to the balance.</p>',
      images: [media('sea-view-residence.svg'), media('sea-view-terrace.svg')],
      documents: [{ name: 'Investment summary (PDF)', url: media('sea-view-residence-summary.pdf') }],
      currency: 'USDT',
      goal: '50000',
      minInvestment: '50',
      startsAt: at(-30),
      endsAt: at(45),
      returnPercent: '12',
      payoutPeriodMonths: 1,
      termMonths: 12,
      createdAt: at(-30),
    },
    {
      key: 'harbour',
      tenantId,
      name: 'Harbour Coworking Loft',
      excerpt: 'A former harbour warehouse turned into 120 coworking desks and meeting rooms.',
      description:
        '<p>The <strong>Harbour Coworking Loft</strong> turns the upper floor of a brick warehouse into a coworking space for the port district.</p>' +
        '<ul><li>120 desks, 6 meeting rooms and a rooftop café</li><li>Letters of intent for 70 % of the desks</li><li>Profit paid every three months</li></ul>' +
        '<p>Almost there: only a small part of the goal is left to raise.</p>',
      images: [media('harbour-coworking-loft.svg')],
      documents: [{ name: 'Investment summary (PDF)', url: media('harbour-coworking-loft-summary.pdf') }],
      currency: 'USDT',
      goal: '10000',
      minInvestment: '50',
      startsAt: at(-20),
      endsAt: at(40),
      returnPercent: '10',
      payoutPeriodMonths: 3,
      termMonths: 12,
      createdAt: at(-20),
    },
    {
      key: 'solar',
      tenantId,
      name: 'Riverside Solar Park',
      excerpt: 'A 1.2 MW solar park on the river meadows, selling its power to the local grid.',
      description:
        '<p><strong>Riverside Solar Park</strong> reached its goal and was built on schedule: 1,240 panels now feed the local grid under a fixed-price contract.</p>' +
        '<ul><li>Fixed feed-in price for 15 years</li><li>Maintenance contract with the panel supplier</li><li>Profit paid every three months</li></ul>',
      images: [media('riverside-solar-park.svg')],
      documents: [{ name: 'Quarterly report (PDF)', url: media('riverside-solar-park-report.pdf') }],
      currency: 'USDT',
      goal: '20000',
      minInvestment: '100',
      startsAt: at(-280),
      endsAt: at(-200),
      status: 'finished',
      finishedAt: at(-205),
      returnPercent: '9',
      payoutPeriodMonths: 3,
      termMonths: 12,
      createdAt: at(-280),
    },
    {
      key: 'lodge',
      tenantId,
      name: 'Mountain Lodge Retreat',
      excerpt: 'A family lodge in the mountains, to be renovated into a small hotel.',
      description:
        '<p>The <strong>Mountain Lodge Retreat</strong> was to renovate a family lodge into a twelve-room hotel.</p>' +
        '<ul><li>Twelve rooms and a spa</li><li>Profit to be paid every three months</li></ul>' +
        '<p>The goal was not reached by the end date, so <strong>every investment was refunded</strong> to the investors’ balances.</p>',
      images: [media('mountain-lodge-retreat.svg')],
      documents: [{ name: 'Fundraising closed (PDF)', url: media('mountain-lodge-retreat-notice.pdf') }],
      currency: 'USDT',
      goal: '30000',
      minInvestment: '100',
      startsAt: at(-100),
      endsAt: at(-20),
      status: 'finished',
      finishedAt: at(-20),
      refundedAt: at(-20),
      returnPercent: '11',
      payoutPeriodMonths: 3,
      termMonths: 12,
      createdAt: at(-100),
    },
  ];
}

/** Who paid what into which project, days before the seed: the investors by a gateway, the demo member from the balance. */
const paidHoldings: { project: string; who: 'demo' | number; amount: Decimal; daysAgo: number }[] = [
  { project: 'sea-view', who: 1, amount: '12500', daysAgo: 28 },
  { project: 'sea-view', who: 2, amount: '8000', daysAgo: 21 },
  { project: 'sea-view', who: 3, amount: '5000', daysAgo: 12 },
  { project: 'sea-view', who: 4, amount: '3250', daysAgo: 4 },
  { project: 'harbour', who: 1, amount: '4000', daysAgo: 19 },
  { project: 'harbour', who: 2, amount: '3800', daysAgo: 15 },
  { project: 'harbour', who: 4, amount: '2000', daysAgo: 6 },
  { project: 'solar', who: 1, amount: '9000', daysAgo: 275 },
  { project: 'solar', who: 2, amount: '6000', daysAgo: 250 },
  { project: 'solar', who: 'demo', amount: '500', daysAgo: 230 },
  { project: 'solar', who: 3, amount: '4500', daysAgo: 205 },
  { project: 'lodge', who: 3, amount: '4000', daysAgo: 75 },
  { project: 'lodge', who: 'demo', amount: '300', daysAgo: 60 },
  { project: 'lodge', who: 4, amount: '2100', daysAgo: 45 },
];

/** The pending holding: investor 2's unpaid invoice for Sea View. */
const pendingHolding = { project: 'sea-view', who: 2, amount: '1500' } as const;

/** A gateway-paid invoice of the crowdfunding kind (written as paid, like the other demo areas' paid invoices). */
async function paidInvoice(tx: Db, tenantId: number, userId: number, project: ProjectRow, amount: Decimal, paidAt: Date) {
  const [invoice] = await tx
    .insert(invoices)
    .values({
      tag: newInvoiceTag(),
      tenantId,
      userId,
      kind: 'crowdfunding',
      status: 'paid',
      currency: project.currency,
      subtotal: amount,
      total: amount,
      amountPaid: amount,
      paymentGateway: 'coinpayments',
      dueDate: paidAt,
      datePaid: paidAt,
      createdAt: paidAt,
      updatedAt: paidAt,
    })
    .returning({ id: invoices.id });
  await tx.insert(invoiceItems).values({
    invoiceId: invoice!.id,
    subject: `Investment in ${project.name}`,
    qty: 1,
    unitPrice: amount,
    amount,
    currency: project.currency,
  });
  return invoice!.id;
}

/** The tenant's tariff caps, by the tariffs' names (seed-tariffs.ts made the line). */
async function seedTariffCaps(tx: Db, tenantId: number) {
  const line = await tx
    .select({ id: products.id, name: products.name })
    .from(tariffProducts)
    .innerJoin(products, eq(products.id, tariffProducts.productId))
    .where(and(eq(tariffProducts.tenantId, tenantId), inArray(products.name, Object.keys(demoTariffCaps))));
  await tx.insert(crowdfundingTariffCaps).values(line.map((tariff) => ({ tenantId, productId: tariff.id, cap: demoTariffCaps[tariff.name]! })));
}

/**
 * The Demo Portal's projects, caps, the investors and every holding; answers the demo member's USDT movements
 * (investments, payouts, the refund) for the wallet's demo history.
 */
export async function seedCrowdfundingDemo(tx: Db, ids: { tenantId: number; demoMemberId: number }, now = Date.now()): Promise<DemoCrowdfundingMovement[]> {
  const { tenantId, demoMemberId } = ids;
  await seedTariffCaps(tx, tenantId);
  const made = await tx
    .insert(crowdfundingProjects)
    .values(demoProjects(tenantId, now).map(({ key: _key, ...project }) => project))
    .returning();
  const keys = demoProjects(tenantId, now).map((project) => project.key);
  const projectOf = (key: string) => made[keys.indexOf(key)]!;
  const people = await tx
    .insert(users)
    .values(
      investors.map(({ n, name }) => ({
        tenantId,
        email: `investor${n}@example.com`,
        name,
        passwordHash: '!demo-investor',
        refid: `investor${n}`,
        referenceId: `D-3000${String(n).padStart(2, '0')}`,
        createdAt: new Date(now - 200 * day),
        emailVerifiedAt: new Date(now - 200 * day),
      })),
    )
    .returning({ id: users.id });
  const userOf = (who: 'demo' | number) => (who === 'demo' ? demoMemberId : people[who - 1]!.id);

  const movements: DemoCrowdfundingMovement[] = [];
  for (const entry of paidHoldings) {
    const project = projectOf(entry.project);
    const userId = userOf(entry.who);
    const paidAt = new Date(now - entry.daysAgo * day);
    const refundedAt = project.refundedAt;
    const invoiceId = entry.who === 'demo' ? null : await paidInvoice(tx, tenantId, userId, project, entry.amount, paidAt);
    // Payouts due by the refund (none here) or by now, as the job pays them.
    const until = refundedAt ?? new Date(now);
    const schedule = payoutSchedule(entry.amount, paidAt, termsOf(project)).filter((payout) => payout.dueAt.getTime() <= until.getTime());
    const completed = schedule.length === project.termMonths / project.payoutPeriodMonths;
    const [holding] = await tx
      .insert(crowdfundingHoldings)
      .values({
        userId,
        projectId: project.id,
        amount: entry.amount,
        status: refundedAt ? 'refunded' : completed ? 'completed' : 'active',
        paidAt,
        refundedAt,
        payoutsDone: schedule.length,
        receivedProfit: schedule.reduce<Decimal>((total, payout) => add(total, payout.profit), '0'),
        receivedBody: schedule.reduce<Decimal>((total, payout) => add(total, payout.body), '0'),
        invoiceId,
        createdAt: paidAt,
      })
      .returning({ id: crowdfundingHoldings.id });
    if (schedule.length) {
      await tx
        .insert(crowdfundingPayouts)
        .values(schedule.map((payout) => ({ holdingId: holding!.id, number: payout.number, profit: payout.profit, body: payout.body, dueAt: payout.dueAt, paidAt: payout.dueAt })));
    }
    const moved: { at: Date; type: TransactionType; amount: Decimal; key: string; note: string; details: LedgerDetails }[] = [
      ...schedule.map((payout) => ({
        at: payout.dueAt,
        type: 'CROWDFUNDING_PAYOUT_PROFIT' as const,
        amount: payout.profit,
        key: `crowdfunding:${holding!.id}:payout:${payout.number}`,
        note: `${project.name}, payout ${payout.number}`,
        details: { subject: project.name, count: payout.number },
      })),
      ...(refundedAt
        ? [{ at: refundedAt, type: 'REFUND_TO_BALANCE' as const, amount: entry.amount, key: `crowdfunding:${holding!.id}:refund`, note: `${project.name}: the goal was not reached`, details: { subject: project.name, reason: 'goal_not_reached' as const } }]
        : []),
    ];
    if (entry.who === 'demo') {
      movements.push({ daysAgo: entry.daysAgo, type: 'CROWDFUNDING_INVESTMENT', amount: `-${entry.amount}`, note: project.name, details: { subject: project.name } });
      movements.push(...moved.map((move) => ({ daysAgo: (now - move.at.getTime()) / day, type: move.type, amount: move.amount, note: move.note, details: move.details })));
      continue;
    }
    // An investor's wallet: credited as the job would have, the rows dated when it happened.
    for (const move of moved) {
      await creditWallet(tx, { userId, currency: project.currency, amount: move.amount, type: move.type, entryKey: move.key, note: move.note, details: move.details });
      await tx.update(ledgerEntries).set({ createdAt: move.at }).where(eq(ledgerEntries.entryKey, move.key));
    }
  }
  // The pending one: an unpaid invoice and its holding, made as the service makes them (within the goal).
  await reserveWithInvoice(tx, { tenantId, userId: userOf(pendingHolding.who), projectId: projectOf(pendingHolding.project).id, amount: pendingHolding.amount }, new Date(now - 2 * day));
  return movements;
}
