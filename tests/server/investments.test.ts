// Investment plans (issue 27): the tenant's plans, activation from the balance (bounds, insufficient balance,
// exactly once under one key, never below zero under many), the accrual job (each period once, also with two
// instances on one database at once, and the term's payout), and stopping early (the quote is what is paid, once).
// Runs on PGlite and on PostgreSQL, where the second instance is a second connection pool like a second process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { investmentAccruals, investments, ledgerEntries, tenants, users, wallets } from '../../server/db/schema';
import { investSchedule, planTotals } from '../../domain/investments';
import { cents } from '../../domain/money';
import { runAccrualJob } from '../../server/modules/investments/service';
import type { AddressInfo } from 'node:net';
import { createPortalServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { createTestDatabase, databaseName, startInstance, testDatabaseUrl } from './harness';
import { newMember } from './members';

let fresh: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let server: Awaited<ReturnType<typeof startInstance>>;
let second: Awaited<ReturnType<typeof startInstance>>;
let demoUuid: string;
let demoTenantId: number;
let starterId: string;

const day = 86_400_000;
const reasonOf = (answer: { errors?: { extensions?: Record<string, any> }[] }) => answer.errors?.[0]?.extensions?.reason;

const activate = `mutation ($w: ID!, $p: ID!, $a: Decimal!, $k: String) {
  moduleInvestActivate(whitelabel_uuid: $w, plan_id: $p, amount: $a, idempotency_key: $k) { id status amount accrued paid_out final_amount started_at }
}`;
const myPlans = `query ($w: ID!, $s: String) { moduleInvestMyPlans(whitelabel_uuid: $w, status: $s) {
  id status amount accrued paid_out final_amount periods_done stopped_early penalty stop_payout next_accrual_at plan { name }
} }`;
const quote = `query ($w: ID!, $id: ID!) { moduleInvestStopQuote(whitelabel_uuid: $w, id: $id) { final_amount penalty payout } }`;
const stop = `mutation ($w: ID!, $id: ID!, $k: String) { moduleInvestStop(whitelabel_uuid: $w, id: $id, idempotency_key: $k) { id status stopped_early penalty stop_payout paid_out } }`;

async function usdt(memberId: number) {
  const [wallet] = await server.db.select().from(wallets).where(and(eq(wallets.userId, memberId), eq(wallets.currency, 'USDT')));
  return wallet?.available;
}

async function member(balance: string) {
  const made = await newMember(server.db, { tenantId: demoTenantId, prefix: 'invest', usdt: balance });
  return { ...made, balance: () => usdt(made.member.id) };
}

/** Backdates an investment's start, so its periods fall due now. */
const startedDaysAgo = (id: string, days: number) =>
  server.db.update(investments).set({ startedAt: new Date(Date.now() - days * day) }).where(eq(investments.id, Number(id)));

beforeAll(async () => {
  fresh = testDatabaseUrl ? await createTestDatabase(testDatabaseUrl, { seeded: true }) : undefined;
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

describe(`investment plans on ${databaseName}`, () => {
  it("lists the Demo Portal's plans with their terms as Decimal strings", async () => {
    const { token } = await member('0');
    const answer = await server.gql(
      `query ($w: ID!) { moduleInvestPlans(whitelabel_uuid: $w) { id name currency rate_percent period_days periods compounding capital_back min_amount max_amount penalty_percent } }`,
      { w: demoUuid },
      token,
    );
    const starter = answer.data.moduleInvestPlans.find((plan: { name: string }) => plan.name === 'Starter');
    expect(starter).toMatchObject({
      currency: 'USDT',
      period_days: 30,
      periods: 6,
      compounding: false,
      capital_back: true,
    });
    expect([starter.rate_percent, starter.min_amount, starter.max_amount, starter.penalty_percent].map(Number)).toEqual([2, 100, 10000, 10]);
    expect(answer.data.moduleInvestPlans.some((plan: { compounding: boolean }) => plan.compounding)).toBe(true);
    starterId = starter.id;
  });

  it("refuses an amount outside the plan's bounds or not written as an amount, and a short balance moves nothing", async () => {
    const { token, balance } = await member('150');
    const below = await server.gql(activate, { w: demoUuid, p: starterId, a: '99.99' }, token);
    expect(reasonOf(below)).toBe('AmountOutOfRange');
    expect(below.errors![0]!.extensions!.fields.amount).toEqual(['The minimum for this plan is 100 USDT.']);
    expect(reasonOf(await server.gql(activate, { w: demoUuid, p: starterId, a: '10000.01' }, token))).toBe('AmountOutOfRange');
    expect((await server.gql(activate, { w: demoUuid, p: starterId, a: '0100' }, token)).errors![0]!.extensions!.fields).toHaveProperty('amount');
    const short = await server.gql(activate, { w: demoUuid, p: starterId, a: '200' }, token);
    expect(reasonOf(short)).toBe('InsufficientBalance');
    expect(short.errors![0]!.message).toBe('Insufficient balance for an invoice.');
    expect(await balance()).toBe('150.00000000');
    expect((await server.gql(myPlans, { w: demoUuid }, token)).data.moduleInvestMyPlans).toEqual([]);
  });

  it('20 parallel activations under one key make one plan and one debit', async () => {
    const { token, balance, member: row } = await member('1000');
    const answers = await Promise.all(Array.from({ length: 20 }, () => server.gql(activate, { w: demoUuid, p: starterId, a: '100', k: 'one-key' }, token)));
    expect(answers.filter((answer) => answer.errors)).toEqual([]);
    expect(new Set(answers.map((answer) => answer.data.moduleInvestActivate.id)).size).toBe(1);
    expect(answers[0]!.data.moduleInvestActivate).toMatchObject({ status: 'active', amount: '100.00000000', final_amount: '112.00' });
    expect(await balance()).toBe('900.00000000');
    const debits = await server.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, row.id), eq(ledgerEntries.type, 'INVESTMENT_PLAN_ACTIVATE')));
    expect(debits).toHaveLength(1);
  });

  it('parallel activations under different keys never take the balance below zero', async () => {
    const { token, balance } = await member('250');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => server.gql(activate, { w: demoUuid, p: starterId, a: '100', k: `key-${n}` }, token)));
    expect(answers.filter((answer) => !answer.errors)).toHaveLength(2);
    expect(answers.filter((answer) => answer.errors).map(reasonOf)).toEqual(Array(4).fill('InsufficientBalance'));
    expect(await balance()).toBe('50.00000000');
    expect((await server.gql(myPlans, { w: demoUuid, s: 'active' }, token)).data.moduleInvestMyPlans).toHaveLength(2);
  });
});

describe(`the accrual job on ${databaseName}`, () => {
  it('pays each period once, also from two instances at once, and hands the capital back at the term', async () => {
    const { token, balance, member: row } = await member('100');
    const { id } = (await server.gql(activate, { w: demoUuid, p: starterId, a: '100' }, token)).data.moduleInvestActivate;
    await startedDaysAgo(id, 31);
    await Promise.all([runAccrualJob(server.db), runAccrualJob(second.db), runAccrualJob(server.db)]);
    expect(await balance()).toBe('2.00000000');
    const [active] = (await server.gql(myPlans, { w: demoUuid }, token)).data.moduleInvestMyPlans;
    expect(active).toMatchObject({ status: 'active', periods_done: 1, accrued: '2.00000000', paid_out: '2.00000000' });

    // Past the term: the five periods left and the capital, once, however many passes run together.
    await startedDaysAgo(id, 200);
    const passes = await Promise.all([runAccrualJob(server.db), runAccrualJob(second.db), runAccrualJob(second.db)]);
    expect(passes.reduce((total, pass) => total + pass.periods, 0)).toBe(5);
    expect(await balance()).toBe('112.00000000');
    const rows = await server.db
      .select({ type: ledgerEntries.type, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, row.id), like(ledgerEntries.entryKey, `invest:${id}:%`)));
    expect(rows.filter((entry) => entry.type === 'INVESTMENT_PLAN_WITHDRAW')).toHaveLength(6);
    expect(rows.filter((entry) => entry.type === 'INVESTMENT_PLAN_FINISHED').map((entry) => entry.amount)).toEqual(['100.00000000']);
    const [finished] = (await server.gql(myPlans, { w: demoUuid, s: 'finished' }, token)).data.moduleInvestMyPlans;
    expect(finished).toMatchObject({ status: 'finished', periods_done: 6, paid_out: '112.00000000', final_amount: '112.00', next_accrual_at: null });
    // A later pass finds nothing left to do.
    expect(await runAccrualJob(second.db)).toEqual({ investments: 0, periods: 0, finished: 0 });
  });
});

describe(`stopping early on ${databaseName}`, () => {
  it('shows 11.20 given up and pays what the quote said, once, after the periods already due', async () => {
    const { token, balance } = await member('100');
    const { id } = (await server.gql(activate, { w: demoUuid, p: starterId, a: '100' }, token)).data.moduleInvestActivate;
    expect((await server.gql(quote, { w: demoUuid, id }, token)).data.moduleInvestStopQuote).toEqual({
      final_amount: '112.00',
      penalty: '11.20',
      payout: '88.80',
    });
    // A period is due that the job has not accrued yet: the stop accrues it first (its profit is not lost).
    await startedDaysAgo(id, 45);
    const quoted = (await server.gql(quote, { w: demoUuid, id }, token)).data.moduleInvestStopQuote;
    expect(quoted.payout).toBe('88.80');
    const answers = await Promise.all(Array.from({ length: 8 }, () => server.gql(stop, { w: demoUuid, id, k: 'stop-once' }, token)));
    expect(answers.filter((answer) => answer.errors)).toEqual([]);
    expect(answers[0]!.data.moduleInvestStop).toMatchObject({ status: 'finished', stopped_early: true, penalty: '11.20000000', stop_payout: '88.80000000' });
    // 2.00 of period one and the quote's 88.80.
    expect(await balance()).toBe('90.80000000');
    // Stopping again changes nothing; a finished plan has no quote.
    expect((await server.gql(stop, { w: demoUuid, id }, token)).data.moduleInvestStop.status).toBe('finished');
    expect(await balance()).toBe('90.80000000');
    expect(reasonOf(await server.gql(quote, { w: demoUuid, id }, token))).toBe('InvestmentFinished');
  });

  it("answers not_found for another member's plan", async () => {
    const owner = await member('100');
    const { id } = (await server.gql(activate, { w: demoUuid, p: starterId, a: '100' }, owner.token)).data.moduleInvestActivate;
    const stranger = await member('0');
    expect((await server.gql(stop, { w: demoUuid, id }, stranger.token)).errors![0]!.extensions!.category).toBe('not_found');
    expect(await owner.balance()).toBe('0.00000000');
  });
});

describe(`the demo member's plans on ${databaseName}`, () => {
  it('twelve plans of the past year, 3 active and 9 finished (2 stopped early), as the rule ran them: the job finds nothing due', async () => {
    const login = await server.gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, {
      data: { username: 'demo@example.com', password: 'Demo12345', whitelabel_uuid: demoUuid },
    });
    const token = login.data.login.access_token as string;
    const plans = (await server.gql(myPlans, { w: demoUuid }, token)).data.moduleInvestMyPlans;
    expect(plans).toHaveLength(12);
    expect(plans.filter((plan: { status: string }) => plan.status === 'active')).toHaveLength(3);
    const stopped = plans.filter((plan: { stopped_early: boolean }) => plan.stopped_early);
    expect(stopped.map((plan: { plan: { name: string } }) => plan.plan.name).sort()).toEqual(['Growth', 'Starter']);
    expect(stopped.every((plan: { penalty: string; status: string }) => plan.status === 'finished' && Number(plan.penalty) > 0)).toBe(true);
    // A finished Starter of 100 paid its 12.00 profit and the capital back: 112.00 in all.
    const ranToTerm = plans.find((plan: { plan: { name: string }; amount: string; stopped_early: boolean; status: string }) =>
      plan.plan.name === 'Starter' && plan.amount === '100.00000000' && plan.status === 'finished' && !plan.stopped_early,
    );
    expect(ranToTerm).toMatchObject({ periods_done: 6, paid_out: '112.00000000', next_accrual_at: null });
    const [demo] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@example.com'));
    const seeded = await server.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, demo!.id), like(ledgerEntries.type, 'INVESTMENT_PLAN_%')));
    expect(seeded.filter((entry) => entry.type === 'INVESTMENT_PLAN_ACTIVATE')).toHaveLength(12);
    expect(seeded.filter((entry) => entry.type === 'INVESTMENT_PLAN_STOPPED')).toHaveLength(2);
  });
});

describe(`POST /dev/jobs/run on ${databaseName}`, () => {
  it('runs the accrual job as of `at`, and tells a wrong body from a failed job', async () => {
    const http = createPortalServer(server.db, { ...readConfig({}), staticDir: undefined });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const run = (body: string) => fetch(`${base}/dev/jobs/run`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    try {
      const { token, balance } = await member('100');
      await server.gql(activate, { w: demoUuid, p: starterId, a: '100' }, token);
      const due = await run(JSON.stringify({ job: 'investments.accrue', at: new Date(Date.now() + 31 * day).toISOString() }));
      expect(due.status).toBe(200);
      expect((await due.json()).did.periods).toBeGreaterThanOrEqual(1);
      expect(await balance()).toBe('2.00000000');
      expect(await (await run('{ not json')).json()).toEqual({ error: 'Send a JSON body.' });
      const unknown = await run(JSON.stringify({ job: 'nothing.here' }));
      expect(unknown.status).toBe(400);
      expect((await unknown.json()).jobs).toEqual(['affiliates.payouts', 'investments.accrue', 'crowdfunding.payouts', 'lotteries.draw', 'trading.suspensions', 'copytrading.stats', 'copytrading.connections']);
    } finally {
      await new Promise((resolve) => http.close(resolve));
    }
  });
});

describe(`the calculator and the server on ${databaseName}`, () => {
  it("agree to the cent for every demo plan: each accrued period is the calculator's schedule, the payout its final amount", async () => {
    const plans = (await server.gql(
      `query ($w: ID!) { moduleInvestPlans(whitelabel_uuid: $w) { id name rate_percent period_days periods compounding capital_back min_amount penalty_percent } }`,
      { w: demoUuid },
      (await member('0')).token,
    )).data.moduleInvestPlans;
    for (const plan of plans) {
      const amount = '1234.56';
      const { token, balance } = await member(amount);
      const { id } = (await server.gql(activate, { w: demoUuid, p: plan.id, a: amount }, token)).data.moduleInvestActivate;
      await startedDaysAgo(id, plan.period_days * plan.periods + 1);
      await runAccrualJob(server.db);
      const terms = {
        ratePercent: plan.rate_percent,
        periodDays: plan.period_days,
        periods: plan.periods,
        compounding: plan.compounding,
        capitalBack: plan.capital_back,
        penaltyPercent: plan.penalty_percent,
      };
      const accrued = await server.db.select().from(investmentAccruals).where(eq(investmentAccruals.investmentId, Number(id))).orderBy(investmentAccruals.period);
      expect(accrued.map((row) => cents(row.profit)), plan.name).toEqual(investSchedule(amount, terms).slice(1).map((row) => row.profit));
      expect(cents((await balance())!), plan.name).toBe(planTotals(amount, terms).finalAmount);
    }
  });
});
