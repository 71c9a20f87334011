// Exchange accounts and services (issue 31): the demo's accounts and service, every sandbox prefix's outcome, the
// fields validation names, no answer (nor the stored row) holding a secret, one account per idempotency key and
// per exchange key under parallel creates, the service limit under parallel creates, a refused new key that keeps
// the old one, disconnecting with a reason, and the suspension job (once with two runners and two instances, one
// mail each). Runs on PGlite and on PostgreSQL, where the second instance is a second connection pool like a
// second process.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { buildSchema, getNamedType, isObjectType, type GraphQLNamedType } from 'graphql';
import { exchangeAccounts, invoices, mailOutbox, services, tenants, tradingSuspensions, users } from '../../server/db/schema';
import { typeDefs } from '../../server/graphql';
import { runSuspensionJob, suspendMember } from '../../server/modules/trading/suspensions';
import { sendMail } from '../../server/mail';
import { demoAccounts, demoDisconnectReason } from '../../server/modules/trading/demo-data';
import { demoCopyTrading } from '../../server/modules/trading/copy-demo-data';
import { add, truncate } from '../../domain/money';
import { sandboxBalance } from '../../server/modules/trading/sandbox-adapter';
import { openSecret, secretContext, secretsKey } from '../../server/modules/trading/secrets';
import { createTestDatabase, databaseName, startInstance, testDatabaseUrl } from './harness';
import { newMember } from './members';
import { graphqlAs, listen, testConfig } from './requests';

let fresh: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let server: Awaited<ReturnType<typeof startInstance>>;
let second: Awaited<ReturnType<typeof startInstance>>;
let demoUuid: string;
let demoTenantId: number;

const day = 86_400_000;
type Answer = { data?: any; errors?: { message: string; extensions?: Record<string, any> }[] };
const reasonOf = (answer: Answer) => answer.errors?.[0]?.extensions?.reason;
const fieldsOf = (answer: Answer) => Object.keys(answer.errors?.[0]?.extensions?.fields ?? {}).sort();

const accountFields = `id name exchange exchange_name status api_key_last4 trading_balance { balance base_currency } balance_read_at
  disconnect_reason disconnected_at suspension_cause connections { id } created_at updated_at`;
const createMutation = `mutation ($w: ID!, $i: ExchangeAccountInput!, $k: String) { myAccountCreate(whitelabel_uuid: $w, input: $i, idempotency_key: $k) { ${accountFields} } }`;
const updateMutation = `mutation ($w: ID!, $id: ID!, $i: ExchangeAccountUpdateInput!) { myAccountUpdate(whitelabel_uuid: $w, id: $id, input: $i) { ${accountFields} } }`;
const disconnectMutation = `mutation ($w: ID!, $id: ID!, $r: String!) { myAccountDisconnect(whitelabel_uuid: $w, id: $id, reason: $r) { ${accountFields} } }`;
const listQuery = `query ($w: ID!) { myAccounts(whitelabel_uuid: $w) { ${accountFields} } }`;
const oneQuery = `query ($w: ID!, $id: ID!) { myAccount(whitelabel_uuid: $w, id: $id) { ${accountFields} } }`;
const servicesQuery = `query ($w: ID!) { myServices(whitelabel_uuid: $w) { id product_id name status type activated_till usage
  config { investor_accounts linkings exchanges trading_volume trading_volume_currency risk_management } } }`;
const exchangesQuery = `query ($w: ID!) { moduleExchanges(whitelabel_uuid: $w) { id name required_credentials sandbox } }`;
const meQuery = `{ me { counts { accounts } trading_balance { balance base_currency } services { name usage } } }`;

let keyCount = 0;
/** A key with the sandbox prefix, unique to this run. */
const key = (prefix: string) => `${prefix}${Date.now().toString(36)}k${(keyCount += 1)}`;
const input = (apiKey: string, values: Record<string, unknown> = {}) => ({ name: 'My Binance', exchange: 'binance', api_key: apiKey, secret: `sec${apiKey}`, ...values });

const create = (token: string, values: Record<string, unknown>, idempotencyKey?: string, on = server): Promise<Answer> =>
  on.gql(createMutation, { w: demoUuid, i: values, k: idempotencyKey }, token);

async function member(limits?: { investor_accounts: number; exchanges?: string[] | null }) {
  const made = await newMember(server.db, { tenantId: demoTenantId, prefix: 'trader' });
  if (limits) {
    await server.db.insert(services).values({
      tenantId: demoTenantId,
      userId: made.member.id,
      name: 'Test service',
      type: 'copy_trading',
      investorAccounts: limits.investor_accounts,
      linkings: 1,
      exchanges: limits.exchanges ?? null,
      status: 'active',
      activatedTill: new Date(Date.now() + 30 * day),
    });
  }
  return made;
}

const accountsOf = (userId: number) => server.db.select().from(exchangeAccounts).where(eq(exchangeAccounts.userId, userId));

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

describe(`the demo member's accounts and service on ${databaseName}`, () => {
  it('are Binance main (connected, balance read), OKX spare (disconnected with its reason) and Bybit swing (connected for copy trading), with Copy Trading Pro partly used', async () => {
    const login = await server.gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, {
      data: { username: 'demo@example.com', password: 'Demo12345', whitelabel_uuid: demoUuid },
    });
    const token = login.data.login.access_token as string;
    const accounts = (await server.gql(listQuery, { w: demoUuid }, token)).data.myAccounts;
    expect(accounts.map((account: { id: string; name: string; status: string }) => [account.id, account.name, account.status])).toEqual([
      [demoAccounts.binance.id, 'Binance main', 'connected'],
      [demoAccounts.okx.id, 'OKX spare', 'disconnected'],
      [demoCopyTrading.bybitAccount, 'Bybit swing', 'connected'],
    ]);
    const balance = sandboxBalance(demoAccounts.binance.apiKey);
    expect(accounts[0]).toMatchObject({ exchange_name: 'Binance', api_key_last4: demoAccounts.binance.apiKey.slice(-4), trading_balance: { balance: `${balance}000000`, base_currency: 'USDT' } });
    expect(accounts[1]).toMatchObject({ exchange: 'okx', disconnect_reason: demoDisconnectReason, connections: [] });
    const [service] = (await server.gql(servicesQuery, { w: demoUuid }, token)).data.myServices;
    expect(service).toMatchObject({
      name: 'Copy Trading Pro',
      type: 'copy_trading',
      status: 'active',
      config: { investor_accounts: 3, linkings: 5, exchanges: ['binance', 'okx', 'bybit', 'kucoin'], trading_volume: '100000.00000000', trading_volume_currency: 'USDT', risk_management: true },
      // Binance main follows a strategy and Bybit swing asked to follow one: two linkings.
      usage: { investor_accounts: 2, linkings: 2, exchanges: 2, trading_volume: '0.00' },
    });
    expect((await server.gql(meQuery, {}, token)).data.me).toEqual({
      counts: { accounts: 2 },
      trading_balance: { balance: truncate(add(balance, sandboxBalance('valid-demo-bybit-swing-7a2f')), 8), base_currency: 'USDT' },
      services: [{ name: 'Copy Trading Pro', usage: service.usage }],
    });
    const exchanges = (await server.gql(exchangesQuery, { w: demoUuid }, token)).data.moduleExchanges;
    expect(exchanges.map((exchange: { name: string }) => exchange.name)).toEqual([...exchanges.map((exchange: { name: string }) => exchange.name)].sort());
    expect(exchanges.find((exchange: { id: string }) => exchange.id === 'okx')).toEqual({ id: 'okx', name: 'OKX', required_credentials: ['api_key', 'secret', 'passphrase'], sandbox: true });
    expect(exchanges.find((exchange: { id: string }) => exchange.id === 'binance')).toEqual({ id: 'binance', name: 'Binance', required_credentials: ['api_key', 'secret'], sandbox: true });
    // Seeded through the same sealing: each value opens only on its own row and field.
    const [okxRow] = await server.db.select().from(exchangeAccounts).where(eq(exchangeAccounts.id, demoAccounts.okx.id));
    expect(openSecret(await secretsKey(server.db), okxRow!.passphraseSealed!, secretContext(demoAccounts.okx.id, 'passphrase'))).toBe(demoAccounts.okx.passphrase);
  });
});

describe(`adding an account on ${databaseName}`, () => {
  it('answers each sandbox prefix with its reason, and a valid- key creates a connected account with its balance', async () => {
    const { token, member: row } = await member();
    const outcomes: Record<string, unknown> = {};
    for (const prefix of ['invalid-', 'withdraw-', 'notrade-', 'old-', 'maint-', 'ipblock-', 'other-']) outcomes[prefix] = reasonOf(await create(token, input(key(prefix))));
    expect(outcomes).toEqual({
      'invalid-': 'ApiKeyInvalid',
      'withdraw-': 'ApiKeyCanWithdraw',
      'notrade-': 'ApiKeyCannotTrade',
      'old-': 'AccountNotQualified',
      'maint-': 'ExchangeMaintenance',
      'ipblock-': 'IpNotAllowed',
      'other-': 'ApiKeyInvalid',
    });
    expect(await accountsOf(row.id)).toEqual([]);
    const apiKey = key('valid-');
    const made = (await create(token, input(apiKey))).data.myAccountCreate;
    expect(made).toMatchObject({ name: 'My Binance', exchange: 'binance', status: 'connected', api_key_last4: apiKey.slice(-4), trading_balance: { base_currency: 'USDT' } });
    expect(Number(made.trading_balance.balance)).toBeGreaterThanOrEqual(1000);
    expect(Number(made.trading_balance.balance)).toBeLessThanOrEqual(20000);
    expect(made.trading_balance.balance).toBe(`${sandboxBalance(apiKey)}000000`);
    // The Free Plan allows one account.
    expect(reasonOf(await create(token, input(key('valid-'))))).toBe('AccountLimitReached');
  });

  it('names every invalid field at once: a 21-character name, a missing passphrase on OKX; a 401-character reason', async () => {
    const { token } = await member();
    const answer = await create(token, { name: 'x'.repeat(21), exchange: 'okx', api_key: key('valid-'), secret: 'abc' });
    expect(answer.errors?.[0]?.extensions?.category).toBe('validation');
    expect(fieldsOf(answer)).toEqual(['name', 'passphrase']);
    expect(fieldsOf(await create(token, { ...input(key('valid-')), exchange: 'nowhere', secret: 'with space' }))).toEqual(['exchange', 'secret']);
    const made = (await create(token, { name: 'OKX', exchange: 'okx', api_key: key('valid-'), secret: 'abc', passphrase: 'pass' })).data.myAccountCreate;
    const tooLong = await server.gql(disconnectMutation, { w: demoUuid, id: made.id, r: 'r'.repeat(401) }, token);
    expect(tooLong.errors?.[0]?.extensions?.category).toBe('validation');
    expect(fieldsOf(tooLong)).toEqual(['reason']);
  });

  it('refuses while trading is suspended or an invoice is overdue, before the key is checked', async () => {
    const suspended = await member();
    await server.db.update(users).set({ tradingSuspendedAt: new Date() }).where(eq(users.id, suspended.member.id));
    expect(reasonOf(await create(suspended.token, input(key('valid-'))))).toBe('AccountNotActive');
    const owing = await member();
    await server.db.update(users).set({ overdueTraderFeeInvoices: 1 }).where(eq(users.id, owing.member.id));
    expect(reasonOf(await create(owing.token, input(key('valid-'))))).toBe('OverdueInvoices');
    const outsideService = await member({ investor_accounts: 3, exchanges: ['okx'] });
    expect(reasonOf(await create(outsideService.token, input(key('valid-'))))).toBe('ExchangeNotInService');
  });

  it('makes one account of parallel creates with one idempotency key', async () => {
    const { token, member: row } = await member({ investor_accounts: 5 });
    const values = input(key('valid-'));
    const answers = await Promise.all(Array.from({ length: 5 }, (_, n) => create(token, values, 'one-account', n % 2 ? second : server)));
    expect(answers.map((answer) => answer.errors)).toEqual(Array(5).fill(undefined));
    expect(new Set(answers.map((answer) => answer.data.myAccountCreate.id)).size).toBe(1);
    expect(await accountsOf(row.id)).toHaveLength(1);
  });

  it('answers a repeat of a done create with its account, though the account now fills the Free Plan', async () => {
    const { token, member: row } = await member();
    const values = input(key('valid-'));
    const first = (await create(token, values, 'retry-me')).data.myAccountCreate;
    expect((await create(token, values, 'retry-me')).data.myAccountCreate).toEqual(first);
    expect(reasonOf(await create(token, { ...values, name: 'Other' }, 'retry-me'))).toBe('IdempotencyKeyReused');
    expect(await accountsOf(row.id)).toHaveLength(1);
  });

  it('makes one account of parallel creates with one exchange key: the others are ApiKeyInUse', async () => {
    const { token, member: row } = await member({ investor_accounts: 5 });
    const values = input(key('valid-'));
    const answers = await Promise.all(Array.from({ length: 5 }, (_, n) => create(token, values, `key-${n}`, n % 2 ? second : server)));
    expect(answers.filter((answer) => answer.data?.myAccountCreate)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.data?.myAccountCreate).map(reasonOf)).toEqual(Array(4).fill('ApiKeyInUse'));
    expect(await accountsOf(row.id)).toHaveLength(1);
    // The same key by another member of the tenant is in use too.
    const inUse = await create((await member()).token, values);
    expect(reasonOf(inUse)).toBe('ApiKeyInUse');
    expect(inUse.errors?.[0]?.message).toBe('This key is already used by an account on this portal. If it is yours, edit that account.');
  });

  it('holds the limit under parallel creates with different keys (limit 1)', async () => {
    const { token, member: row } = await member({ investor_accounts: 1 });
    const answers = await Promise.all(Array.from({ length: 5 }, (_, n) => create(token, input(key('valid-')), undefined, n % 2 ? second : server)));
    expect(answers.filter((answer) => answer.data?.myAccountCreate)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.data?.myAccountCreate).map(reasonOf)).toEqual(Array(4).fill('AccountLimitReached'));
    expect(await accountsOf(row.id)).toHaveLength(1);
  });

  it('limits key checks per member (TooManyAttempts)', async () => {
    const { token } = await member();
    const answers: Answer[] = [];
    for (let n = 0; n < 11; n += 1) answers.push(await create(token, input(key('invalid-'))));
    expect(answers.slice(0, 10).map(reasonOf)).toEqual(Array(10).fill('ApiKeyInvalid'));
    expect(reasonOf(answers[10]!)).toBe('TooManyAttempts');
  });
});

describe(`secrets on ${databaseName}`, () => {
  it('are returned by no query: no field of any type holds a key, secret or passphrase but api_key_last4', () => {
    const schema = buildSchema(typeDefs);
    const seen = new Set<string>();
    const offending: string[] = [];
    const walk = (type: GraphQLNamedType) => {
      if (seen.has(type.name) || !isObjectType(type)) return;
      seen.add(type.name);
      for (const field of Object.values(type.getFields())) {
        // TwoFaSecret.secret is the member's own authenticator secret while they set it up; license_key is a license's;
        // a connection's key_deadline is when its key must be linked (issue 32).
        const allowed = ['ExchangeAccount.api_key_last4', 'TwoFaSecret.secret', 'LicenseRequest.license_key', 'Mutation.generateTwoFaSecret', 'Connection.key_deadline'];
        if (/key|secret|passphrase/i.test(field.name) && !allowed.includes(`${type.name}.${field.name}`)) offending.push(`${type.name}.${field.name}`);
        walk(getNamedType(field.type));
      }
    };
    walk(schema.getQueryType()!);
    walk(schema.getMutationType()!);
    expect(seen.has('ExchangeAccount')).toBe(true);
    // Nor does an unreachable type declare one (a type a later resolver might start returning).
    for (const type of Object.values(schema.getTypeMap())) if (!type.name.startsWith('__')) walk(type);
    expect(offending).toEqual([]);
  });

  it('never appear in an answer, and the stored row holds them sealed', async () => {
    const { token, member: row } = await member();
    const apiKey = key('valid-');
    const values = { name: 'Sealed', exchange: 'okx', api_key: apiKey, secret: `secret-${apiKey}`, passphrase: `pass-${apiKey}` };
    const made = await create(token, values);
    const answers = [
      made,
      await server.gql(oneQuery, { w: demoUuid, id: made.data.myAccountCreate.id }, token),
      await server.gql(listQuery, { w: demoUuid }, token),
      await server.gql(servicesQuery, { w: demoUuid }, token),
      await server.gql(meQuery, {}, token),
    ];
    for (const answer of answers) {
      const text = JSON.stringify(answer);
      expect(answer.errors).toBeUndefined();
      for (const secret of [apiKey, values.secret, values.passphrase]) expect(text).not.toContain(secret);
    }
    const [stored] = await accountsOf(row.id);
    const storedText = JSON.stringify(stored);
    for (const secret of [apiKey, values.secret, values.passphrase]) expect(storedText).not.toContain(secret);
    const sealedWith = await secretsKey(server.db);
    const id = stored!.id;
    expect([
      openSecret(sealedWith, stored!.apiKeySealed, secretContext(id, 'api_key')),
      openSecret(sealedWith, stored!.secretSealed, secretContext(id, 'secret')),
      openSecret(sealedWith, stored!.passphraseSealed!, secretContext(id, 'passphrase')),
    ]).toEqual([apiKey, values.secret, values.passphrase]);
  });

  it('are bound to their row and field: a sealed secret moved to another account or field fails to open', async () => {
    const { token, member: row } = await member({ investor_accounts: 2 });
    for (const apiKey of [key('valid-'), key('valid-')]) expect((await create(token, input(apiKey))).errors).toBeUndefined();
    const [one, other] = await accountsOf(row.id);
    const sealedWith = await secretsKey(server.db);
    expect(openSecret(sealedWith, one!.secretSealed, secretContext(one!.id, 'secret'))).toMatch(/^secvalid-/);
    expect(() => openSecret(sealedWith, one!.secretSealed, secretContext(other!.id, 'secret'))).toThrow();
    expect(() => openSecret(sealedWith, one!.secretSealed, secretContext(one!.id, 'api_key'))).toThrow();
    // Moved in the table: the other account's row now holds this one's sealed secret, and it does not open there.
    await server.db.update(exchangeAccounts).set({ secretSealed: one!.secretSealed }).where(eq(exchangeAccounts.id, other!.id));
    const [moved] = await server.db.select().from(exchangeAccounts).where(eq(exchangeAccounts.id, other!.id));
    expect(() => openSecret(sealedWith, moved!.secretSealed, secretContext(moved!.id, 'secret'))).toThrow();
    // A value cut shorter than version, IV and a full tag is refused before it reaches the cipher.
    expect(() => openSecret(sealedWith, Buffer.from(one!.secretSealed, 'base64').subarray(0, 20).toString('base64'), secretContext(one!.id, 'secret'))).toThrow(/too short/);
  });
});

describe(`the log on ${databaseName}`, () => {
  it('holds no credential of failed calls (a refused key, a malformed input, a validation error)', async () => {
    const { token } = await member();
    const apiKey = key('invalid-');
    const secret = `logged-secret-${apiKey}`;
    const lines: string[] = [];
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' '))),
    );
    try {
      expect(reasonOf(await create(token, input(apiKey, { secret })))).toBe('ApiKeyInvalid');
      expect((await create(token, { api_key: apiKey, secret })).errors?.[0]?.extensions?.category).toBe('validation');
      expect(fieldsOf(await create(token, input(apiKey, { secret, name: '' })))).toEqual(['name']);
      await server.gql(`mutation { myAccountCreate(whitelabel_uuid: "${demoUuid}", input: { name: "x", exchange: "binance", api_key: "${apiKey}", secret: 5 }) { id } }`, {}, token);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(lines.filter((line) => line.includes(apiKey) || line.includes(secret))).toEqual([]);
  });
});

describe(`editing and disconnecting on ${databaseName}`, () => {
  it('refuses an invalid- key and keeps the old one; a valid key reconnects; a rename changes only the name', async () => {
    const { token, member: row } = await member();
    const apiKey = key('valid-');
    const made = (await create(token, input(apiKey))).data.myAccountCreate;
    const [before] = await accountsOf(row.id);
    const refused = await server.gql(updateMutation, { w: demoUuid, id: made.id, i: { name: 'New name', api_key: key('invalid-'), secret: 'abc' } }, token);
    expect(reasonOf(refused)).toBe('ApiKeyInvalid');
    expect((await accountsOf(row.id))[0]).toEqual(before);
    const missing = await server.gql(updateMutation, { w: demoUuid, id: made.id, i: { name: 'New name', api_key: key('valid-') } }, token);
    expect(fieldsOf(missing)).toEqual(['secret']);
    // A secret (or passphrase) without an api_key is a new key too: all required, nothing silently ignored.
    const secretOnly = await server.gql(updateMutation, { w: demoUuid, id: made.id, i: { name: 'New name', secret: 'a-new-secret' } }, token);
    expect(fieldsOf(secretOnly)).toEqual(['api_key']);
    expect((await accountsOf(row.id))[0]).toEqual(before);

    const reason = 'Taking a break from trading for a while.';
    const disconnected = (await server.gql(disconnectMutation, { w: demoUuid, id: made.id, r: reason }, token)).data.myAccountDisconnect;
    expect(disconnected).toMatchObject({ status: 'disconnected', disconnect_reason: reason });
    const again = (await server.gql(disconnectMutation, { w: demoUuid, id: made.id, r: 'Another reason' }, token)).data.myAccountDisconnect;
    expect(again).toEqual(disconnected);

    const newKey = key('valid-');
    const reconnected = (await server.gql(updateMutation, { w: demoUuid, id: made.id, i: { name: 'Renewed', api_key: newKey, secret: 'abc' } }, token)).data.myAccountUpdate;
    expect(reconnected).toMatchObject({ name: 'Renewed', status: 'connected', api_key_last4: newKey.slice(-4), disconnect_reason: null, disconnected_at: null });
    expect(reconnected.trading_balance.balance).toBe(`${sandboxBalance(newKey)}000000`);
    const renamed = (await server.gql(updateMutation, { w: demoUuid, id: made.id, i: { name: 'Only a name' } }, token)).data.myAccountUpdate;
    expect(renamed).toMatchObject({ name: 'Only a name', status: 'connected', api_key_last4: newKey.slice(-4) });
  });

  it('clears the suspension cause of a suspended account the member disconnects', async () => {
    const { token, member: row } = await member();
    const made = (await create(token, input(key('valid-')))).data.myAccountCreate;
    await server.db.update(exchangeAccounts).set({ status: 'suspended', suspensionCause: 'overdue_invoices' }).where(eq(exchangeAccounts.id, made.id));
    const disconnected = (await server.gql(disconnectMutation, { w: demoUuid, id: made.id, r: 'Closing this one' }, token)).data.myAccountDisconnect;
    expect(disconnected).toMatchObject({ status: 'disconnected', disconnect_reason: 'Closing this one', suspension_cause: null });
    expect((await accountsOf(row.id))[0]!.suspensionCause).toBeNull();
  });

  it("answers another member's account, an unknown id and a malformed one as AccountNotFound", async () => {
    const owner = await member();
    const made = (await create(owner.token, input(key('valid-')))).data.myAccountCreate;
    const { token } = await member();
    for (const id of [made.id, '00000000-0000-4000-8000-000000000000', '12']) {
      const answer = await server.gql(oneQuery, { w: demoUuid, id }, token);
      expect([answer.errors?.[0]?.extensions?.category, reasonOf(answer)]).toEqual(['not_found', 'AccountNotFound']);
    }
    expect(reasonOf(await server.gql(disconnectMutation, { w: demoUuid, id: made.id, r: 'mine now' }, token))).toBe('AccountNotFound');
  });

  it('answers not_found on a portal without the spot and futures modules (Acme), before validating', async () => {
    const [acme] = await server.db.select().from(tenants).where(eq(tenants.subdomain, 'acme'));
    const { token } = await newMember(server.db, { tenantId: acme!.id, prefix: 'trader-acme' });
    const gql = graphqlAs(server.db, { host: 'acme.localhost' }, testConfig());
    for (const [query, variables] of [
      [exchangesQuery, { w: acme!.uuid }],
      [listQuery, { w: acme!.uuid }],
      [servicesQuery, { w: acme!.uuid }],
      [createMutation, { w: acme!.uuid, i: { name: '', exchange: '', api_key: '', secret: '' } }],
    ] as const) {
      expect((await gql(query, variables, token)).errors?.[0]?.extensions?.category).toBe('not_found');
    }
  });
});

describe(`the trading.suspensions job on ${databaseName}`, () => {
  it('suspends the connected accounts once (two runners, twice) with their cause, and mails each member once with a link to /invoices', async () => {
    const flagged = await member({ investor_accounts: 3 });
    const owing = await member();
    const late = await member();
    const depositor = await member();
    for (const who of [flagged, flagged, owing, late, depositor]) expect((await create(who.token, input(key('valid-')))).errors).toBeUndefined();
    await create(flagged.token, input(key('valid-')));
    const [spare] = await accountsOf(flagged.member.id);
    await server.gql(disconnectMutation, { w: demoUuid, id: spare!.id, r: 'Not this one' }, flagged.token);
    await server.db.update(users).set({ tradingSuspendedAt: new Date() }).where(eq(users.id, flagged.member.id));
    const now = Date.now();
    // Trader fees overdue since 4 days ago suspend; since 2 days ago not yet (POST /dev/user-settings places the date).
    const dev = await listen(server.db);
    try {
      for (const [who, daysAgo] of [[owing, 4], [late, 2]] as const) {
        const answer = await dev.send('/dev/user-settings', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: who.member.email, overdue_trader_fee_invoices: 1, overdue_since: new Date(now - daysAgo * day).toISOString() }),
        });
        expect(answer.status).toBe(200);
      }
    } finally {
      await dev.close();
    }
    // Another unpaid invoice (a deposit left unpaid) is no trader fee: 10 days past due, it suspends nothing.
    await server.db.insert(invoices).values({
      tag: `deposit-${depositor.member.id}-${now}`,
      tenantId: demoTenantId,
      userId: depositor.member.id,
      kind: 'deposit',
      currency: 'USDT',
      subtotal: '10',
      total: '10',
      dueDate: new Date(now - 10 * day),
    });

    const at = new Date(now);
    const runs = await Promise.all([runSuspensionJob(server.db, at, testConfig()), runSuspensionJob(second.db, at, testConfig())]);
    const rerun = await runSuspensionJob(server.db, at, testConfig());
    const total = (outcomes: { suspended: number; mailed: number }[], what: 'suspended' | 'mailed') => outcomes.reduce((sum, outcome) => sum + outcome[what], 0);
    expect(total([...runs, rerun], 'suspended')).toBe(3);
    expect(total([...runs, rerun], 'mailed')).toBe(2);
    expect(rerun).toEqual({ suspended: 0, mailed: 0 });
    const ours = [flagged.member.id, owing.member.id, late.member.id, depositor.member.id];
    const rows = await server.db.select().from(exchangeAccounts).where(inArray(exchangeAccounts.userId, ours));
    const byMember = (userId: number) => rows.filter((account) => account.userId === userId).map((account) => [account.status, account.suspensionCause]).sort();
    expect(byMember(flagged.member.id)).toEqual([
      ['disconnected', null],
      ['suspended', 'trading_suspended'],
      ['suspended', 'trading_suspended'],
    ]);
    expect(byMember(owing.member.id)).toEqual([['suspended', 'overdue_invoices']]);
    expect(byMember(late.member.id)).toEqual([['connected', null]]);
    expect(byMember(depositor.member.id)).toEqual([['connected', null]]);
    const recorded = await server.db.select().from(tradingSuspensions).where(inArray(tradingSuspensions.userId, ours));
    expect(recorded.map((suspension) => [suspension.userId, suspension.cause, suspension.accounts]).sort()).toEqual(
      [
        [flagged.member.id, 'trading_suspended', 2],
        [owing.member.id, 'overdue_invoices', 1],
      ].sort(),
    );
    const mails = await server.db.select().from(mailOutbox).where(inArray(mailOutbox.to, [flagged.member.email, owing.member.email, late.member.email]));
    expect(mails.map((mail) => mail.to).sort()).toEqual([flagged.member.email, owing.member.email].sort());
    const owingMail = mails.find((mail) => mail.to === owing.member.email)!;
    expect(owingMail.text).toContain('Copy trading suspended because of overdue invoices.');
    expect(owingMail.text).toContain('http://localhost:8080/invoices');
    // Suspended accounts still count, and no new one is added while the invoice is overdue.
    expect(reasonOf(await create(owing.token, input(key('valid-'))))).toBe('OverdueInvoices');
  });

  it('releases a suspension whose mail failed to send, mails the others, and mails it on the next pass', async () => {
    const unlucky = await member();
    const other = await member();
    for (const who of [unlucky, other]) {
      expect((await create(who.token, input(key('valid-')))).errors).toBeUndefined();
      await server.db.update(users).set({ tradingSuspendedAt: new Date() }).where(eq(users.id, who.member.id));
    }
    let failures = 0;
    const failingOnce: typeof sendMail = async (db, config, message) => {
      if (message.to === unlucky.member.email && failures === 0) {
        failures += 1;
        throw new Error('SMTP refused the connection');
      }
      await sendMail(db, config, message);
    };
    const mailsTo = async (email: string) => (await server.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await runSuspensionJob(server.db, new Date(), testConfig(), failingOnce);
    } finally {
      errors.mockRestore();
    }
    expect(failures).toBe(1);
    expect([await mailsTo(unlucky.member.email), await mailsTo(other.member.email)]).toEqual([0, 1]);
    const [released] = await server.db.select().from(tradingSuspensions).where(eq(tradingSuspensions.userId, unlucky.member.id));
    expect(released!.mailedAt).toBeNull();
    await runSuspensionJob(server.db, new Date(), testConfig(), failingOnce);
    expect([await mailsTo(unlucky.member.email), await mailsTo(other.member.email)]).toEqual([1, 1]);
  });

  it('leaves a member who paid after the job selected them: the suspending update checks the cause itself', async () => {
    const paid = await member();
    expect((await create(paid.token, input(key('valid-')))).errors).toBeUndefined();
    // Selected as due (fees overdue 5 days) ... then paid before the member's update ran.
    await server.db.update(users).set({ overdueTraderFeeInvoices: 1, overdueTraderFeesSince: new Date(Date.now() - 5 * day) }).where(eq(users.id, paid.member.id));
    await server.db.update(users).set({ overdueTraderFeeInvoices: 0, overdueTraderFeesSince: null }).where(eq(users.id, paid.member.id));
    expect(await suspendMember(server.db, paid.member.id, new Date())).toBe(0);
    expect((await accountsOf(paid.member.id)).map((account) => account.status)).toEqual(['connected']);
    // Still due: suspended with the cause the same statement read.
    await server.db.update(users).set({ overdueTraderFeeInvoices: 2, overdueTraderFeesSince: new Date(Date.now() - 5 * day) }).where(eq(users.id, paid.member.id));
    expect(await suspendMember(server.db, paid.member.id, new Date())).toBe(1);
    expect((await accountsOf(paid.member.id)).map((account) => [account.status, account.suspensionCause])).toEqual([['suspended', 'overdue_invoices']]);
    const [recorded] = await server.db.select().from(tradingSuspensions).where(eq(tradingSuspensions.userId, paid.member.id));
    expect(recorded!.cause).toBe('overdue_invoices');
  });
});
