// Copy trading's connections (issue 32): pause, resume and disconnect with their transitions and refusals, settings
// and the drawdown limit that stops a connection at once, who may see a connection, the member's lists, the investors
// page (forbidden to a member who runs no strategy), the fields that tell a member's links (Strategy.my_connection,
// my_request, ExchangeAccount.connections, me.counts.connections, is_bot_manager, services' linkings), and an account
// disconnected or suspended stopping its connections. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { copyConnections, exchangeAccounts, linkRequests, tenants, users } from '../../server/db/schema';
import { runSuspensionJob } from '../../server/modules/trading/suspensions';
import { databaseName } from './harness';
import { newMember } from './members';
import { graphqlAs, testConfig } from './requests';
import { categoryOf, connectionFields, day, fieldsOf, openWorld, ops, reasonOf, requestFields, type World } from './copy-world';

let world: World;

beforeAll(async () => {
  world = await openWorld();
}, 120_000);

afterAll(async () => {
  await world?.close();
});

const act = (op: 'pause' | 'resume', token: string, id: string) => world.gql(ops[op], { id }, token);
const disconnect = (token: string, id: string, r: unknown) => world.gql(ops.disconnect, { id, r }, token);
const update = (token: string, id: string, settings: Record<string, unknown>) => world.gql(ops.update, { id, set: settings }, token);
const statusOf = async (id: string) => (await world.db.select().from(copyConnections).where(eq(copyConnections.id, id)))[0]!;

describe(`a member's connection on ${databaseName}`, () => {
  it('pauses (active → paused, again as it is), resumes (paused → active, again as it is) and disconnects with a reason once', async () => {
    const { follower, connectionId: id } = await world.connected();
    const paused = (await act('pause', follower.token, id)).data.connectionPause;
    expect(paused).toMatchObject({ id, status: 'paused' });
    expect(paused.paused_at).not.toBeNull();
    expect((await act('pause', follower.token, id)).data.connectionPause).toEqual(paused);
    const resumed = (await act('resume', follower.token, id)).data.connectionResume;
    expect(resumed).toMatchObject({ status: 'active', paused_at: null });
    expect((await act('resume', follower.token, id)).data.connectionResume).toEqual(resumed);
    for (const reason of ['', 'x'.repeat(401)]) expect(fieldsOf(await disconnect(follower.token, id, reason))).toEqual(['reason']);
    const gone = (await disconnect(follower.token, id, 'The strategy trades too often for me.')).data.connectionDisconnect;
    expect(gone).toMatchObject({ status: 'disconnected', disconnect_reason: 'The strategy trades too often for me.' });
    expect(gone.stopped_at).not.toBeNull();
    expect((await disconnect(follower.token, id, 'Another reason')).data.connectionDisconnect).toEqual(gone);
    for (const op of ['pause', 'resume'] as const) {
      const answer = await act(op, follower.token, id);
      expect([categoryOf(answer), reasonOf(answer), answer.errors?.[0]?.message]).toEqual([
        'conflict',
        'ConnectionStateChanged',
        "This connection's status has changed meanwhile. The page shows it as it is now.",
      ]);
    }
    expect(reasonOf(await update(follower.token, id, { lot_size_percent: 50 }))).toBe('ConnectionStateChanged');
  });

  it('refuses to resume while trader fees are overdue, trading is suspended or the account is not connected', async () => {
    const { follower, connectionId: id } = await world.connected();
    await act('pause', follower.token, id);
    await world.db.update(users).set({ overdueTraderFeeInvoices: 1 }).where(eq(users.id, follower.member.id));
    expect(reasonOf(await act('resume', follower.token, id))).toBe('OverdueInvoices');
    await world.db.update(users).set({ overdueTraderFeeInvoices: 0, tradingSuspendedAt: new Date() }).where(eq(users.id, follower.member.id));
    expect(reasonOf(await act('resume', follower.token, id))).toBe('AccountNotActive');
    await world.db.update(users).set({ tradingSuspendedAt: null }).where(eq(users.id, follower.member.id));
    await world.db.update(exchangeAccounts).set({ status: 'failed' }).where(eq(exchangeAccounts.id, follower.account.id));
    expect(reasonOf(await act('resume', follower.token, id))).toBe('AccountNotActive');
    expect((await statusOf(id)).status).toBe('paused');
    await world.db.update(exchangeAccounts).set({ status: 'connected' }).where(eq(exchangeAccounts.id, follower.account.id));
    expect((await act('resume', follower.token, id)).data.connectionResume.status).toBe('active');
  });

  it('changes its settings; a drawdown limit at or below the drawdown it has stops it at once (drawdown exceeded)', async () => {
    const { follower, connectionId: id } = await world.connected({ max_drawdown_percent: 50 });
    const changed = (await update(follower.token, id, { lot_size_percent: 150 })).data.connectionUpdate;
    expect(changed.settings).toEqual({ lot_size_percent: 150, max_drawdown_percent: 50, quote_asset: 'USDT' });
    expect(fieldsOf(await update(follower.token, id, { max_drawdown_percent: 101, quote_asset: 'EUR' }))).toEqual(['max_drawdown_percent', 'quote_asset']);
    const cleared = (await update(follower.token, id, { no_drawdown_limit: true })).data.connectionUpdate;
    expect(cleared.settings.max_drawdown_percent).toBeNull();
    await world.db.update(copyConnections).set({ drawdownPercent: '12.50' }).where(eq(copyConnections.id, id));
    expect((await update(follower.token, id, { max_drawdown_percent: 13 })).data.connectionUpdate.status).toBe('active');
    const stopped = (await update(follower.token, id, { max_drawdown_percent: 12 })).data.connectionUpdate;
    expect(stopped).toMatchObject({ status: 'drawdown exceeded', drawdown_percent: '12.50', settings: { max_drawdown_percent: 12 } });
    expect(stopped.stopped_at).not.toBeNull();
    expect(reasonOf(await act('resume', follower.token, id))).toBe('ConnectionStateChanged');
  });

  it("is seen by its member and its strategy's trader; to anyone else it is AccountNotFound", async () => {
    const { follower, trader, connectionId: id } = await world.connected();
    const stranger = await world.follower();
    expect((await world.gql(ops.connection, { id }, follower.token)).data.connection).toMatchObject({ id, member_name: follower.member.name, account_name: follower.account.name });
    expect((await world.gql(ops.connection, { id }, trader.token)).data.connection.id).toBe(id);
    for (const answer of [
      await world.gql(ops.connection, { id }, stranger.token),
      await world.gql(ops.connection, { id: '00000000-0000-4000-8000-000000000000' }, follower.token),
      await act('pause', trader.token, id),
      await act('pause', stranger.token, id),
      await disconnect(stranger.token, id, 'Not mine'),
    ]) {
      expect([categoryOf(answer), reasonOf(answer)]).toEqual(['not_found', 'AccountNotFound']);
    }
  });

  it('lists the member’s connections (not disconnected) and link requests, newest first, with the strategy and its links', async () => {
    const { follower, connectionId, trader } = await world.connected();
    const second = await world.account(follower.member.id);
    const asked = (await world.gql(ops.link, { s: trader.strategy.id, a: second.id }, follower.token)).data.copyTradingLinkRequest;
    const third = await world.account(follower.member.id);
    const other = await world.trader();
    const gone = (await world.gql(ops.link, { s: other.strategy.id, a: third.id }, follower.token)).data.copyTradingLinkRequest;
    await world.gql(ops.decide, { id: gone.id, accept: true }, other.token);
    const goneConnection = (await world.db.select().from(copyConnections).where(eq(copyConnections.requestId, gone.id)))[0]!;
    await disconnect(follower.token, goneConnection.id, 'Enough');
    const lists = (
      await world.gql(
        `query ($w: ID!) { myConnections(whitelabel_uuid: $w) { ${connectionFields} strategy { id name my_connection { id } my_request { id } } trades { id } }
          myLinkRequests(whitelabel_uuid: $w) { ${requestFields} } }`,
        {},
        follower.token,
      )
    ).data;
    expect(lists.myConnections.map((connection: { id: string }) => connection.id)).toEqual([connectionId]);
    expect(lists.myConnections[0].strategy).toEqual({ id: trader.strategy.id, name: trader.strategy.name, my_connection: { id: connectionId }, my_request: { id: asked.id } });
    expect(lists.myConnections[0].trades).toEqual([]);
    expect(lists.myLinkRequests.map((request: { id: string; status: string }) => [request.id, request.status])).toEqual([
      [gone.id, 'active'],
      [asked.id, 'pending'],
      [(await world.db.select().from(copyConnections).where(eq(copyConnections.id, connectionId)))[0]!.requestId, 'active'],
    ]);
  });
});

describe(`a portal without the spot and futures modules (Acme) on ${databaseName}`, () => {
  it('answers every copy-trading write and list not_found, before validating', async () => {
    const [acme] = await world.db.select().from(tenants).where(eq(tenants.subdomain, 'acme'));
    const { token } = await newMember(world.db, { tenantId: acme!.id, prefix: 'copy-acme' });
    const gql = graphqlAs(world.db, { host: 'acme.localhost' }, testConfig());
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [query, variables] of [
      [ops.link, { s: 'x', a: 'y', set: { lot_size_percent: 0 } }],
      [ops.decide, { id, accept: false }],
      [ops.connection, { id }],
      [ops.pause, { id }],
      [ops.disconnect, { id, r: '' }],
      [`query ($w: ID!) { myConnections(whitelabel_uuid: $w) { id } myLinkRequests(whitelabel_uuid: $w) { id } }`, {}],
      [`query ($w: ID!) { investors(whitelabel_uuid: $w) { requests { id } } }`, {}],
    ] as const) {
      expect(categoryOf(await gql(query, { w: acme!.uuid, ...variables }, token))).toBe('not_found');
    }
  });
});

describe(`the investors page on ${databaseName}`, () => {
  it('is forbidden to a member who runs no strategy', async () => {
    const { token } = await world.follower();
    const answer = await world.gql(`query ($w: ID!) { investors(whitelabel_uuid: $w) { strategies { id } } }`, {}, token);
    expect(categoryOf(answer)).toBe('forbidden');
  });

  it("shows the trader's strategies, followers newest first (not disconnected) and pending requests oldest first", async () => {
    const boss = await world.trader();
    const older = await world.strategy(boss.member.id, { startedAt: new Date(Date.now() - 400 * day) });
    const followers: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const who = await world.requested(boss.strategy.id);
      followers.push((await world.gql(ops.decide, { id: who.request.id, accept: true }, boss.token)).data.investorRequestDecide.connection_id);
    }
    const leaving = await world.db.select().from(copyConnections).where(eq(copyConnections.id, followers[0]!));
    await world.db.update(copyConnections).set({ status: 'disconnected' }).where(eq(copyConnections.id, leaving[0]!.id));
    const first = await world.requested(older.id);
    const next = await world.requested(boss.strategy.id);
    const page = (
      await world.gql(
        `query ($w: ID!) { investors(whitelabel_uuid: $w) { strategies { id followers capacity_left } followers { id member_name strategy { id } } requests { id member_name review_deadline } } }`,
        {},
        boss.token,
      )
    ).data.investors;
    expect(page.strategies).toEqual([
      { id: older.id, followers: 1, capacity_left: 9 },
      { id: boss.strategy.id, followers: 3, capacity_left: 7 },
    ]);
    expect(page.followers.map((connection: { id: string }) => connection.id)).toEqual([followers[2], followers[1]]);
    expect(page.requests.map((request: { id: string; member_name: string }) => [request.id, request.member_name])).toEqual([
      [first.request.id, first.member.name],
      [next.request.id, next.member.name],
    ]);
    const me = (await world.gql(`{ me { is_bot_manager counts { connections } } }`, {}, boss.token)).data.me;
    expect(me).toEqual({ is_bot_manager: true, counts: { connections: 0 } });
  });
});

describe(`a member's links in their profile and accounts on ${databaseName}`, () => {
  it('counts place-holding connections and linkings (with pending requests), and lists an account’s connections', async () => {
    const { follower, connectionId, trader } = await world.connected();
    const spare = await world.account(follower.member.id);
    await world.gql(ops.link, { s: (await world.trader()).strategy.id, a: spare.id }, follower.token);
    const me = (await world.gql(`{ me { is_bot_manager counts { connections } services { usage } } }`, {}, follower.token)).data.me;
    expect(me).toMatchObject({ is_bot_manager: false, counts: { connections: 1 } });
    expect(me.services[0].usage).toMatchObject({ linkings: 2 });
    const services = (await world.gql(`query ($w: ID!) { myServices(whitelabel_uuid: $w) { usage } }`, {}, follower.token)).data.myServices;
    expect(services[0].usage).toMatchObject({ linkings: 2 });
    const accounts = (await world.gql(`query ($w: ID!) { myAccounts(whitelabel_uuid: $w) { id connections { id strategy_id strategy_name status } } }`, {}, follower.token)).data.myAccounts;
    expect(accounts.find((account: { id: string }) => account.id === follower.account.id).connections).toEqual([
      { id: connectionId, strategy_id: trader.strategy.id, strategy_name: trader.strategy.name, status: 'active' },
    ]);
    expect(accounts.find((account: { id: string }) => account.id === spare.id).connections).toEqual([]);
  });

  it("stops an account's connections and fails its pending requests when the member disconnects it, in the same write", async () => {
    const { follower, connectionId } = await world.connected();
    const spare = await world.account(follower.member.id);
    const asked = (await world.gql(ops.link, { s: (await world.trader()).strategy.id, a: spare.id }, follower.token)).data.copyTradingLinkRequest;
    const disconnectAccount = `mutation ($w: ID!, $id: ID!, $r: String!) { myAccountDisconnect(whitelabel_uuid: $w, id: $id, reason: $r) { status connections { status } } }`;
    const account = (await world.gql(disconnectAccount, { id: follower.account.id, r: 'Closing this exchange' }, follower.token)).data.myAccountDisconnect;
    expect(account).toEqual({ status: 'disconnected', connections: [{ status: 'disconnected' }] });
    expect(await statusOf(connectionId)).toMatchObject({ status: 'disconnected', disconnectReason: 'Closing this exchange' });
    await world.gql(disconnectAccount, { id: spare.id, r: 'This one too' }, follower.token);
    expect((await world.db.select().from(linkRequests).where(eq(linkRequests.id, asked.id)))[0]).toMatchObject({ status: 'failed', expired: false });
  });

  it('suspends the connections of the accounts the trading.suspensions job suspends, with the cause', async () => {
    const { follower, connectionId } = await world.connected();
    await world.db.update(users).set({ tradingSuspendedAt: new Date() }).where(eq(users.id, follower.member.id));
    await runSuspensionJob(world.db, new Date(), testConfig(), async () => {});
    expect(await statusOf(connectionId)).toMatchObject({ status: 'suspended', suspensionCause: 'trading_suspended' });
    // Once the member is reinstated and the account reconnected, resuming makes it active again.
    await world.db.update(users).set({ tradingSuspendedAt: null }).where(eq(users.id, follower.member.id));
    expect(reasonOf(await act('resume', follower.token, connectionId))).toBe('AccountNotActive');
    await world.db.update(exchangeAccounts).set({ status: 'connected', suspensionCause: null }).where(eq(exchangeAccounts.id, follower.account.id));
    expect((await act('resume', follower.token, connectionId)).data.connectionResume).toMatchObject({ status: 'active', suspension_cause: null });
  });
});
