// Copy-trading server tests' own world (not the demo seed): one or two server instances on a fresh database (on
// PostgreSQL the second is a second connection pool, as a second process), traders with strategies, followers with
// a service's linkings and exchange accounts (plain inserts: the sandbox's key check is issue 31's test), strategy
// trades, and the GraphQL calls of the contract.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exchangeAccounts, services, strategies, strategyTrades, tenants } from '../../server/db/schema';
import { createTestDatabase, startInstance, testDatabaseUrl } from './harness';
import { newMember } from './members';

export type Answer = { data?: any; errors?: { message: string; extensions?: Record<string, any> }[] };
export const reasonOf = (answer: Answer) => answer.errors?.[0]?.extensions?.reason;
export const categoryOf = (answer: Answer) => answer.errors?.[0]?.extensions?.category;
export const fieldsOf = (answer: Answer) => Object.keys(answer.errors?.[0]?.extensions?.fields ?? {}).sort();
export const hour = 3_600_000;
export const day = 24 * hour;

export const requestFields = `id strategy_id strategy_name account_id account_name exchange member_name status
  settings { lot_size_percent max_drawdown_percent quote_asset } review_deadline decided_at decline_reason expired connection_id created_at`;
export const connectionFields = `id status account_id account_name exchange member_name settings { lot_size_percent max_drawdown_percent quote_asset }
  pnl drawdown_percent trade_count started_at key_deadline linked_at paused_at stopped_at disconnect_reason suspension_cause request_id`;

export const ops = {
  link: `mutation ($w: ID!, $s: ID!, $a: ID!, $set: CopySettingsInput, $k: String) {
    copyTradingLinkRequest(whitelabel_uuid: $w, strategy_id: $s, account_id: $a, settings: $set, idempotency_key: $k) { ${requestFields} } }`,
  decide: `mutation ($w: ID!, $id: ID!, $accept: Boolean!, $reason: String) {
    investorRequestDecide(whitelabel_uuid: $w, request_id: $id, accept: $accept, reason: $reason) { ${requestFields} } }`,
  connection: `query ($w: ID!, $id: ID!) { connection(whitelabel_uuid: $w, id: $id) { ${connectionFields} } }`,
  update: `mutation ($w: ID!, $id: ID!, $set: CopySettingsInput!) { connectionUpdate(whitelabel_uuid: $w, id: $id, settings: $set) { ${connectionFields} } }`,
  pause: `mutation ($w: ID!, $id: ID!) { connectionPause(whitelabel_uuid: $w, id: $id) { ${connectionFields} } }`,
  resume: `mutation ($w: ID!, $id: ID!) { connectionResume(whitelabel_uuid: $w, id: $id) { ${connectionFields} } }`,
  disconnect: `mutation ($w: ID!, $id: ID!, $r: String!) { connectionDisconnect(whitelabel_uuid: $w, id: $id, reason: $r) { ${connectionFields} } }`,
};

type Instance = Awaited<ReturnType<typeof startInstance>>;

let accountCount = 0;

/** A world on a fresh database: `server`, `second` (the same on PGlite), and the makers of its members and rows. */
export async function openWorld() {
  const fresh = testDatabaseUrl ? await createTestDatabase() : undefined;
  const server: Instance = await startInstance(fresh?.url);
  const second: Instance = fresh ? await startInstance(fresh.url) : server;
  const [tenant] = await server.db.select().from(tenants).where(eq(tenants.subdomain, 'localhost'));
  const w = tenant!.uuid;
  const tenantId = tenant!.id;
  const db = server.db;

  /** An exchange account of the member's: connected, with a USDT balance, unless told otherwise. */
  async function account(userId: number, values: Partial<typeof exchangeAccounts.$inferInsert> = {}) {
    const n = (accountCount += 1);
    const [row] = await db
      .insert(exchangeAccounts)
      .values({
        tenantId,
        userId,
        name: `Account ${n}`,
        exchange: 'binance',
        apiKeySealed: 'sealed',
        secretSealed: 'sealed',
        keyFingerprint: randomUUID(),
        apiKeyLast4: String(1000 + n).slice(-4),
        status: 'connected',
        balance: '5000',
        balanceReadAt: new Date(),
        ...values,
      })
      .returning();
    return row!;
  }

  /** A member with a service allowing `linkings` (none: the Free Plan, which allows none) and one account. */
  async function follower({ linkings = 5 as number | null, balance = '5000' } = {}) {
    const made = await newMember(db, { tenantId, prefix: 'follower' });
    if (linkings !== null) {
      await db.insert(services).values({
        tenantId,
        userId: made.member.id,
        name: 'Copy service',
        type: 'copy_trading',
        investorAccounts: 5,
        linkings,
        status: 'active',
        activatedTill: new Date(Date.now() + 30 * day),
      });
    }
    return { ...made, account: await account(made.member.id, { balance }) };
  }

  /** A trader (a member) running a strategy: open, 10 places, 1,000 USDT minimum, unless told otherwise. */
  async function trader(values: Partial<typeof strategies.$inferInsert> = {}) {
    const made = await newMember(db, { tenantId, prefix: 'trader' });
    return { ...made, strategy: await strategy(made.member.id, values) };
  }

  async function strategy(userId: number, values: Partial<typeof strategies.$inferInsert> = {}) {
    const [row] = await db
      .insert(strategies)
      .values({
        tenantId,
        userId,
        name: `Strategy ${(accountCount += 1)}`,
        risk: 2,
        exchange: 'binance',
        quoteAsset: 'USDT',
        minDeposit: '1000',
        maxFollowers: 10,
        startEquity: '10000',
        startedAt: new Date(Date.now() - 90 * day),
        ...values,
      })
      .returning();
    return row!;
  }

  let tradeCount = 0;
  /** Closed strategy trades with these PnLs, synced at `syncedAt` (closed a minute apart before it). */
  async function trades(strategyId: string, pnls: readonly string[], syncedAt: Date) {
    const rows = pnls.map((pnl, n) => ({
      strategyId,
      externalId: `t-${(tradeCount += 1)}`,
      symbol: 'BTC/USDT',
      side: n % 2 ? 'sell' : 'buy',
      amount: '0.5',
      openPrice: '60000',
      closePrice: '60100',
      pnl,
      openedAt: new Date(syncedAt.getTime() - (pnls.length - n + 1) * 60_000),
      closedAt: new Date(syncedAt.getTime() - (pnls.length - n) * 60_000),
      syncedAt,
    }));
    return db.insert(strategyTrades).values(rows).returning();
  }

  const gql = (query: string, variables: Record<string, unknown>, token?: string, on: Instance = server): Promise<Answer> =>
    on.gql(query, { w, ...variables }, token);

  /** A pending request of a new follower to `strategyId`, and that follower. */
  async function requested(strategyId: string, settings?: Record<string, unknown>) {
    const who = await follower();
    const answer = await gql(ops.link, { s: strategyId, a: who.account.id, set: settings }, who.token);
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return { ...who, request: answer.data.copyTradingLinkRequest };
  }

  /** A follower's connection to a new trader's strategy, accepted (active: the sandbox links the key at once). */
  async function connected(settings?: Record<string, unknown>, values: Partial<typeof strategies.$inferInsert> = {}) {
    const boss = await trader(values);
    const who = await requested(boss.strategy.id, settings);
    const decided = await gql(ops.decide, { id: who.request.id, accept: true }, boss.token);
    if (decided.errors) throw new Error(JSON.stringify(decided.errors));
    const connectionId = decided.data.investorRequestDecide.connection_id as string;
    return { trader: boss, follower: who, connectionId };
  }

  return {
    server,
    second,
    db,
    w,
    tenantId,
    gql,
    account,
    follower,
    trader,
    strategy,
    trades,
    requested,
    connected,
    async close() {
      if (second !== server) await second.close();
      await server.close();
      await fresh?.drop();
    },
  };
}

export type World = Awaited<ReturnType<typeof openWorld>>;
