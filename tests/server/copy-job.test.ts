// The copytrading.connections job (issue 32): the 24-hour expiry of requests not reviewed happens once (the job run
// twice, and twice at once through two instances); strategy trades are copied onto each active connection exactly
// once under parallel passes, at the connection's lot size, never onto a paused one nor the trades of its pause; the
// drawdown stop happens once; members whose trading is suspended or whose trader fees are 3 days overdue have their
// connections suspended once. Runs on PGlite and on PostgreSQL (the second instance a second connection pool).
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { copiedTrades, copyConnections, linkRequests, users } from '../../server/db/schema';
import { runConnectionsJob } from '../../server/modules/trading/copy-job';
import { copiedPnl } from '../../domain/copy-trading';
import { databaseName } from './harness';
import { listen, testConfig } from './requests';
import { day, hour, openWorld, ops, type World } from './copy-world';

let world: World;

beforeAll(async () => {
  world = await openWorld();
}, 120_000);

afterAll(async () => {
  await world?.close();
});

type Outcome = Awaited<ReturnType<typeof runConnectionsJob>>;
const total = (outcomes: Outcome[], what: keyof Outcome) => outcomes.reduce((sum, outcome) => sum + outcome[what], 0);
/** Passes of the job at `at`: `parallel` at once, alternating between the two instances. */
const passes = (at: Date, parallel: number) =>
  Promise.all(Array.from({ length: parallel }, (_, n) => runConnectionsJob((n % 2 ? world.second : world.server).db, at, testConfig())));
const connectionRow = async (id: string) => (await world.db.select().from(copyConnections).where(eq(copyConnections.id, id)))[0]!;

describe(`the copytrading.connections job on ${databaseName}`, () => {
  it('expires the requests not reviewed in 24 hours once: not before, and once though run twice and twice at once', async () => {
    const boss = await world.trader();
    const asked = await Promise.all([1, 2, 3].map(() => world.requested(boss.strategy.id)));
    const ids = asked.map((who) => who.request.id);
    const start = Date.now();
    // The demo's pending requests fall due within 24 hours of seeding: keep them out of this count.
    await world.db
      .update(linkRequests)
      .set({ reviewDeadline: new Date(start + 1000 * day) })
      .where(and(eq(linkRequests.status, 'pending'), notInArray(linkRequests.id, ids)));
    expect((await runConnectionsJob(world.db, new Date(start + 23 * hour), testConfig())).expired).toBe(0);
    const at = new Date(start + 25 * hour);
    const outcomes = [...(await passes(at, 2)), await runConnectionsJob(world.db, at, testConfig())];
    // Through the dev control too, as the server registers it.
    const dev = await listen(world.db);
    try {
      const answer = await dev.send('/dev/jobs/run', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ job: 'copytrading.connections', at: at.toISOString() }) });
      expect(JSON.parse(answer.body)).toMatchObject({ job: 'copytrading.connections', did: { expired: 0 } });
    } finally {
      await dev.close();
    }
    expect(total(outcomes, 'expired')).toBe(3);
    const rows = await world.db.select().from(linkRequests).where(inArray(linkRequests.id, ids));
    expect(rows.map((row) => [row.status, row.expired, row.decidedAt?.getTime()])).toEqual(Array(3).fill(['failed', true, at.getTime()]));
    const answer = await world.gql(ops.decide, { id: ids[0], accept: true }, boss.token);
    expect(answer.errors?.[0]?.extensions?.reason).toBe('RequestDecided');
    // The places they held are free again.
    expect((await world.requested(boss.strategy.id)).request.status).toBe('pending');
  });

  it('copies each trade onto each active connection exactly once under parallel passes, at its lot size; none onto a paused one', async () => {
    const boss = await world.trader();
    const lots = [100, 50, 200, 100];
    const ids: string[] = [];
    let pausedToken = '';
    await world.trades(boss.strategy.id, ['99'], new Date(Date.now() - hour));
    for (const lot of lots) {
      const who = await world.requested(boss.strategy.id, { lot_size_percent: lot });
      ids.push((await world.gql(ops.decide, { id: who.request.id, accept: true }, boss.token)).data.investorRequestDecide.connection_id);
      pausedToken = who.token;
    }
    await world.gql(ops.pause, { id: ids[3] }, pausedToken);
    const pnls = ['12.5', '-3.33333333', '7', '-1.1', '20.12345678', '0.00000001'];
    const [first] = await world.trades(boss.strategy.id, pnls, new Date());
    const at = new Date(Date.now() + 60_000);
    const outcomes = [...(await passes(at, 4)), ...(await passes(at, 1))];
    expect(total(outcomes, 'copied')).toBe(3 * pnls.length);
    for (const [n, id] of ids.entries()) {
      const copied = await world.db.select().from(copiedTrades).where(eq(copiedTrades.connectionId, id));
      const row = await connectionRow(id);
      if (n === 3) {
        expect([copied.length, row.tradeCount, row.status]).toEqual([0, 0, 'paused']);
        continue;
      }
      const expected = pnls.reduce((sum, pnl) => sum.plus(copiedPnl(pnl, lots[n]!)), new Big(0));
      expect([copied.length, row.tradeCount, row.pnl]).toEqual([pnls.length, pnls.length, expected.toFixed(8)]);
      expect(copied.map((trade) => trade.amount)).toEqual(Array(pnls.length).fill(new Big('0.5').times(lots[n]!).div(100).toFixed(8)));
    }
    // Resumed, it copies what is synced from then on: none of its pause's trades.
    expect((await world.gql(ops.resume, { id: ids[3] }, pausedToken)).data.connectionResume.status).toBe('active');
    expect((await connectionRow(ids[3]!)).copyFrom!.getTime()).toBeGreaterThan(first!.syncedAt.getTime());
    await world.trades(boss.strategy.id, ['5'], new Date());
    expect(total(await passes(new Date(Date.now() + 60_000), 2), 'copied')).toBe(4);
    const resumed = await connectionRow(ids[3]!);
    expect([resumed.tradeCount, resumed.pnl]).toEqual([1, '5.00000000']);
    const shown = (await world.gql(ops.connection.replace('request_id }', 'request_id trades { pnl amount symbol side strategy_trade_id } }'), { id: ids[1] }, boss.token)).data.connection;
    expect(shown.trades).toHaveLength(pnls.length + 1);
    expect(shown.trades[0]).toMatchObject({ pnl: '2.50000000', amount: '0.25000000', symbol: 'BTC/USDT' });
  });

  it('stops a connection at its drawdown limit once, copying nothing after the trade that reached it', async () => {
    const { connectionId: id, trader } = await world.connected({ max_drawdown_percent: 10 });
    // From 5,000: +500 (peak 5,500), -300 (5.45 %), -400 (4,800: 12.73 %, stop), -100 never copied.
    await world.trades(trader.strategy.id, ['500', '-300', '-400', '-100'], new Date(Date.now() + 60_000));
    const at = new Date(Date.now() + 2 * 60_000);
    const outcomes = [...(await passes(at, 2)), await runConnectionsJob(world.db, at, testConfig())];
    expect(total(outcomes, 'stopped')).toBe(1);
    const row = await connectionRow(id);
    expect(row).toMatchObject({ status: 'drawdown exceeded', tradeCount: 3, pnl: '-200.00000000', equityPeak: '5500.00000000', drawdownPercent: '12.73' });
    expect(row.stoppedAt?.getTime()).toBe(at.getTime());
    await runConnectionsJob(world.db, new Date(at.getTime() + hour), testConfig());
    expect(await connectionRow(id)).toEqual(row);
  });

  it('suspends the live connections of members whose trading is suspended or whose trader fees are 3 days overdue, once', async () => {
    const flagged = await world.connected();
    const owing = await world.connected();
    const late = await world.connected();
    const now = Date.now();
    await world.db.update(users).set({ tradingSuspendedAt: new Date(now) }).where(eq(users.id, flagged.follower.member.id));
    await world.db.update(users).set({ overdueTraderFeeInvoices: 1, overdueTraderFeesSince: new Date(now - 4 * day) }).where(eq(users.id, owing.follower.member.id));
    await world.db.update(users).set({ overdueTraderFeeInvoices: 1, overdueTraderFeesSince: new Date(now - 2 * day) }).where(eq(users.id, late.follower.member.id));
    await world.gql(ops.pause, { id: owing.connectionId }, owing.follower.token);
    const outcomes = [...(await passes(new Date(now), 2)), await runConnectionsJob(world.db, new Date(now), testConfig())];
    expect(total(outcomes, 'suspended')).toBe(2);
    const states = await Promise.all([flagged, owing, late].map(async ({ connectionId }) => {
      const row = await connectionRow(connectionId);
      return [row.status, row.suspensionCause];
    }));
    expect(states).toEqual([
      ['suspended', 'trading_suspended'],
      ['suspended', 'overdue_invoices'],
      ['active', null],
    ]);
  });
});
