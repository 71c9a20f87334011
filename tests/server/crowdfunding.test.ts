// Crowdfunding (issue 28): the projects as visitors and members see them (viewer_* null for visitors, the member's
// cap under their tariff), investing from the balance (the goal a hard cap and the tariff's cap under parallel
// calls, the balance exact, once per idempotency key, the refusals the calls name), pending holdings backed by an
// invoice (paid: active; canceled: released), and the payout job (each payout once with two runners, the body at
// the term, a missed goal refunded once). Runs on PGlite and on PostgreSQL, where the second instance is a second
// connection pool like a second process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  crowdfundingHoldings,
  crowdfundingProjects,
  invoices,
  ledgerEntries,
  products,
  purchases,
  tariffProducts,
  tenants,
  users,
  wallets,
} from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import { reserveWithInvoice } from '../../server/modules/crowdfunding/invest';
import { runPayoutJob } from '../../server/modules/crowdfunding/payouts';
import { cancelInvoice } from '../../server/modules/payments/expiry';
import { createTestDatabase, databaseName, startInstance, testDatabaseUrl } from './harness';
import { newMember } from './members';
import { graphqlAs } from './requests';

let fresh: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let server: Awaited<ReturnType<typeof startInstance>>;
let second: Awaited<ReturnType<typeof startInstance>>;
let demoUuid: string;
let demoTenantId: number;
let basicId: number;
const ids: Record<string, string> = {};

const day = 86_400_000;
const errorOf = (answer: { errors?: { message: string; extensions?: Record<string, any> }[] }) => answer.errors?.[0];
const reasonOf = (answer: { errors?: { extensions?: Record<string, any> }[] }) => answer.errors?.[0]?.extensions?.reason;

const projectFields = `id name status raised pending available goal investors_count min_investment goal_reached refunded_at images
  documents { name url } return_percent payout_period_months term_months viewer_cap viewer_tariff_cap viewer_invested cap_tariffs { name cap }`;
const projectsQuery = `query ($w: ID!, $s: String) { moduleCrowdfundingProjects(whitelabel_uuid: $w, status: $s) { ${projectFields} } }`;
const projectQuery = `query ($w: ID!, $id: ID!) { moduleCrowdfundingProject(whitelabel_uuid: $w, id: $id) { ${projectFields} } }`;
const investMutation = `mutation ($w: ID!, $p: ID!, $a: Decimal!, $k: String) {
  moduleCrowdfundingInvest(whitelabel_uuid: $w, project_id: $p, amount: $a, idempotency_key: $k) { id status amount paid_at next_payout_at next_payout_amount total_return project { id viewer_cap } }
}`;
const briefcaseQuery = `query ($w: ID!) { moduleCrowdfundingBriefcase(whitelabel_uuid: $w) { currency total_invested total_received holdings {
  id status amount share_percent received_profit received_body total_return next_payout_at next_payout_amount paid_at refunded_at project { name }
} } }`;

async function usdt(memberId: number) {
  const [wallet] = await server.db.select().from(wallets).where(and(eq(wallets.userId, memberId), eq(wallets.currency, 'USDT')));
  return wallet?.available;
}

/** A fresh signed-in member with a USDT balance, on the Basic tariff (1,000 USDT a project) unless `tariff` is false. */
async function member(balance: string, tariff = true) {
  const made = await newMember(server.db, { tenantId: demoTenantId, prefix: 'crowd', usdt: balance });
  if (tariff) {
    await server.db.insert(purchases).values({
      tenantId: demoTenantId,
      userId: made.member.id,
      productId: basicId,
      invoiceId: -made.member.id,
      billingCycle: 'monthly',
      qty: 1,
      price: '19.00',
      currency: 'USDT',
      activeTill: new Date(Date.now() + 30 * day),
    });
  }
  return { ...made, balance: () => usdt(made.member.id) };
}

/** A project of the Demo Portal made for one test, so the seeded ones stay as the demo has them. */
async function project(values: Partial<typeof crowdfundingProjects.$inferInsert> = {}) {
  const [row] = await server.db
    .insert(crowdfundingProjects)
    .values({
      tenantId: demoTenantId,
      name: 'Test Project',
      currency: 'USDT',
      goal: '100000',
      minInvestment: '50',
      startsAt: new Date(Date.now() - day),
      endsAt: new Date(Date.now() + 700 * day),
      returnPercent: '12',
      payoutPeriodMonths: 1,
      termMonths: 12,
      ...values,
    })
    .returning();
  return row!;
}

const invest = (token: string, projectId: string | number, amount: string, key?: string) =>
  server.gql(investMutation, { w: demoUuid, p: String(projectId), a: amount, k: key }, token);

async function demoLogin() {
  const login = await server.gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, {
    data: { username: 'demo@example.com', password: 'Demo12345', whitelabel_uuid: demoUuid },
  });
  return login.data.login.access_token as string;
}

const inTransaction = <T>(work: (tx: Db) => Promise<T>) => server.db.transaction((tx) => work(tx as unknown as Db));

beforeAll(async () => {
  fresh = testDatabaseUrl ? await createTestDatabase() : undefined;
  server = await startInstance(fresh?.url);
  // On PostgreSQL a second instance on the same database, as a second server process would be.
  second = fresh ? await startInstance(fresh.url) : server;
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
  const [tenant] = await server.db.select().from(tenants).where(eq(tenants.uuid, demoUuid));
  demoTenantId = tenant!.id;
  const [basic] = await server.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(tariffProducts, eq(tariffProducts.productId, products.id))
    .where(and(eq(products.tenantId, demoTenantId), eq(products.name, 'Basic')));
  basicId = basic!.id;
}, 120_000);

afterAll(async () => {
  if (second !== server) await second?.close();
  await server?.close();
  await fresh?.drop();
});

describe(`the demo projects on ${databaseName}`, () => {
  it('are as the rule ran them: the job finds nothing due at the seed', async () => {
    expect(await runPayoutJob(server.db)).toEqual({ payouts: 0, completed: 0, finished: 0, refunded: 0, released: 0 });
  });

  it('answer visitors with their figures and viewer_* null; the status filter picks active or finished', async () => {
    const answer = await server.gql(projectsQuery, { w: demoUuid });
    expect(answer.errors).toBeUndefined();
    const list = answer.data.moduleCrowdfundingProjects as Record<string, any>[];
    for (const row of list) ids[row.name] = row.id;
    const seaView = list.find((row) => row.name === 'Sea View Residence')!;
    expect(seaView).toMatchObject({
      status: 'active',
      goal: '50000.00',
      raised: '28750.00',
      pending: '1500.00',
      available: '19750.00',
      investors_count: 4,
      min_investment: '50.00',
      return_percent: '12',
      payout_period_months: 1,
      term_months: 12,
      viewer_cap: null,
      viewer_tariff_cap: null,
      viewer_invested: null,
      goal_reached: false,
    });
    expect(seaView.images[0]).toMatch(/^\/media\/projects\/.+\.svg$/);
    expect(seaView.documents[0].url).toMatch(/^\/media\/projects\/.+\.pdf$/);
    expect(seaView.cap_tariffs).toEqual([
      { name: 'Basic', cap: '1000.00' },
      { name: 'Pro', cap: '5000.00' },
      { name: 'Elite', cap: '20000.00' },
    ]);
    expect(list.find((row) => row.name === 'Harbour Coworking Loft')).toMatchObject({ status: 'active', available: '200.00' });
    expect(list.find((row) => row.name === 'Riverside Solar Park')).toMatchObject({ status: 'finished', goal_reached: true, raised: '20000.00', refunded_at: null });
    const lodge = list.find((row) => row.name === 'Mountain Lodge Retreat')!;
    expect(lodge).toMatchObject({ status: 'finished', goal_reached: false });
    expect(lodge.refunded_at).not.toBeNull();
    const active = (await server.gql(projectsQuery, { w: demoUuid, s: 'active' })).data.moduleCrowdfundingProjects;
    expect(active.map((row: { name: string }) => row.name).sort()).toEqual(['Harbour Coworking Loft', 'Sea View Residence']);
    expect((await server.gql(projectQuery, { w: demoUuid, id: ids['Sea View Residence'] })).data.moduleCrowdfundingProject.viewer_cap).toBeNull();
  });

  it("show the demo member's briefcase: the solar park paying out, the lodge refunded; me counts one project", async () => {
    const token = await demoLogin();
    const { data } = await server.gql(briefcaseQuery, { w: demoUuid }, token);
    const [solar, lodge] = [...data.moduleCrowdfundingBriefcase.holdings].sort((a: { amount: string }, b: { amount: string }) => Number(b.amount) - Number(a.amount));
    expect(solar).toMatchObject({ status: 'active', amount: '500.00', share_percent: '2.50', received_profit: '22.50', received_body: '0.00', next_payout_amount: '11.25', total_return: '545.00' });
    expect(lodge).toMatchObject({ status: 'refunded', amount: '300.00', received_profit: '0.00', next_payout_at: null });
    expect(data.moduleCrowdfundingBriefcase).toMatchObject({ currency: 'USDT', total_invested: '500.00', total_received: '22.50' });
    expect((await server.gql(`{ me { counts { projects } } }`, undefined, token)).data.me.counts.projects).toBe(1);
    // Every crowdfunding movement of the demo ledger comes from a real holding.
    const [demo] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@example.com'));
    const moved = await server.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, demo!.id), like(ledgerEntries.type, 'CROWDFUNDING_%')));
    expect(moved.filter((entry) => entry.type === 'CROWDFUNDING_INVESTMENT').map((entry) => entry.amount).sort()).toEqual(['-300.00000000', '-500.00000000']);
    expect(moved.filter((entry) => entry.type === 'CROWDFUNDING_PAYOUT_PROFIT').map((entry) => entry.amount)).toEqual(['11.25000000', '11.25000000']);
  });
});

describe(`investing on ${databaseName}`, () => {
  it('20 parallel investments of 100 by the demo member stop at the Basic cap of 1,000, the balance exact to the cent', async () => {
    const token = await demoLogin();
    const [demo] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@example.com'));
    const before = await usdt(demo!.id);
    const seaView = ids['Sea View Residence']!;
    const seen = (await server.gql(projectQuery, { w: demoUuid, id: seaView }, token)).data.moduleCrowdfundingProject;
    expect(seen).toMatchObject({ viewer_cap: '1000.00', viewer_tariff_cap: '1000.00', viewer_invested: '0.00' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => invest(token, seaView, '100', `demo-${n}`)));
    expect(answers.filter((answer) => !answer.errors)).toHaveLength(10);
    expect(answers.filter((answer) => answer.errors).map(reasonOf)).toEqual(Array(10).fill('TariffCap'));
    expect(await usdt(demo!.id)).toBe(`${(Number(before) - 1000).toFixed(2)}000000`);
    const after = (await server.gql(projectQuery, { w: demoUuid, id: seaView }, token)).data.moduleCrowdfundingProject;
    expect(after).toMatchObject({ viewer_cap: '0.00', viewer_invested: '1000.00', raised: '29750.00', available: '18750.00' });
    const made = answers.find((answer) => !answer.errors)!.data.moduleCrowdfundingInvest;
    expect(made).toMatchObject({ status: 'active', amount: '100.00', next_payout_amount: '1.00', total_return: '112.00' });
    expect(new Date(made.next_payout_at).getUTCDate()).toBe(new Date(made.paid_at).getUTCDate());
  });

  it('10 parallel investments of 50 into the project 200 short: exactly 4, the goal raised and the project finished', async () => {
    const { token, balance } = await member('1000');
    const harbour = ids['Harbour Coworking Loft']!;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => invest(token, harbour, '50', `harbour-${n}`)));
    expect(answers.filter((answer) => !answer.errors)).toHaveLength(4);
    expect(await balance()).toBe('800.00000000');
    const after = (await server.gql(projectQuery, { w: demoUuid, id: harbour }, token)).data.moduleCrowdfundingProject;
    expect(after).toMatchObject({ raised: '10000.00', available: '0.00', status: 'finished', goal_reached: true });
    const late = await invest(token, harbour, '50');
    expect(reasonOf(late)).toBe('FundraisingFinished');
    expect(errorOf(late)!.message).toBe('Fundraising finished, so no investing.');
  });

  it('the same idempotency key answers the same holding and debits once', async () => {
    const { token, balance, member: row } = await member('500');
    const target = await project();
    const answers = await Promise.all(Array.from({ length: 6 }, () => invest(token, target.id, '120.50', 'one-key')));
    expect(answers.filter((answer) => answer.errors)).toEqual([]);
    expect(new Set(answers.map((answer) => answer.data.moduleCrowdfundingInvest.id)).size).toBe(1);
    expect(await balance()).toBe('379.50000000');
    const debits = await server.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, row.id), eq(ledgerEntries.type, 'CROWDFUNDING_INVESTMENT')));
    expect(debits.map((entry) => entry.entryKey)).toEqual([`crowdfunding:${answers[0]!.data.moduleCrowdfundingInvest.id}:invest`]);
  });

  it('refuses what the tariff, the goal, the minimum, the amount rules or the balance do not allow, moving nothing', async () => {
    const noTariff = await member('1000', false);
    const target = await project({ goal: '1500' });
    const refused = await invest(noTariff.token, target.id, '100');
    expect(reasonOf(refused)).toBe('TariffCap');
    expect(errorOf(refused)!.message).toBe('Your tariff does not allow investing in projects.');
    const seen = (await server.gql(projectQuery, { w: demoUuid, id: String(target.id) }, noTariff.token)).data.moduleCrowdfundingProject;
    expect(seen).toMatchObject({ viewer_cap: '0.00', viewer_tariff_cap: '0.00', viewer_invested: '0.00' });
    expect(await noTariff.balance()).toBe('1000.00000000');

    const basic = await member('1000');
    expect((await invest(basic.token, target.id, '600')).errors).toBeUndefined();
    const overCap = await invest(basic.token, target.id, '500');
    expect(reasonOf(overCap)).toBe('TariffCap');
    expect(errorOf(overCap)!.message).toBe('Your tariff lets you invest up to 400.00 USDT more in this project.');
    const other = await member('1000');
    expect((await invest(other.token, target.id, '750')).errors).toBeUndefined();
    const overGoal = await invest(basic.token, target.id, '200');
    expect(reasonOf(overGoal)).toBe('GoalExceeded');
    expect(errorOf(overGoal)!.message).toBe('Only 150.00 USDT is left to raise in this project.');
    const below = await invest(basic.token, target.id, '49.99');
    expect(errorOf(below)!.extensions!.category).toBe('validation');
    expect(errorOf(below)!.extensions!.fields.amount).toEqual(['The minimum investment is 50 USDT.']);
    for (const bad of ['050', '10.123', '-50', '0000000000001']) expect(errorOf(await invest(basic.token, target.id, bad))!.extensions!.fields, bad).toHaveProperty('amount');
    expect(await basic.balance()).toBe('400.00000000');

    const short = await member('30');
    const poor = await invest(short.token, target.id, '50');
    expect(reasonOf(poor)).toBe('InsufficientBalance');
    expect(errorOf(poor)!.message).toBe('Insufficient balance for an invoice.');
    expect(await short.balance()).toBe('30.00000000');
    expect((await server.gql(briefcaseQuery, { w: demoUuid }, short.token)).data.moduleCrowdfundingBriefcase.holdings).toEqual([]);
  });

  it('answers not_found on a portal without the crowdfunding module, and the briefcase only to members', async () => {
    expect(errorOf(await server.gql(briefcaseQuery, { w: demoUuid }))!.extensions!.category).toBe('authentication');
    const [acme] = await server.db.select().from(tenants).where(eq(tenants.subdomain, 'acme'));
    const acmeUuid = acme!.uuid;
    const { token } = await newMember(server.db, { tenantId: acme!.id, prefix: 'crowd-acme' });
    // Acme has no crowdfunding module: asked through its own host, even a visitor's list is not found.
    const answer = await graphqlAs(server.db, { host: 'acme.localhost' })(projectsQuery, { w: acmeUuid }, token);
    expect(answer.errors?.[0]?.extensions?.category).toBe('not_found');
  });
});

describe(`pending holdings on ${databaseName}`, () => {
  it('reserve the goal while their invoice is unpaid; paying it activates the holding, canceling it releases it', async () => {
    const { token, balance, member: row } = await member('1000');
    const target = await project({ goal: '1000' });
    const paid = await inTransaction((tx) => reserveWithInvoice(tx, { tenantId: demoTenantId, userId: row.id, projectId: target.id, amount: '300' }));
    const dropped = await inTransaction((tx) => reserveWithInvoice(tx, { tenantId: demoTenantId, userId: row.id, projectId: target.id, amount: '200' }));
    const seen = (await server.gql(projectQuery, { w: demoUuid, id: String(target.id) }, token)).data.moduleCrowdfundingProject;
    expect(seen).toMatchObject({ raised: '0.00', pending: '500.00', available: '500.00', viewer_invested: '500.00', viewer_cap: '500.00' });
    expect((await server.gql(briefcaseQuery, { w: demoUuid }, token)).data.moduleCrowdfundingBriefcase.holdings.map((holding: { status: string }) => holding.status)).toEqual([
      'pending',
      'pending',
    ]);

    const pay = await server.gql(`mutation ($id: ID!) { payFromBalance(invoice_id: $id) { status } }`, { id: String(paid.invoice.id) }, token);
    expect(pay.errors).toBeUndefined();
    expect(await balance()).toBe('700.00000000');
    const [active] = await server.db.select().from(crowdfundingHoldings).where(eq(crowdfundingHoldings.id, paid.holding.id));
    expect(active).toMatchObject({ status: 'active' });
    expect(active!.paidAt).not.toBeNull();

    expect(await inTransaction((tx) => cancelInvoice(tx, dropped.invoice.id, 'stale'))).toBe(true);
    expect(await server.db.select().from(crowdfundingHoldings).where(eq(crowdfundingHoldings.id, dropped.holding.id))).toEqual([]);
    const after = (await server.gql(projectQuery, { w: demoUuid, id: String(target.id) }, token)).data.moduleCrowdfundingProject;
    expect(after).toMatchObject({ raised: '300.00', pending: '0.00', available: '700.00', investors_count: 1, viewer_invested: '300.00' });
  });
});

describe(`the payout job on ${databaseName}`, () => {
  it('pays each month once with two runners at once, then nothing more; at the term the body, once, and the holding completes', async () => {
    const { token, balance, member: row } = await member('100');
    const target = await project();
    const made = (await invest(token, target.id, '100')).data.moduleCrowdfundingInvest;
    const paidAt = new Date(made.paid_at).getTime();
    const month = new Date(paidAt + 31 * day);
    await Promise.all([runPayoutJob(server.db, month), runPayoutJob(second.db, month), runPayoutJob(server.db, month)]);
    expect(await balance()).toBe('1.00000000');
    await Promise.all([runPayoutJob(second.db, month), runPayoutJob(server.db, month)]);
    expect(await balance()).toBe('1.00000000');

    const term = new Date(paidAt + 370 * day);
    await Promise.all([runPayoutJob(server.db, term), runPayoutJob(second.db, term), runPayoutJob(second.db, term)]);
    expect(await balance()).toBe('112.00000000');
    const rows = await server.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, row.id), like(ledgerEntries.entryKey, `crowdfunding:${made.id}:%`)));
    expect(rows.filter((entry) => entry.type === 'CROWDFUNDING_PAYOUT_PROFIT')).toHaveLength(12);
    expect(rows.filter((entry) => entry.type === 'CROWDFUNDING_PAYOUT_BODY').map((entry) => entry.amount)).toEqual(['100.00000000']);
    const [holding] = (await server.gql(briefcaseQuery, { w: demoUuid }, token)).data.moduleCrowdfundingBriefcase.holdings;
    expect(holding).toMatchObject({ status: 'completed', received_profit: '12.00', received_body: '100.00', next_payout_at: null, next_payout_amount: null });
    await runPayoutJob(second.db, new Date(paidAt + 800 * day));
    expect(await balance()).toBe('112.00000000');
  });

  it('refunds a project that missed its goal once with two runners, and lets its pending holdings go', async () => {
    const one = await member('500');
    const two = await member('500');
    const waiting = await member('0');
    const target = await project({ goal: '5000', endsAt: new Date(Date.now() + day) });
    expect((await invest(one.token, target.id, '200')).errors).toBeUndefined();
    expect((await invest(two.token, target.id, '350.25')).errors).toBeUndefined();
    const pending = await inTransaction((tx) => reserveWithInvoice(tx, { tenantId: demoTenantId, userId: waiting.member.id, projectId: target.id, amount: '100' }));
    const ended = new Date(Date.now() + 2 * day);
    await Promise.all([runPayoutJob(server.db, ended), runPayoutJob(second.db, ended), runPayoutJob(server.db, ended)]);
    expect(await one.balance()).toBe('500.00000000');
    expect(await two.balance()).toBe('500.00000000');
    const refunds = await server.db.select().from(ledgerEntries).where(and(like(ledgerEntries.entryKey, 'crowdfunding:%:refund'), eq(ledgerEntries.type, 'REFUND_TO_BALANCE')));
    expect(refunds.filter((entry) => entry.userId === one.member.id || entry.userId === two.member.id)).toHaveLength(2);
    const seen = (await server.gql(projectQuery, { w: demoUuid, id: String(target.id) }, one.token)).data.moduleCrowdfundingProject;
    expect(seen).toMatchObject({ status: 'finished', goal_reached: false, pending: '0.00' });
    expect(seen.refunded_at).not.toBeNull();
    const [holding] = (await server.gql(briefcaseQuery, { w: demoUuid }, one.token)).data.moduleCrowdfundingBriefcase.holdings;
    expect(holding).toMatchObject({ status: 'refunded', next_payout_at: null });
    expect(holding.refunded_at).not.toBeNull();
    const [invoice] = await server.db.select().from(invoices).where(eq(invoices.id, pending.invoice.id));
    expect(invoice!.status).toBe('canceled');
    expect(await server.db.select().from(crowdfundingHoldings).where(eq(crowdfundingHoldings.id, pending.holding.id))).toEqual([]);
    await runPayoutJob(second.db, ended);
    expect(await one.balance()).toBe('500.00000000');
  });

  it('refunds a missed goal less the profit already paid: a member never ends with more than they put in', async () => {
    const one = await member('500');
    const target = await project({ goal: '5000', endsAt: new Date(Date.now() + 70 * day) });
    const made = (await invest(one.token, target.id, '200')).data.moduleCrowdfundingInvest;
    const paidAt = new Date(made.paid_at).getTime();
    await runPayoutJob(server.db, new Date(paidAt + 32 * day));
    expect(await one.balance()).toBe('302.00000000');
    // Past the end (and a second month due): the project is closed first, the refund nets the profit paid.
    await Promise.all([runPayoutJob(server.db, new Date(paidAt + 71 * day)), runPayoutJob(second.db, new Date(paidAt + 71 * day))]);
    expect(await one.balance()).toBe('500.00000000');
    const [holding] = (await server.gql(briefcaseQuery, { w: demoUuid }, one.token)).data.moduleCrowdfundingBriefcase.holdings;
    expect(holding).toMatchObject({ status: 'refunded', received_profit: '2.00' });
  });

  it('takes no investment before the project starts', async () => {
    const one = await member('500');
    const target = await project({ startsAt: new Date(Date.now() + 30 * day) });
    const refused = await invest(one.token, target.id, '100');
    expect(refused.errors?.[0]?.extensions).toMatchObject({ reason: 'FundraisingFinished' });
    expect(await one.balance()).toBe('500.00000000');
  });
});
