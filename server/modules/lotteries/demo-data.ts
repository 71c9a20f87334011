// Demo raffles (issue 29), on the Demo Portal only: "Demo Raffle" (ticket 5 USDT, 20 tickets, at most 10 a member,
// one prize of 80 USDT, ends in 7 days) with 8 tickets sold to three seeded players; "Premium Gold Raffle", which
// only the Pro and Elite tariffs enter (the demo member's Basic does not); and "Autumn Raffle", filled 25 days ago
// and drawn by the draw job's own code: its seed published, its winners a proof that verifies, its prizes credited
// through the ledger. The players topped up by a gateway and bought through the service like any member; they
// cannot sign in. The demo member holds no ticket, so their balance stays as the wallet's demo history has it.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { seedHash } from '../../../domain/lotteries';
import { users } from '../account/tables';
import { products } from '../shop/tables';
import { tariffProducts } from '../tariffs/tables';
import { creditWallet } from '../wallet/ledger';
import { ledgerEntries } from '../wallet/tables';
import { sellTickets } from './buy';
import { closeRaffle } from './draw';
import { lotteryAccessTariffs, lotteryPrizes, lotteryRaffles } from './tables';

const day = 24 * 60 * 60_000;

/** The demo raffles' names, for the views' tests. */
export const demoRaffles = { open: 'Demo Raffle', premium: 'Premium Gold Raffle', finished: 'Autumn Raffle' } as const;

/** The tariffs that open the premium demo raffle. */
export const demoPremiumTariffs = ['Pro', 'Elite'];

const players = [
  { n: 1, name: 'Olivia Brooks' },
  { n: 2, name: 'Mateo Rossi' },
  { n: 3, name: 'Hana Sato' },
];

const media = (file: string) => `/media/lotteries/${file}`;

/** A secret seed as the server makes one: 32 random bytes as lowercase hex. */
export const newSeed = () => randomBytes(32).toString('hex');

type NewRaffle = Omit<typeof lotteryRaffles.$inferInsert, 'seed' | 'seedHash'> & { key: string; prizes: string[] };

function demoRaffleRows(tenantId: number, now: number): NewRaffle[] {
  const at = (days: number) => new Date(now + days * day);
  return [
    {
      key: 'open',
      tenantId,
      name: demoRaffles.open,
      description:
        '<p>Buy a ticket for <strong>5 USDT</strong> and win <strong>80 USDT</strong>, credited to your balance as soon as the raffle is drawn.</p>' +
        '<ul><li>20 tickets, at most 10 per member</li><li>Drawn when the last ticket sells, or when the raffle ends</li><li>Anyone can verify the draw from its published seed</li></ul>',
      image: media('demo-raffle.svg'),
      currency: 'USDT',
      ticketPrice: '5',
      ticketsTotal: 20,
      maxTicketsPerMember: 10,
      startsAt: at(-3),
      endsAt: at(7),
      createdAt: at(-3),
      prizes: ['80'],
    },
    {
      key: 'premium',
      tenantId,
      name: demoRaffles.premium,
      description:
        '<p>Our premium raffle for members on the <strong>Pro</strong> or <strong>Elite</strong> tariff: three prizes worth <strong>1,750 USDT</strong> in all.</p>' +
        '<ul><li>1st place 1,000 USDT, 2nd 500 USDT, 3rd 250 USDT</li><li>100 tickets of 25 USDT, at most 20 per member</li></ul>',
      image: media('premium-raffle.svg'),
      currency: 'USDT',
      ticketPrice: '25',
      ticketsTotal: 100,
      maxTicketsPerMember: 20,
      startsAt: at(-5),
      endsAt: at(14),
      premiumOnly: true,
      createdAt: at(-5),
      prizes: ['1000', '500', '250'],
    },
    {
      key: 'finished',
      tenantId,
      name: demoRaffles.finished,
      description:
        '<p>The <strong>Autumn Raffle</strong> sold all its tickets and was drawn. Its seed is published: check the draw yourself.</p>' +
        '<ul><li>10 tickets of 2 USDT</li><li>1st place 12 USDT, 2nd 6 USDT</li></ul>',
      image: media('autumn-raffle.svg'),
      currency: 'USDT',
      ticketPrice: '2',
      ticketsTotal: 10,
      maxTicketsPerMember: 5,
      startsAt: at(-40),
      endsAt: at(-10),
      createdAt: at(-40),
      prizes: ['12', '6'],
    },
  ];
}

/** Who bought how many tickets in which raffle, days before the seed (in this order: the numbers follow it). */
const sales: { raffle: string; player: number; qty: number; daysAgo: number }[] = [
  { raffle: 'finished', player: 1, qty: 4, daysAgo: 35 },
  { raffle: 'finished', player: 2, qty: 3, daysAgo: 30 },
  { raffle: 'finished', player: 3, qty: 3, daysAgo: 25 },
  { raffle: 'open', player: 1, qty: 3, daysAgo: 2 },
  { raffle: 'open', player: 2, qty: 4, daysAgo: 1 },
  { raffle: 'open', player: 3, qty: 1, daysAgo: 0.5 },
];

const dated = (tx: Db, entryKeys: string[], at: Date) => tx.update(ledgerEntries).set({ createdAt: at }).where(inArray(ledgerEntries.entryKey, entryKeys));

/** The Demo Portal's raffles, their prizes and access tariffs, the players, their purchases and the finished raffle's draw. */
export async function seedLotteriesDemo(tx: Db, ids: { tenantId: number }, now = Date.now()): Promise<void> {
  const { tenantId } = ids;
  const rows = demoRaffleRows(tenantId, now);
  const made = new Map<string, number>();
  for (const { key, prizes, ...row } of rows) {
    const seed = newSeed();
    const [raffle] = await tx
      .insert(lotteryRaffles)
      .values({ ...row, seed, seedHash: await seedHash(seed) })
      .returning({ id: lotteryRaffles.id });
    made.set(key, raffle!.id);
    await tx.insert(lotteryPrizes).values(prizes.map((amount, index) => ({ raffleId: raffle!.id, place: index + 1, amount })));
  }
  const access = await tx
    .select({ id: products.id })
    .from(tariffProducts)
    .innerJoin(products, eq(products.id, tariffProducts.productId))
    .where(and(eq(tariffProducts.tenantId, tenantId), inArray(products.name, demoPremiumTariffs)));
  await tx.insert(lotteryAccessTariffs).values(access.map((tariff) => ({ raffleId: made.get('premium')!, productId: tariff.id })));

  const people = await tx
    .insert(users)
    .values(
      players.map(({ n, name }) => ({
        tenantId,
        email: `raffle-player${n}@example.com`,
        name,
        passwordHash: '!demo-raffle-player',
        refid: `raffle-player${n}`,
        referenceId: `D-4000${String(n).padStart(2, '0')}`,
        createdAt: new Date(now - 60 * day),
        emailVerifiedAt: new Date(now - 60 * day),
      })),
    )
    .returning({ id: users.id });
  for (const [index, person] of people.entries()) {
    const key = `lottery-demo:player${index + 1}:refill`;
    await creditWallet(tx, { userId: person.id, currency: 'USDT', amount: '100', type: 'WALLET_REFILL', entryKey: key, note: 'Deposit by card' });
    await dated(tx, [key], new Date(now - 45 * day));
  }
  for (const sale of sales) {
    const at = new Date(now - sale.daysAgo * day);
    const purchaseId = await sellTickets(tx, { tenantId, userId: people[sale.player - 1]!.id, raffleId: made.get(sale.raffle)!, qty: sale.qty }, at);
    await dated(tx, [`lottery:${purchaseId}:tickets`], at);
  }

  // The finished raffle: filled by its last sale, drawn by the job's code a minute later.
  const drawnAt = new Date(now - 25 * day + 60_000);
  const [finished] = await tx.select().from(lotteryRaffles).where(eq(lotteryRaffles.id, made.get('finished')!)).for('update');
  await closeRaffle(tx, finished!, drawnAt);
  const prizeKeys = rows.find((row) => row.key === 'finished')!.prizes.map((_, index) => `lottery:${finished!.id}:prize:${index + 1}`);
  await dated(tx, prizeKeys, drawnAt);
}
