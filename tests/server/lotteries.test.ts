// Lotteries (issue 29): the raffles as visitors and members see them (no seed before the draw, viewer_* for
// visitors), buying tickets from the balance (never past what is left nor a member's maximum under parallel calls,
// the balance exact, once per idempotency key, premium raffles refused on the server, the refusals the contract
// names), and the draw job (one draw and one credit per prize with two runners and two server instances, a
// published seed that verifies with domain/lotteries.ts, none sold: finished without winners, below the minimum:
// every purchase refunded once). Runs on PGlite and on PostgreSQL, where the second instance is a second
// connection pool like a second process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { ledgerEntries, lotteryPrizes, lotteryRaffles, lotteryWinners, products, purchases, tariffProducts, tenants, users, wallets } from '../../server/db/schema';
import { seedHash, verifyDraw } from '../../domain/lotteries';
import { runDrawJob } from '../../server/modules/lotteries/draw';
import { newSeed } from '../../server/modules/lotteries/demo-data';
import { createTestDatabase, databaseName, startInstance, testDatabaseUrl } from './harness';
import { newMember } from './members';
import { graphqlAs } from './requests';

let fresh: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let server: Awaited<ReturnType<typeof startInstance>>;
let second: Awaited<ReturnType<typeof startInstance>>;
let demoUuid: string;
let demoTenantId: number;
const ids: Record<string, string> = {};

const day = 86_400_000;
const errorOf = (answer: { errors?: { message: string; extensions?: Record<string, any> }[] }) => answer.errors?.[0];
const reasonOf = (answer: { errors?: { extensions?: Record<string, any> }[] }) => answer.errors?.[0]?.extensions?.reason;

const lotteryFields = `id name description image currency ticket_price tickets_total tickets_sold max_tickets_per_member min_tickets
  starts_at ends_at status premium_only access_tariffs viewer_can_enter viewer_reason viewer_tickets prizes { place amount currency }
  seed_hash seed drawn_tickets winners { place ticket name amount currency } drawn_at refunded_at`;
const listQuery = `query ($w: ID!, $s: String) { moduleLotteries(whitelabel_uuid: $w, status: $s) { ${lotteryFields} } }`;
const oneQuery = `query ($w: ID!, $id: ID!) { moduleLottery(whitelabel_uuid: $w, id: $id) { ${lotteryFields} } }`;
const myQuery = `query ($w: ID!) { moduleLotteryMyTickets(whitelabel_uuid: $w) { tickets spent entered_at won { place ticket amount } lottery { id name status } } }`;
const buyMutation = `mutation ($w: ID!, $r: ID!, $q: Int!, $k: String) {
  moduleLotteryBuyTickets(whitelabel_uuid: $w, raffle_id: $r, qty: $q, idempotency_key: $k) { tickets amount currency lottery { id tickets_sold status viewer_tickets viewer_can_enter viewer_reason } }
}`;

async function usdt(memberId: number) {
  const [wallet] = await server.db.select().from(wallets).where(and(eq(wallets.userId, memberId), eq(wallets.currency, 'USDT')));
  return wallet?.available;
}

/** A fresh signed-in member of the Demo Portal with a USDT balance, on the tariff named when given. */
async function member(balance: string, tariff?: string) {
  const made = await newMember(server.db, { tenantId: demoTenantId, prefix: 'raffle', usdt: balance });
  if (tariff) {
    const [product] = await server.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(tariffProducts, eq(tariffProducts.productId, products.id))
      .where(and(eq(products.tenantId, demoTenantId), eq(products.name, tariff)));
    await server.db.insert(purchases).values({
      tenantId: demoTenantId,
      userId: made.member.id,
      productId: product!.id,
      invoiceId: -made.member.id,
      billingCycle: 'monthly',
      qty: 1,
      price: '49.00',
      currency: 'USDT',
      activeTill: new Date(Date.now() + 30 * day),
    });
  }
  return { ...made, balance: () => usdt(made.member.id) };
}

/** A raffle of the Demo Portal made for one test (on sale for 700 days unless told), with its prizes. */
async function raffle(values: Partial<typeof lotteryRaffles.$inferInsert> = {}, prizes: string[] = ['50']) {
  const seed = newSeed();
  const [row] = await server.db
    .insert(lotteryRaffles)
    .values({
      tenantId: demoTenantId,
      name: 'Test Raffle',
      currency: 'USDT',
      ticketPrice: '2.50',
      ticketsTotal: 20,
      maxTicketsPerMember: 10,
      startsAt: new Date(Date.now() - day),
      endsAt: new Date(Date.now() + 700 * day),
      seed,
      seedHash: await seedHash(seed),
      ...values,
    })
    .returning();
  await server.db.insert(lotteryPrizes).values(prizes.map((amount, index) => ({ raffleId: row!.id, place: index + 1, amount })));
  return row!;
}

const buy = (token: string, raffleId: string | number, qty: number, key?: string) => server.gql(buyMutation, { w: demoUuid, r: String(raffleId), q: qty, k: key }, token);
const seen = async (id: string | number, token?: string) => (await server.gql(oneQuery, { w: demoUuid, id: String(id) }, token)).data.moduleLottery;
const ledgerOf = (pattern: string) => server.db.select().from(ledgerEntries).where(like(ledgerEntries.entryKey, pattern));

async function demoLogin() {
  const login = await server.gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, {
    data: { username: 'demo@example.com', password: 'Demo12345', whitelabel_uuid: demoUuid },
  });
  return login.data.login.access_token as string;
}

beforeAll(async () => {
  fresh = testDatabaseUrl ? await createTestDatabase() : undefined;
  server = await startInstance(fresh?.url);
  // On PostgreSQL a second instance on the same database, as a second server process would be.
  second = fresh ? await startInstance(fresh.url) : server;
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
  const [tenant] = await server.db.select().from(tenants).where(eq(tenants.uuid, demoUuid));
  demoTenantId = tenant!.id;
}, 120_000);

afterAll(async () => {
  if (second !== server) await second?.close();
  await server?.close();
  await fresh?.drop();
});

describe(`the demo raffles on ${databaseName}`, () => {
  it('are as the job left them: nothing due at the seed', async () => {
    expect(await runDrawJob(server.db)).toEqual({ drawn: 0, refunded: 0, empty: 0 });
  });

  it('answer visitors on sale first, with no seed before the draw and LoginRequired', async () => {
    const answer = await server.gql(listQuery, { w: demoUuid });
    expect(answer.errors).toBeUndefined();
    const list = answer.data.moduleLotteries as Record<string, any>[];
    expect(list.map((row) => row.name)).toEqual(['Demo Raffle', 'Premium Gold Raffle', 'Autumn Raffle']);
    for (const row of list) ids[row.name] = row.id;
    const [open, premium] = list;
    expect(open).toMatchObject({
      currency: 'USDT',
      ticket_price: '5.00',
      tickets_total: 20,
      tickets_sold: 8,
      max_tickets_per_member: 10,
      min_tickets: null,
      status: 'active',
      premium_only: false,
      access_tariffs: [],
      viewer_can_enter: false,
      viewer_reason: 'LoginRequired',
      viewer_tickets: [],
      prizes: [{ place: 1, amount: '80.00', currency: 'USDT' }],
      seed: null,
      drawn_tickets: [],
      winners: [],
      drawn_at: null,
    });
    expect(open!.image).toMatch(/^\/media\/lotteries\/.+\.svg$/);
    expect(Math.round((new Date(open!.ends_at).getTime() - Date.now()) / day)).toBe(7);
    expect(premium).toMatchObject({ premium_only: true, access_tariffs: ['Pro', 'Elite'], seed: null, status: 'active' });
    // The seed itself appears nowhere in an answer before the draw.
    const secrets = await server.db.select({ name: lotteryRaffles.name, seed: lotteryRaffles.seed }).from(lotteryRaffles).where(eq(lotteryRaffles.tenantId, demoTenantId));
    const text = JSON.stringify(answer) + JSON.stringify(await server.gql(oneQuery, { w: demoUuid, id: ids['Demo Raffle'] }, await demoLogin()));
    for (const row of secrets.filter((secret) => secret.name !== 'Autumn Raffle')) expect(text).not.toContain(row.seed);
    expect((await server.gql(listQuery, { w: demoUuid, s: 'finished' })).data.moduleLotteries.map((row: { name: string }) => row.name)).toEqual(['Autumn Raffle']);
  });

  it('publish the finished raffle: its seed, winners that verify, and prizes credited through the ledger', async () => {
    const autumn = await seen(ids['Autumn Raffle']!);
    expect(autumn).toMatchObject({ status: 'finished', tickets_sold: 10, drawn_tickets: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    expect(autumn.winners.map((winner: { place: number; amount: string }) => [winner.place, winner.amount])).toEqual([
      [1, '12.00'],
      [2, '6.00'],
    ]);
    for (const winner of autumn.winners) expect(winner.name).toMatch(/^(Olivia B|Mateo R|Hana S)\.$/);
    const proof = await verifyDraw({ seed: autumn.seed, seedHash: autumn.seed_hash, tickets: autumn.drawn_tickets, winners: autumn.winners.map((w: { ticket: number }) => w.ticket) });
    expect(proof).toMatchObject({ hashMatches: true, winnersMatch: true });
    const prizes = await ledgerOf(`lottery:${ids['Autumn Raffle']}:prize:%`);
    expect(prizes.map((entry) => [entry.type, entry.amount]).sort()).toEqual([
      ['AIRDROP_RAFFLE_REWARD', '12.00000000'],
      ['AIRDROP_RAFFLE_REWARD', '6.00000000'],
    ]);
  });

  it('let the demo member enter the Demo Raffle, and refuse the premium one on the server, moving nothing', async () => {
    const token = await demoLogin();
    const [demo] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@example.com'));
    const before = await usdt(demo!.id);
    expect(before).toBe('1250.50000000');
    expect(await seen(ids['Demo Raffle']!, token)).toMatchObject({ viewer_can_enter: true, viewer_reason: null, viewer_tickets: [] });
    expect(await seen(ids['Premium Gold Raffle']!, token)).toMatchObject({ viewer_can_enter: false, viewer_reason: 'PremiumRequired' });
    const refused = await buy(token, ids['Premium Gold Raffle']!, 1);
    expect(reasonOf(refused)).toBe('PremiumRequired');
    expect(errorOf(refused)!.message).toBe('This raffle is for members with a premium tariff.');
    expect(await usdt(demo!.id)).toBe(before);
    const pro = await member('100', 'Pro');
    expect(await seen(ids['Premium Gold Raffle']!, pro.token)).toMatchObject({ viewer_can_enter: true });
    expect((await buy(pro.token, ids['Premium Gold Raffle']!, 2)).data.moduleLotteryBuyTickets).toMatchObject({ tickets: [1, 2], amount: '50.00', currency: 'USDT' });
    expect(await pro.balance()).toBe('50.00000000');
  });
});

describe(`buying tickets on ${databaseName}`, () => {
  it('30 parallel single tickets by three members never sell past what is left nor a member past the maximum; balances exact', async () => {
    const target = await raffle({ ticketsTotal: 12, maxTicketsPerMember: 5 });
    const buyers = await Promise.all([member('100'), member('100'), member('100')]);
    const answers = await Promise.all(buyers.flatMap((buyer, b) => Array.from({ length: 10 }, (_, n) => buy(buyer.token, target.id, 1, `p-${b}-${n}`))));
    const sold = answers.filter((answer) => !answer.errors);
    expect(sold).toHaveLength(12);
    expect(answers.filter((answer) => answer.errors).every((answer) => ['SoldOut', 'MaxTicketsReached', 'RaffleClosed'].includes(reasonOf(answer)))).toBe(true);
    const numbers = sold.flatMap((answer) => answer.data.moduleLotteryBuyTickets.tickets as number[]).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, n) => n + 1));
    let held = 0;
    for (const buyer of buyers) {
      const mine = (await seen(target.id, buyer.token)).viewer_tickets as number[];
      expect(mine.length).toBeLessThanOrEqual(5);
      expect(await buyer.balance()).toBe(`${(100 - 2.5 * mine.length).toFixed(2)}000000`);
      held += mine.length;
    }
    expect(held).toBe(12);
    expect(await seen(target.id, buyers[0]!.token)).toMatchObject({ status: 'filled', tickets_sold: 12, viewer_can_enter: false });
    const late = await buy(buyers[0]!.token, target.id, 1);
    expect(reasonOf(late)).toBe('RaffleClosed');
    expect(errorOf(late)!.message).toBe('This raffle is closed.');
  });

  it('the same idempotency key answers the same tickets and debits once', async () => {
    const { token, balance, member: row } = await member('100');
    const target = await raffle();
    const answers = await Promise.all(Array.from({ length: 6 }, () => buy(token, target.id, 3, 'one-key')));
    expect(answers.filter((answer) => answer.errors)).toEqual([]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.data.moduleLotteryBuyTickets.tickets)))).toEqual(new Set(['[1,2,3]']));
    expect(await balance()).toBe('92.50000000');
    const debits = await server.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, row.id), eq(ledgerEntries.type, 'LOTTERY_TICKET')));
    expect(debits).toHaveLength(1);
    expect(debits[0]!.entryKey).toMatch(/^lottery:\d+:tickets$/);
    expect(debits[0]!.amount).toBe('-7.50000000');
  });

  it('refuses a quantity outside 1-1000, more than is left, past the maximum, a closed raffle or a short balance, moving nothing', async () => {
    const { token, balance } = await member('20');
    const target = await raffle({ ticketsTotal: 10, maxTicketsPerMember: 6 });
    for (const qty of [0, -1, 1001]) expect(errorOf(await buy(token, target.id, qty))!.extensions!.fields, String(qty)).toHaveProperty('qty');
    const other = await member('100');
    expect((await buy(other.token, target.id, 6)).errors).toBeUndefined();
    const tooMany = await buy(token, target.id, 5);
    expect(reasonOf(tooMany)).toBe('SoldOut');
    expect(errorOf(tooMany)!.message).toBe('Only 4 tickets are left.');
    const pastMax = await buy(other.token, target.id, 1);
    expect(reasonOf(pastMax)).toBe('MaxTicketsReached');
    expect(errorOf(pastMax)!.message).toBe('You can hold at most 6 tickets in this raffle.');
    expect(await seen(target.id, other.token)).toMatchObject({ viewer_can_enter: false, viewer_reason: 'MaxTicketsReached' });
    const pricey = await raffle({ ticketPrice: '25' });
    const poor = await buy(token, pricey.id, 1);
    expect(reasonOf(poor)).toBe('InsufficientBalance');
    expect(errorOf(poor)!.message).toBe('Insufficient balance for an invoice.');
    const ended = await raffle({ endsAt: new Date(Date.now() - 1000) });
    expect(reasonOf(await buy(token, ended.id, 1))).toBe('RaffleClosed');
    expect(await seen(ended.id, token)).toMatchObject({ viewer_can_enter: false, viewer_reason: 'Finished' });
    expect(await balance()).toBe('20.00000000');
    expect((await server.gql(myQuery, { w: demoUuid }, token)).data.moduleLotteryMyTickets).toEqual([]);
  });

  it('answers not_found on a portal without the lottery module, and my tickets only to members', async () => {
    expect(errorOf(await server.gql(myQuery, { w: demoUuid }))!.extensions!.category).toBe('authentication');
    const [acme] = await server.db.select().from(tenants).where(eq(tenants.subdomain, 'acme'));
    const { token } = await newMember(server.db, { tenantId: acme!.id, prefix: 'raffle-acme' });
    const answer = await graphqlAs(server.db, { host: 'acme.localhost' })(listQuery, { w: acme!.uuid }, token);
    expect(answer.errors?.[0]?.extensions?.category).toBe('not_found');
  });
});

describe(`the draw job on ${databaseName}`, () => {
  it('draws a filled raffle once with runners on two instances at once: one prize credit each, a seed that verifies, listed in my tickets', async () => {
    const one = await member('100');
    const two = await member('100');
    const target = await raffle({ ticketsTotal: 5, maxTicketsPerMember: 3, ticketPrice: '10' }, ['30', '15']);
    expect((await buy(one.token, target.id, 3)).errors).toBeUndefined();
    expect((await buy(two.token, target.id, 2)).errors).toBeUndefined();
    expect((await seen(target.id)).status).toBe('filled');
    expect((await seen(target.id)).seed).toBeNull();
    await Promise.all([runDrawJob(server.db), runDrawJob(second.db), runDrawJob(server.db)]);
    await runDrawJob(second.db, new Date(Date.now() + 800 * day));
    const winners = await server.db.select().from(lotteryWinners).where(eq(lotteryWinners.raffleId, target.id));
    expect(winners).toHaveLength(2);
    const prizes = await ledgerOf(`lottery:${target.id}:prize:%`);
    expect(prizes.map((entry) => entry.amount).sort()).toEqual(['15.00000000', '30.00000000']);
    const won = (userId: number) => winners.filter((winner) => winner.userId === userId).reduce((sum, winner) => sum + Number(winner.amount), 0);
    expect(await one.balance()).toBe(`${(70 + won(one.member.id)).toFixed(2)}000000`);
    expect(await two.balance()).toBe(`${(80 + won(two.member.id)).toFixed(2)}000000`);

    const drawn = await seen(target.id, one.token);
    expect(drawn).toMatchObject({ status: 'finished', drawn_tickets: [1, 2, 3, 4, 5], viewer_tickets: [1, 2, 3] });
    expect(drawn.drawn_at).not.toBeNull();
    // "Test Member 12" is published as "Test 1.": the first name and the initial of the last.
    const names = [one.member.name, two.member.name].map((name) => `Test ${name!.split(' ').at(-1)![0]}.`);
    for (const winner of drawn.winners) expect(names).toContain(winner.name);
    const proof = await verifyDraw({ seed: drawn.seed, seedHash: drawn.seed_hash, tickets: drawn.drawn_tickets, winners: drawn.winners.map((w: { ticket: number }) => w.ticket) });
    expect(proof).toMatchObject({ hashMatches: true, winnersMatch: true });
    expect(drawn.seed).toBe(target.seed);

    const [entry] = (await server.gql(myQuery, { w: demoUuid }, one.token)).data.moduleLotteryMyTickets;
    expect(entry).toMatchObject({ tickets: [1, 2, 3], spent: '30.00', lottery: { id: String(target.id), status: 'finished' } });
    expect(entry.won.map((w: { ticket: number }) => w.ticket)).toEqual(winners.filter((w) => w.userId === one.member.id).sort((a, b) => a.place - b.place).map((w) => w.ticket));
  });

  it('finishes a raffle that ended with no ticket sold without winners', async () => {
    const target = await raffle({ endsAt: new Date(Date.now() + day) });
    await Promise.all([runDrawJob(server.db, new Date(Date.now() + 2 * day)), runDrawJob(second.db, new Date(Date.now() + 2 * day))]);
    expect(await seen(target.id)).toMatchObject({ status: 'finished', winners: [], drawn_tickets: [], seed: null, drawn_at: null, refunded_at: null });
    expect(await ledgerOf(`lottery:${target.id}:prize:%`)).toEqual([]);
  });

  it('refunds every purchase once when the minimum was not reached, with two runners and again after', async () => {
    const one = await member('50');
    const two = await member('50');
    const target = await raffle({ minTickets: 5, endsAt: new Date(Date.now() + day) });
    expect((await buy(one.token, target.id, 2)).errors).toBeUndefined();
    expect((await buy(one.token, target.id, 1)).errors).toBeUndefined();
    expect((await buy(two.token, target.id, 1)).errors).toBeUndefined();
    expect(await one.balance()).toBe('42.50000000');
    const ended = new Date(Date.now() + 2 * day);
    await Promise.all([runDrawJob(server.db, ended), runDrawJob(second.db, ended), runDrawJob(server.db, ended)]);
    await runDrawJob(second.db, new Date(Date.now() + 3 * day));
    expect(await one.balance()).toBe('50.00000000');
    expect(await two.balance()).toBe('50.00000000');
    const refunds = (await ledgerOf('lottery:%:refund')).filter((entry) => entry.userId === one.member.id || entry.userId === two.member.id);
    expect(refunds.map((entry) => [entry.type, entry.amount]).sort()).toEqual([
      ['REFUND_TO_BALANCE', '2.50000000'],
      ['REFUND_TO_BALANCE', '2.50000000'],
      ['REFUND_TO_BALANCE', '5.00000000'],
    ]);
    const after = await seen(target.id, one.token);
    expect(after).toMatchObject({ status: 'finished', winners: [], seed: null, viewer_tickets: [1, 2, 3] });
    expect(after.refunded_at).not.toBeNull();
    expect((await server.gql(myQuery, { w: demoUuid }, one.token)).data.moduleLotteryMyTickets[0]).toMatchObject({ tickets: [1, 2, 3], spent: '0.00', won: [] });
  });
});
