// Copy trading's reads (issue 32): the sandbox's trade stream is deterministic per strategy and day and never reaches
// past the moment asked; the copytrading.stats job syncs and computes a tenant once however often and wherever it
// runs (twice, twice at once, on two instances), does nothing within 15 minutes and recomputes after; rankings rank
// by ROI among the qualified only, at most 100, the same for a visitor and a member; the strategies' filters and
// sorts; not_found; an unknown period refused; a tenant without spot or futures answers not_found; the demo data.
// Runs on PGlite and on PostgreSQL (where the second instance is a second connection pool, as a second process).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Big from 'big.js';
import { and, count, eq, inArray } from 'drizzle-orm';
import { copyStatsPasses, strategies, strategyStats, strategyTrades, tenantModules, tenants } from '../../server/db/schema';
import { periodStart, periodStats, rankingPeriods, rankingTop } from '../../domain/copy-trading';
import { copyStatsRefresh } from '../../domain/timing';
import { runCopyStatsJob, statsPass } from '../../server/modules/trading/copy-stats';
import { syncStrategyTrades } from '../../server/modules/trading/copy-sync';
import { sandboxAdapter } from '../../server/modules/trading/sandbox-adapter';
import { sandboxClosedTrades } from '../../server/modules/trading/sandbox-trades';
import { createTestDatabase, databaseName, startInstance, testDatabaseUrl } from './harness';
import { newMember } from './members';
import { graphqlAs } from './requests';

let fresh: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let server: Awaited<ReturnType<typeof startInstance>>;
let second: Awaited<ReturnType<typeof startInstance>>;
let demoUuid: string;

const day = 86_400_000;
type Answer = { data?: any; errors?: { message: string; extensions?: Record<string, any> }[] };
const categoryOf = (answer: Answer) => answer.errors?.[0]?.extensions?.category;

const statsFields = 'period roi_percent pnl max_drawdown_percent win_rate_percent trades runtime_days ranked rank computed_at';
const rankingsQuery = `query ($w: ID!, $p: String) { rankings(whitelabel_uuid: $w, period: $p) { period computed_at min_runtime_days min_trades
  entries { rank strategy_id strategy_name trader_name trader_avatar risk risk_level quote_asset stats { ${statsFields} } } } }`;
const rankingQuery = `query ($w: ID!, $id: ID!, $p: String) { ranking(whitelabel_uuid: $w, id: $id, period: $p) { period strategy_id strategy_name
  trader_name description risk risk_level quote_asset exchange_name started_at all_stats { ${statsFields} } equity { at equity } } }`;
const strategiesQuery = `query ($w: ID!, $p: String, $f: StrategyFilter) { copyTradingStrategies(whitelabel_uuid: $w, period: $p, filter: $f) {
  id name risk risk_level quote_asset followers capacity_left in_probation started_at min_deposit mine stats(period: "30d") { ${statsFields} } } }`;
const strategyQuery = `query ($w: ID!, $id: ID!, $p: String) { copyTradingStrategy(whitelabel_uuid: $w, id: $id, period: $p) { id name trader_name mine
  stats(period: "7d") { ${statsFields} } all_stats { period trades } equity(period: "6m") { at equity } recent_trades { id symbol side amount pnl closed_at } } }`;

const login = async (username: string) =>
  (await server.gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, { data: { username, password: 'Demo12345', whitelabel_uuid: demoUuid } })).data.login
    .access_token as string;

beforeAll(async () => {
  fresh = testDatabaseUrl ? await createTestDatabase() : undefined;
  server = await startInstance(fresh?.url);
  second = fresh ? await startInstance(fresh.url) : server;
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
}, 120_000);

afterAll(async () => {
  if (second !== server) await second?.close();
  await server?.close();
  await fresh?.drop();
});

let tenantCount = 0;
/** A tenant of its own with the spot module, a signed-in member of it and its GraphQL endpoint. */
async function ownTenant() {
  const subdomain = `ranks${Date.now().toString(36)}${(tenantCount += 1)}`;
  const [tenant] = await server.db.insert(tenants).values({ name: `Ranks ${tenantCount}`, subdomain }).returning();
  await server.db.insert(tenantModules).values({ tenantId: tenant!.id, module: 'spot' });
  const { member, token } = await newMember(server.db, { tenantId: tenant!.id, prefix: 'ranks' });
  return { tenant: tenant!, member, token, gql: graphqlAs(server.db, { host: `${subdomain}.localhost` }) };
}

type NewStrategy = Partial<typeof strategies.$inferInsert> & { tenantId: number; userId: number };
const addStrategy = async (values: NewStrategy) =>
  (
    await server.db
      .insert(strategies)
      .values({ name: 'Test strategy', risk: 2, exchange: 'binance', minDeposit: '100', maxFollowers: 10, startEquity: '1000', startedAt: new Date(Date.now() - 40 * day), ...values })
      .returning()
  )[0]!;

const tradesOf = (strategyId: string) => server.db.select().from(strategyTrades).where(eq(strategyTrades.strategyId, strategyId));
const statsOf = (strategyId: string) => server.db.select().from(strategyStats).where(eq(strategyStats.strategyId, strategyId));

describe(`the sandbox's trade stream on ${databaseName}`, () => {
  const source = { strategyId: '5c0a7e00-0032-4c0d-8e00-00000000f001', exchange: 'binance', quoteAsset: 'USDT', risk: 2, startEquity: '10000', startedAt: new Date('2026-01-10T06:00:00Z'), credentials: null };

  it('gives the same trades for the same strategy and days, however the time is cut, none before the start or after the end', async () => {
    const from = new Date('2026-01-01T00:00:00Z');
    const to = new Date('2026-03-01T12:34:56Z');
    const whole = await sandboxAdapter.closedTrades(source, from, to);
    expect(await sandboxAdapter.closedTrades(source, from, to)).toEqual(whole);
    const middle = new Date('2026-02-03T17:00:00Z');
    expect([...sandboxClosedTrades(source, from, middle), ...sandboxClosedTrades(source, middle, to)]).toEqual(whole);
    expect(whole.length).toBeGreaterThan(50 * 1);
    expect(whole.every((trade) => trade.openedAt >= source.startedAt && trade.closedAt > from && trade.closedAt <= to && trade.openedAt < trade.closedAt)).toBe(true);
    expect(new Set(whole.map((trade) => trade.externalId)).size).toBe(whole.length);
    for (const trade of whole) {
      for (const value of [trade.amount, trade.openPrice, trade.closePrice, trade.pnl]) expect(value).toMatch(/^-?\d+(\.\d{1,8})?$/);
      expect(new Big(trade.closePrice).minus(trade.openPrice).times(trade.amount).times(trade.side === 'buy' ? 1 : -1).round(8, Big.roundHalfUp).eq(trade.pnl)).toBe(true);
    }
    // Another strategy's stream differs; a young strategy (started yesterday) has only a day's trades.
    expect(sandboxClosedTrades({ ...source, strategyId: '5c0a7e00-0032-4c0d-8e00-00000000f002' }, from, to)).not.toEqual(whole);
    const young = sandboxClosedTrades({ ...source, startedAt: new Date(to.getTime() - day) }, from, to);
    expect(young.length).toBeLessThanOrEqual(8);
    expect(young.every((trade) => trade.closedAt.getTime() > to.getTime() - day)).toBe(true);
  });

  it('stakes more on a higher risk', () => {
    const from = new Date('2026-01-10T06:00:00Z');
    const to = new Date('2026-04-10T06:00:00Z');
    const staked = (risk: number) =>
      sandboxClosedTrades({ ...source, risk }, from, to)
        .reduce((sum, trade) => sum.plus(new Big(trade.amount).times(trade.openPrice)), new Big(0))
        .div(sandboxClosedTrades({ ...source, risk }, from, to).length);
    expect(staked(1).lt(staked(2))).toBe(true);
    expect(staked(2).lt(staked(3))).toBe(true);
  });
});

describe(`the copytrading.stats job on ${databaseName}`, () => {
  it('syncs and computes a tenant once when run twice, and twice at once on two instances; within 15 minutes it does nothing, after it recomputes', async () => {
    const { tenant, member } = await ownTenant();
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const risky = await addStrategy({ tenantId: tenant.id, userId: member.id, risk: 3, startEquity: '5000', startedAt: new Date(now.getTime() - 200 * day) });
    const calm = await addStrategy({ tenantId: tenant.id, userId: member.id, risk: 1, startEquity: '20000', startedAt: new Date(now.getTime() - 20 * day) });
    const passes = await Promise.all([statsPass(server.db, tenant.id, now, sandboxAdapter), statsPass(second.db, tenant.id, now, sandboxAdapter)]);
    expect(passes.filter(Boolean)).toHaveLength(1);
    expect(await statsPass(server.db, tenant.id, now, sandboxAdapter)).toBeNull();
    for (const strategy of [risky, calm]) {
      const expected = sandboxClosedTrades({ ...strategy, strategyId: strategy.id, credentials: null }, strategy.startedAt, now);
      const stored = await tradesOf(strategy.id);
      expect(stored.map((trade) => trade.externalId).sort()).toEqual(expected.map((trade) => trade.externalId).sort());
      // Each figure is domain periodStats over the period's trades, from the equity at its start.
      const rows = await statsOf(strategy.id);
      expect(rows.map((row) => row.period).sort()).toEqual([...rankingPeriods].sort());
      for (const row of rows) {
        const start = periodStart(row.period, now);
        const before = expected.filter((trade) => trade.closedAt <= start).reduce((sum, trade) => sum.plus(trade.pnl), new Big(strategy.startEquity));
        const figures = periodStats(before.toFixed(), expected.filter((trade) => trade.closedAt > start).map((trade) => ({ pnl: trade.pnl, closed_at: trade.closedAt })));
        expect(new Big(row.roiPercent).eq(figures.roi_percent) && new Big(row.pnl).eq(figures.pnl) && new Big(row.maxDrawdownPercent).eq(figures.max_drawdown_percent)).toBe(true);
        expect(row.trades).toBe(figures.trades);
        expect(row.computedAt).toEqual(now);
        expect(row.equity.length).toBeLessThanOrEqual(200);
        expect(new Big(row.equity.at(-1)!.equity).eq(before.plus(figures.pnl))).toBe(true);
      }
    }
    // 200 days of a risky strategy: a curve thinned to 200 points, its first at the period's start.
    const [sixMonths] = (await statsOf(risky.id)).filter((row) => row.period === '6m');
    expect(sixMonths!.equity).toHaveLength(200);
    expect(sixMonths!.equity[0]!.at).toBe(periodStart('6m', now).toISOString());
    // The calm one runs 20 days: ranked for 24h-7d where it traded enough, never for 30d and longer.
    expect((await statsOf(calm.id)).filter((row) => row.ranked).every((row) => ['24h', '48h', '7d'].includes(row.period))).toBe(true);
    expect((await statsOf(calm.id)).every((row) => row.runtimeDays === 20)).toBe(true);

    const tradeCount = (await tradesOf(risky.id)).length;
    const soon = new Date(now.getTime() + copyStatsRefresh - 60_000);
    expect(await statsPass(server.db, tenant.id, soon, sandboxAdapter)).toBeNull();
    expect((await tradesOf(risky.id)).length).toBe(tradeCount);
    expect((await statsOf(risky.id)).every((row) => row.computedAt.getTime() === now.getTime())).toBe(true);

    const later = new Date(now.getTime() + copyStatsRefresh);
    const again = await Promise.all([statsPass(second.db, tenant.id, later, sandboxAdapter), statsPass(server.db, tenant.id, later, sandboxAdapter)]);
    expect(again.filter(Boolean)).toHaveLength(1);
    const inWindow = sandboxClosedTrades({ ...risky, strategyId: risky.id, credentials: null }, now, later).length;
    expect(again.find(Boolean)!.synced).toBe(inWindow + sandboxClosedTrades({ ...calm, strategyId: calm.id, credentials: null }, now, later).length);
    expect((await tradesOf(risky.id)).length).toBe(tradeCount + inWindow);
    expect((await statsOf(risky.id)).every((row) => row.computedAt.getTime() === later.getTime())).toBe(true);
    const [pass] = await server.db.select().from(copyStatsPasses).where(eq(copyStatsPasses.tenantId, tenant.id));
    expect(pass).toMatchObject({ claimedAt: later, computedAt: later });

    // A sync read again from the strategy's start stores nothing twice.
    const [risk] = await server.db.update(strategies).set({ syncedUntil: null }).where(eq(strategies.id, risky.id)).returning();
    expect(await syncStrategyTrades(server.db, sandboxAdapter, risk!, later)).toBe(0);
    expect((await tradesOf(risky.id)).length).toBe(tradeCount + inWindow);
  });

  it('runs as a named job, once per tenant however many run it at once', async () => {
    const { tenant, member } = await ownTenant();
    await addStrategy({ tenantId: tenant.id, userId: member.id });
    const now = new Date();
    await Promise.all([runCopyStatsJob(server.db, now, sandboxAdapter), runCopyStatsJob(second.db, now, sandboxAdapter)]);
    const [pass] = await server.db.select().from(copyStatsPasses).where(eq(copyStatsPasses.tenantId, tenant.id));
    expect(pass!.computedAt).toEqual(now);
    const outcome = await runCopyStatsJob(server.db, now, sandboxAdapter);
    expect(outcome).toEqual({ passes: 0, synced: 0, strategies: 0 });
  });
});

describe(`rankings on ${databaseName}`, () => {
  it('rank each period by ROI among the qualified only (runtime and trades), at most 100, the same for a visitor and a member', async () => {
    const { tenant, member, token, gql } = await ownTenant();
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    // Each strategy closes `count` trades of `pnl` in the last 24 hours; synced up to now, so the pass reads nothing new.
    const make = async (name: string, runtimeDays: number, count: number, pnl: string, startEquity = '1000') => {
      const strategy = await addStrategy({ tenantId: tenant.id, userId: member.id, name, startEquity, startedAt: new Date(now.getTime() - runtimeDays * day), syncedUntil: now });
      if (count > 0) {
        await server.db.insert(strategyTrades).values(
          Array.from({ length: count }, (_, index) => ({
            strategyId: strategy.id,
            externalId: `t${index}`,
            symbol: 'BTC/USDT',
            side: 'buy',
            amount: '0.01',
            openPrice: '60000',
            closePrice: '60100',
            pnl,
            openedAt: new Date(now.getTime() - (index + 2) * 3_600_000),
            closedAt: new Date(now.getTime() - (index + 1) * 3_600_000),
          })),
        );
      }
      return strategy;
    };
    const best = await make('Best', 10, 3, '100');
    const second10 = await make('Second', 10, 4, '25');
    const tooYoung = await make('Too young', 5, 6, '500');
    const tooFew = await make('Too few trades', 30, 2, '400');
    const losing = await make('Losing', 8, 3, '-10');
    const fillers = [];
    for (let index = 0; index < rankingTop; index += 1) fillers.push(await make(`Filler ${String(index).padStart(3, '0')}`, 9, 3, String(1 + (index % 20))));
    expect(await statsPass(server.db, tenant.id, now, sandboxAdapter)).toEqual({ synced: 0, strategies: 105 });

    const visitor = await gql(rankingsQuery, { w: tenant.uuid, p: '24h' });
    const signedIn = await gql(rankingsQuery, { w: tenant.uuid, p: '24h' }, token);
    expect(signedIn).toEqual(visitor);
    const ranking = visitor.data.rankings;
    expect(ranking).toMatchObject({ period: '24h', computed_at: now.toISOString(), min_runtime_days: 7, min_trades: 3 });
    expect(ranking.entries).toHaveLength(rankingTop);
    expect(ranking.entries.map((entry: { rank: number }) => entry.rank)).toEqual(Array.from({ length: rankingTop }, (_, index) => index + 1));
    expect(ranking.entries[0]).toMatchObject({ strategy_id: best.id, strategy_name: 'Best', trader_name: member.name, risk: 2, risk_level: 'medium', quote_asset: 'USDT' });
    expect(ranking.entries[0].stats).toMatchObject({ period: '24h', roi_percent: '30.00', trades: 3, runtime_days: 10, ranked: true, rank: 1, win_rate_percent: '100.00' });
    expect(ranking.entries[1].strategy_id).toBe(second10.id);
    const rois = ranking.entries.map((entry: { stats: { roi_percent: string } }) => new Big(entry.stats.roi_percent));
    expect(rois.every((roi: Big, index: number) => index === 0 || roi.lte(rois[index - 1]))).toBe(true);
    const listed = new Set(ranking.entries.map((entry: { strategy_id: string }) => entry.strategy_id));
    // The unqualified are not listed; the losing one is qualified but 103rd.
    for (const strategy of [tooYoung, tooFew, losing]) expect(listed.has(strategy.id)).toBe(false);
    const stats = async (id: string, period: string) => (await statsOf(id)).find((row) => row.period === period)!;
    expect(await stats(tooYoung.id, '24h')).toMatchObject({ ranked: false, rank: null, trades: 6 });
    expect(await stats(tooFew.id, '24h')).toMatchObject({ ranked: false, rank: null, trades: 2 });
    expect(await stats(losing.id, '24h')).toMatchObject({ ranked: true, rank: null });
    // 7 days need 14 days of runtime: only "Too few trades" has them, with 2 trades of 10. Nobody is ranked.
    expect((await gql(rankingsQuery, { w: tenant.uuid, p: '7d' })).data.rankings).toMatchObject({ period: '7d', min_runtime_days: 14, min_trades: 10, entries: [] });
    // 30d when no period is given.
    expect((await gql(rankingsQuery, { w: tenant.uuid })).data.rankings.period).toBe('30d');

    const detail = (await gql(rankingQuery, { w: tenant.uuid, id: best.id, p: '24h' })).data.ranking;
    expect(detail).toMatchObject({ period: '24h', strategy_id: best.id, strategy_name: 'Best', exchange_name: 'Binance', risk_level: 'medium' });
    expect(detail.all_stats.map((row: { period: string }) => row.period)).toEqual([...rankingPeriods]);
    expect(detail.equity.map((point: { equity: string }) => point.equity)).toEqual(['1000', '1100', '1200', '1300']);
    expect(await gql(rankingQuery, { w: tenant.uuid, id: best.id, p: '24h' }, token)).toEqual({ data: { ranking: detail } });
  });

  it('answer before the first pass with no entry and no time', async () => {
    const { tenant, gql } = await ownTenant();
    expect((await gql(rankingsQuery, { w: tenant.uuid, p: '48h' })).data.rankings).toEqual({ period: '48h', computed_at: null, min_runtime_days: 7, min_trades: 5, entries: [] });
  });
});

describe(`the demo's copy trading on ${databaseName}`, () => {
  const id = (n: number) => `5c0a7e00-0032-4c0d-8e00-0000000000${String(n).padStart(2, '0')}`;

  it('has 12 strategies with figures from the seed\'s pass: 05 full, 06 in probation, 01 and 02 trader@example.com\'s', async () => {
    const list = (await server.gql(strategiesQuery, { w: demoUuid })).data.copyTradingStrategies;
    expect(list.map((strategy: { id: string }) => strategy.id).sort()).toEqual(Array.from({ length: 12 }, (_, index) => id(index + 1)));
    const byId = (n: number) => list.find((strategy: { id: string }) => strategy.id === id(n));
    expect(byId(5)).toMatchObject({ capacity_left: 0, in_probation: false });
    expect(byId(6)).toMatchObject({ in_probation: true });
    expect(byId(2).name).toBe('Momentum Alts');
    expect(new Set(list.map((strategy: { risk: number }) => strategy.risk))).toEqual(new Set([1, 2, 3]));
    expect(list.filter((strategy: { quote_asset: string }) => strategy.quote_asset === 'USDC').length).toBeGreaterThanOrEqual(1);
    expect(list.every((strategy: { stats: { trades: number } }) => strategy.stats.trades > 0)).toBe(true);
    expect(list.every((strategy: { mine: boolean }) => !strategy.mine)).toBe(true);
    const ranking = (await server.gql(rankingsQuery, { w: demoUuid, p: '30d' })).data.rankings;
    expect(ranking.computed_at).not.toBeNull();
    expect(ranking.entries.length).toBeGreaterThanOrEqual(5);

    const token = await login('trader@example.com');
    const mine = (await server.gql(strategiesQuery, { w: demoUuid }, token)).data.copyTradingStrategies.filter((strategy: { mine: boolean }) => strategy.mine);
    expect(mine.map((strategy: { id: string }) => strategy.id).sort()).toEqual([id(1), id(2)]);
    expect(byId(1).followers).toBeGreaterThanOrEqual(2);
  });

  it('answers one strategy with its figures, its curve and its latest trades, newest first', async () => {
    const answer = (await server.gql(strategyQuery, { w: demoUuid, id: id(3), p: '7d' })).data.copyTradingStrategy;
    expect(answer).toMatchObject({ id: id(3), mine: false, stats: { period: '7d' } });
    expect(answer.all_stats.map((row: { period: string }) => row.period)).toEqual([...rankingPeriods]);
    expect(answer.equity.length).toBeGreaterThan(1);
    expect(answer.equity.length).toBeLessThanOrEqual(200);
    expect(answer.recent_trades.length).toBe(50);
    const closed = answer.recent_trades.map((trade: { closed_at: string }) => trade.closed_at);
    expect([...closed].sort().reverse()).toEqual(closed);
  });

  it('filters by risk, quote asset and open places, and sorts by ROI, PnL, drawdown, followers and age', async () => {
    const ask = async (filter: Record<string, unknown>, period = '30d') => (await server.gql(strategiesQuery, { w: demoUuid, p: period, f: filter })).data.copyTradingStrategies;
    expect((await ask({ risk: 2 })).every((strategy: { risk: number }) => strategy.risk === 2)).toBe(true);
    expect((await ask({ quote_asset: 'usdc' })).map((strategy: { quote_asset: string }) => strategy.quote_asset)).toEqual(['USDC', 'USDC']);
    const open = (await ask({ open_only: true })).map((strategy: { id: string }) => strategy.id);
    expect(open).toHaveLength(10);
    expect(open).not.toContain(id(5));
    expect(open).not.toContain(id(6));
    const ordered = async (sort: string, value: (strategy: any) => Big | number, direction: 1 | -1) => {
      const values = (await ask({ sort })).map(value);
      const sorted = [...values].sort((a, b) => direction * (typeof a === 'number' ? a - (b as number) : (a as Big).cmp(b as Big)));
      expect(values.map(String)).toEqual(sorted.map(String));
    };
    await ordered('roi', (strategy) => new Big(strategy.stats.roi_percent), -1);
    await ordered('pnl', (strategy) => new Big(strategy.stats.pnl), -1);
    await ordered('drawdown', (strategy) => new Big(strategy.stats.max_drawdown_percent), 1);
    await ordered('followers', (strategy) => strategy.followers, -1);
    await ordered('newest', (strategy) => Date.parse(strategy.started_at), -1);
    expect((await ask({ risk: 3, sort: 'newest', quote_asset: 'USDT', open_only: true })).every((strategy: { risk: number }) => strategy.risk === 3)).toBe(true);
    const refused = await server.gql(strategiesQuery, { w: demoUuid, f: { risk: 4, sort: 'luck' } });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ category: 'validation', codes: { 'filter.risk': ['maxValue:3'], 'filter.sort': ['choice'] } });
  });

  it('names an unknown strategy not_found and refuses an unknown period with the code choice', async () => {
    for (const unknown of ['5c0a7e00-0032-4c0d-8e00-0000000000ff', 'not-a-uuid']) {
      const answer = await server.gql(strategyQuery, { w: demoUuid, id: unknown });
      expect(answer.errors?.[0]?.extensions).toMatchObject({ category: 'not_found', reason: 'AccountNotFound' });
      expect((await server.gql(rankingQuery, { w: demoUuid, id: unknown })).errors?.[0]?.extensions).toMatchObject({ category: 'not_found', reason: 'AccountNotFound' });
    }
    for (const [query, variables] of [
      [rankingsQuery, { p: '1y' }],
      [strategiesQuery, { p: '30D' }],
      [rankingQuery, { id: id(1), p: '90d' }],
      [strategyQuery, { id: id(1), p: '' }],
    ] as const) {
      const answer = await server.gql(query, { w: demoUuid, ...variables });
      expect(answer.errors?.[0]?.extensions).toMatchObject({ category: 'validation', codes: { period: ['choice'] } });
    }
    const field = await server.gql(`query ($w: ID!, $id: ID!) { copyTradingStrategy(whitelabel_uuid: $w, id: $id) { stats(period: "5d") { trades } } }`, { w: demoUuid, id: id(1) });
    expect(field.errors?.[0]?.extensions).toMatchObject({ category: 'validation', codes: { period: ['choice'] } });
  });

  it('is not_found on a tenant without the spot or futures module, for visitors and members alike', async () => {
    const [acme] = await server.db.select().from(tenants).where(eq(tenants.subdomain, 'acme'));
    const modules = await server.db.select().from(tenantModules).where(and(eq(tenantModules.tenantId, acme!.id), inArray(tenantModules.module, ['spot', 'futures'])));
    expect(modules).toEqual([]);
    const { token } = await newMember(server.db, { tenantId: acme!.id, prefix: 'ranks-acme' });
    const gql = graphqlAs(server.db, { host: 'acme.localhost' });
    for (const [query, variables] of [
      [rankingsQuery, {}],
      [rankingQuery, { id: id(1) }],
      [strategiesQuery, {}],
      [strategyQuery, { id: id(1) }],
    ] as const) {
      expect(categoryOf(await gql(query, { w: acme!.uuid, ...variables }))).toBe('not_found');
      expect(categoryOf(await gql(query, { w: acme!.uuid, ...variables }, token))).toBe('not_found');
    }
    const [acmeStrategies] = await server.db.select({ value: count() }).from(strategies).where(eq(strategies.tenantId, acme!.id));
    expect(acmeStrategies!.value).toBe(0);
  });
});
