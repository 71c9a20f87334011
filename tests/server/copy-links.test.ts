// Copy trading's link requests and the trader's decision (issue 32): each refusal of domain linkRefusal with its
// text, AccountNotFound and validation; one request per idempotency key and one member for the last place under
// parallel requests; accept (a pending connection whose key the sandbox links at once), decline with a reason, the
// same decision repeated answering as it is, RequestDecided and StrategyFull. Runs on PGlite and on PostgreSQL,
// where the parallel calls go through two instances (two connection pools, as two server processes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { copyConnections, exchangeAccounts, linkRequests, strategies, users } from '../../server/db/schema';
import { runConnectionsJob } from '../../server/modules/trading/copy-job';
import { databaseName } from './harness';
import { categoryOf, day, fieldsOf, hour, openWorld, ops, reasonOf, type Answer, type World } from './copy-world';

let world: World;

beforeAll(async () => {
  world = await openWorld();
}, 120_000);

afterAll(async () => {
  await world?.close();
});

const link = (token: string, strategyId: string, accountId: string, settings?: Record<string, unknown>, key?: string, on = world.server) =>
  world.gql(ops.link, { s: strategyId, a: accountId, set: settings, k: key }, token, on);

const requestsOf = (userId: number) => world.db.select().from(linkRequests).where(eq(linkRequests.userId, userId));

describe(`asking to follow a strategy on ${databaseName}`, () => {
  it('stores a pending request with the default settings and a review deadline 24 hours away', async () => {
    const { strategy } = await world.trader();
    const who = await world.follower();
    const before = Date.now();
    const answer = await link(who.token, strategy.id, who.account.id);
    expect(answer.errors).toBeUndefined();
    const request = answer.data.copyTradingLinkRequest;
    expect(request).toMatchObject({
      strategy_id: strategy.id,
      strategy_name: strategy.name,
      account_id: who.account.id,
      account_name: who.account.name,
      exchange: 'binance',
      member_name: who.member.name,
      status: 'pending',
      settings: { lot_size_percent: 100, max_drawdown_percent: null, quote_asset: 'USDT' },
      decided_at: null,
      expired: false,
      connection_id: null,
    });
    const deadline = new Date(request.review_deadline).getTime() - new Date(request.created_at).getTime();
    expect(deadline).toBe(24 * hour);
    expect(new Date(request.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps the settings given: lot size, drawdown limit, the quote asset', async () => {
    const { strategy } = await world.trader();
    const who = await world.follower();
    const answer = await link(who.token, strategy.id, who.account.id, { lot_size_percent: 50, max_drawdown_percent: 20, quote_asset: 'USDT' });
    expect(answer.data.copyTradingLinkRequest.settings).toEqual({ lot_size_percent: 50, max_drawdown_percent: 20, quote_asset: 'USDT' });
  });

  it('refuses each case of linkRefusal with its reason and the server text, storing nothing', async () => {
    const refusal = async (answer: Answer) => [categoryOf(answer), reasonOf(answer), answer.errors?.[0]?.message];
    const boss = await world.trader();
    const ownAccount = await world.account(boss.member.id);
    // OwnStrategy: the trader's own account (with linkings) asks to follow their own strategy.
    expect(await refusal(await link(boss.token, boss.strategy.id, ownAccount.id))).toEqual([
      'conflict',
      'OwnStrategy',
      "This is your own strategy: follow it with another member's account, not yours.",
    ]);
    const young = await world.trader({ probationUntil: new Date(Date.now() + 7 * day) });
    const who = await world.follower();
    expect(await refusal(await link(who.token, young.strategy.id, who.account.id))).toEqual([
      'conflict',
      'StrategyInProbation',
      'Linking is impossible during the probation period.',
    ]);
    const full = await world.trader({ maxFollowers: 1 });
    await world.requested(full.strategy.id);
    expect(await refusal(await link(who.token, full.strategy.id, who.account.id))).toEqual([
      'conflict',
      'StrategyFull',
      'A trader reached the maximum number of followers.',
    ]);
    const { strategy } = await world.trader({ minDeposit: '1000' });
    const owing = await world.follower();
    await world.db.update(users).set({ overdueTraderFeeInvoices: 1 }).where(eq(users.id, owing.member.id));
    expect(await refusal(await link(owing.token, strategy.id, owing.account.id))).toEqual([
      'conflict',
      'OverdueInvoices',
      'Copy trading suspended because of overdue invoices.',
    ]);
    const flagged = await world.follower();
    await world.db.update(users).set({ tradingSuspendedAt: new Date() }).where(eq(users.id, flagged.member.id));
    const notActive = ['conflict', 'AccountNotActive', 'Account not active: check the subscription and invoices.'];
    expect(await refusal(await link(flagged.token, strategy.id, flagged.account.id))).toEqual(notActive);
    const disconnected = await world.follower();
    await world.db.update(exchangeAccounts).set({ status: 'disconnected' }).where(eq(exchangeAccounts.id, disconnected.account.id));
    expect(await refusal(await link(disconnected.token, strategy.id, disconnected.account.id))).toEqual(notActive);
    // The Free Plan allows no linkings; a service with 1 is used up by one pending request.
    const free = await world.follower({ linkings: null });
    expect(reasonOf(await link(free.token, strategy.id, free.account.id))).toBe('LinkingLimitReached');
    const one = await world.follower({ linkings: 1 });
    expect((await link(one.token, strategy.id, one.account.id)).errors).toBeUndefined();
    const spare = await world.account(one.member.id);
    expect(await refusal(await link(one.token, (await world.trader()).strategy.id, spare.id))).toEqual([
      'conflict',
      'LinkingLimitReached',
      'Your services allow no more linkings to strategies. Upgrade your tariff to link this account.',
    ]);
    // AlreadyLinked: the account waits for an answer (and, below, serves a connection).
    const busy = await world.requested(strategy.id);
    expect(await refusal(await link(busy.token, (await world.trader()).strategy.id, busy.account.id))).toEqual([
      'conflict',
      'AlreadyLinked',
      "This account already follows a strategy or waits for a trader's answer. Choose another account.",
    ]);
    const { follower: following } = await world.connected();
    expect(reasonOf(await link(following.token, strategy.id, following.account.id))).toBe('AlreadyLinked');
    const poor = await world.follower({ balance: '999.99' });
    expect(await refusal(await link(poor.token, strategy.id, poor.account.id))).toEqual([
      'conflict',
      'BelowMinimumDeposit',
      "This account's balance is below the strategy's minimum deposit.",
    ]);
    // The balance is read in USDT: a USDC strategy's minimum cannot be told met.
    const usdc = await world.trader({ quoteAsset: 'USDC' });
    expect(reasonOf(await link(poor.token, usdc.strategy.id, (await world.account(poor.member.id, { balance: '90000' })).id))).toBe('BelowMinimumDeposit');
    for (const member of [who, owing, flagged, disconnected, free, poor]) expect(await requestsOf(member.member.id)).toEqual([]);
  });

  it('tells the first refusal when several hold (probation before a full strategy before overdue invoices)', async () => {
    const both = await world.trader({ maxFollowers: 0, probationUntil: new Date(Date.now() + day) });
    const owing = await world.follower();
    await world.db.update(users).set({ overdueTraderFeeInvoices: 2 }).where(eq(users.id, owing.member.id));
    expect(reasonOf(await link(owing.token, both.strategy.id, owing.account.id))).toBe('StrategyInProbation');
    await world.db.update(strategies).set({ probationUntil: null }).where(eq(strategies.id, both.strategy.id));
    expect(reasonOf(await link(owing.token, both.strategy.id, owing.account.id))).toBe('StrategyFull');
  });

  it("answers an unknown, closed or malformed strategy and another member's account as AccountNotFound", async () => {
    const { strategy } = await world.trader();
    const closed = await world.trader({ status: 'closed' });
    const who = await world.follower();
    const other = await world.follower();
    for (const [strategyId, accountId] of [
      ['00000000-0000-4000-8000-000000000000', who.account.id],
      [closed.strategy.id, who.account.id],
      ['12', who.account.id],
      [strategy.id, other.account.id],
      [strategy.id, 'not-an-id'],
    ] as const) {
      const answer = await link(who.token, strategyId, accountId);
      expect([categoryOf(answer), reasonOf(answer), answer.errors?.[0]?.message]).toEqual(['not_found', 'AccountNotFound', 'Account or strategy not found.']);
    }
  });

  it('names each invalid setting (lot size 1-500, drawdown 1-100, the strategy quote asset)', async () => {
    const { strategy } = await world.trader();
    const who = await world.follower();
    const answer = await link(who.token, strategy.id, who.account.id, { lot_size_percent: 501, max_drawdown_percent: 0, quote_asset: 'BTC' });
    expect(categoryOf(answer)).toBe('validation');
    expect(fieldsOf(answer)).toEqual(['lot_size_percent', 'max_drawdown_percent', 'quote_asset']);
    expect(answer.errors?.[0]?.extensions?.codes).toEqual({ lot_size_percent: ['maxValue:500'], max_drawdown_percent: ['minValue:1'], quote_asset: ['choice'] });
    expect(fieldsOf(await link(who.token, strategy.id, who.account.id, { lot_size_percent: 0 }))).toEqual(['lot_size_percent']);
    expect(await requestsOf(who.member.id)).toEqual([]);
  });

  it('makes one request of parallel asks under one idempotency key, and refuses the key for other settings', async () => {
    const { strategy } = await world.trader();
    const who = await world.follower();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => link(who.token, strategy.id, who.account.id, { lot_size_percent: 80 }, 'one-request', n % 2 ? world.second : world.server)),
    );
    expect(answers.map((answer) => answer.errors)).toEqual(Array(6).fill(undefined));
    expect(new Set(answers.map((answer) => answer.data.copyTradingLinkRequest.id)).size).toBe(1);
    expect(await requestsOf(who.member.id)).toHaveLength(1);
    expect(reasonOf(await link(who.token, strategy.id, who.account.id, { lot_size_percent: 90 }, 'one-request'))).toBe('IdempotencyKeyReused');
  });

  it('gives the last place to one of several members asking at once; the others are StrategyFull', async () => {
    const boss = await world.trader({ maxFollowers: 3 });
    const { strategy } = boss;
    const accepted = await world.requested(strategy.id);
    expect((await world.gql(ops.decide, { id: accepted.request.id, accept: true }, boss.token)).errors).toBeUndefined();
    await world.requested(strategy.id);
    const crowd = await Promise.all(Array.from({ length: 6 }, () => world.follower()));
    const answers = await Promise.all(crowd.map((who, n) => link(who.token, strategy.id, who.account.id, undefined, undefined, n % 2 ? world.second : world.server)));
    expect(answers.filter((answer) => answer.data?.copyTradingLinkRequest)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errors).map(reasonOf)).toEqual(Array(5).fill('StrategyFull'));
    const pending = await world.db.select().from(linkRequests).where(eq(linkRequests.strategyId, strategy.id));
    expect(pending).toHaveLength(3);
  });

  it("holds one member's linkings limit under parallel asks with different accounts", async () => {
    const who = await world.follower({ linkings: 2 });
    const accounts = [who.account, ...(await Promise.all([1, 2, 3].map(() => world.account(who.member.id))))];
    const targets = await Promise.all(accounts.map(() => world.trader()));
    const answers = await Promise.all(accounts.map((account, n) => link(who.token, targets[n]!.strategy.id, account.id, undefined, undefined, n % 2 ? world.second : world.server)));
    expect(answers.filter((answer) => answer.data?.copyTradingLinkRequest)).toHaveLength(2);
    expect(answers.filter((answer) => answer.errors).map(reasonOf)).toEqual(['LinkingLimitReached', 'LinkingLimitReached']);
  });
});

describe(`the trader's decision on ${databaseName}`, () => {
  it('accepts: a connection whose key the sandbox links at once, from the balance, key deadline 48 hours away; the same accept again answers as it is', async () => {
    const boss = await world.trader();
    const who = await world.requested(boss.strategy.id, { lot_size_percent: 200, max_drawdown_percent: 30 });
    const answer = await world.gql(ops.decide, { id: who.request.id, accept: true }, boss.token);
    expect(answer.errors).toBeUndefined();
    const decided = answer.data.investorRequestDecide;
    expect(decided).toMatchObject({ status: 'active', decline_reason: null });
    expect(decided.decided_at).not.toBeNull();
    const [row] = await world.db.select().from(copyConnections).where(eq(copyConnections.id, decided.connection_id));
    expect(row).toMatchObject({ status: 'active', requestId: who.request.id, userId: who.member.id, accountId: who.account.id, lotSizePercent: 200, maxDrawdownPercent: 30 });
    expect([row!.startEquity, row!.equityPeak, row!.pnl]).toEqual(['5000.00000000', '5000.00000000', '0.00000000']);
    expect(row!.keyDeadline!.getTime() - row!.createdAt.getTime()).toBe(48 * hour);
    expect(row!.linkedAt).not.toBeNull();
    const again = await world.gql(ops.decide, { id: who.request.id, accept: true }, boss.token);
    expect(again.data.investorRequestDecide).toEqual(decided);
    expect(reasonOf(await world.gql(ops.decide, { id: who.request.id, accept: false, reason: 'Changed my mind' }, boss.token))).toBe('RequestDecided');
    expect(await world.db.select().from(copyConnections).where(eq(copyConnections.requestId, who.request.id))).toHaveLength(1);
  });

  it('declines with a reason of 1-400 characters; the same decline again answers as it is; accepting it then is RequestDecided', async () => {
    const boss = await world.trader();
    const who = await world.requested(boss.strategy.id);
    for (const reason of [undefined, '   ', 'r'.repeat(401)]) {
      const answer = await world.gql(ops.decide, { id: who.request.id, accept: false, reason }, boss.token);
      expect([categoryOf(answer), fieldsOf(answer)]).toEqual(['validation', ['reason']]);
    }
    const declined = (await world.gql(ops.decide, { id: who.request.id, accept: false, reason: 'Your account is too small for this strategy.' }, boss.token)).data.investorRequestDecide;
    expect(declined).toMatchObject({ status: 'declined', decline_reason: 'Your account is too small for this strategy.', connection_id: null });
    expect((await world.gql(ops.decide, { id: who.request.id, accept: false, reason: 'Another reason' }, boss.token)).data.investorRequestDecide).toEqual(declined);
    expect(reasonOf(await world.gql(ops.decide, { id: who.request.id, accept: true }, boss.token))).toBe('RequestDecided');
  });

  it('makes one connection of parallel accepts', async () => {
    const boss = await world.trader();
    const who = await world.requested(boss.strategy.id);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, n) => world.gql(ops.decide, { id: who.request.id, accept: true }, boss.token, n % 2 ? world.second : world.server)));
    expect(answers.map((answer) => answer.errors)).toEqual(Array(5).fill(undefined));
    expect(new Set(answers.map((answer) => answer.data.investorRequestDecide.connection_id)).size).toBe(1);
    expect(await world.db.select().from(copyConnections).where(eq(copyConnections.requestId, who.request.id))).toHaveLength(1);
  });

  it('refuses an expired request (RequestDecided), accepting past max_followers (StrategyFull), and answers another member AccountNotFound', async () => {
    const boss = await world.trader({ maxFollowers: 3 });
    const late = await world.requested(boss.strategy.id);
    await world.db.update(linkRequests).set({ reviewDeadline: new Date(Date.now() - 1000) }).where(eq(linkRequests.id, late.request.id));
    expect(reasonOf(await world.gql(ops.decide, { id: late.request.id, accept: true }, boss.token))).toBe('RequestDecided');
    const first = await world.requested(boss.strategy.id);
    const third = await world.requested(boss.strategy.id);
    // The places were lowered below the requests waiting: an accept counts the connections only.
    await world.db.update(strategies).set({ maxFollowers: 1 }).where(eq(strategies.id, boss.strategy.id));
    expect((await world.gql(ops.decide, { id: first.request.id, accept: true }, boss.token)).errors).toBeUndefined();
    const full = await world.gql(ops.decide, { id: third.request.id, accept: true }, boss.token);
    expect([reasonOf(full), full.errors?.[0]?.message]).toEqual(['StrategyFull', 'A trader reached the maximum number of followers.']);
    const stranger = await world.follower();
    for (const token of [stranger.token, third.token]) {
      const answer = await world.gql(ops.decide, { id: third.request.id, accept: true }, token);
      expect([categoryOf(answer), reasonOf(answer)]).toEqual(['not_found', 'AccountNotFound']);
    }
  });

  it('leaves an accepted connection pending while its account is not connected; the job links it later, or fails it after 48 hours', async () => {
    const boss = await world.trader();
    const [one, two] = [await world.requested(boss.strategy.id), await world.requested(boss.strategy.id)];
    for (const who of [one, two]) await world.db.update(exchangeAccounts).set({ status: 'failed' }).where(eq(exchangeAccounts.id, who.account.id));
    const ids: string[] = [];
    for (const who of [one, two]) ids.push((await world.gql(ops.decide, { id: who.request.id, accept: true }, boss.token)).data.investorRequestDecide.connection_id);
    const statusOf = async (id: string) => (await world.db.select().from(copyConnections).where(eq(copyConnections.id, id)))[0]!.status;
    expect([await statusOf(ids[0]!), await statusOf(ids[1]!)]).toEqual(['pending', 'pending']);
    await world.db.update(exchangeAccounts).set({ status: 'connected' }).where(eq(exchangeAccounts.id, one.account.id));
    const soon = await runConnectionsJob(world.db, new Date(Date.now() + hour));
    expect(soon).toMatchObject({ linked: 1, failed: 0 });
    const late = await runConnectionsJob(world.db, new Date(Date.now() + 49 * hour));
    expect(late).toMatchObject({ linked: 0, failed: 1 });
    expect([await statusOf(ids[0]!), await statusOf(ids[1]!)]).toEqual(['active', 'failed']);
  });
});
