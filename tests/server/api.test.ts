import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { sql } from 'drizzle-orm';
import { seedIfEmpty, demoTwoFaSecret } from '../../server/db/seed';
import { startServer } from './harness';

let server: Awaited<ReturnType<typeof startServer>>;
let demoUuid: string;

const loginQuery = `mutation ($data: LoginInput!) { login(data: $data) { access_token expires_in token_type } }`;
const login = (data: Record<string, unknown>) => server.gql(loginQuery, { data: { whitelabel_uuid: demoUuid, ...data } });
const sessionCount = async () =>
  Number(((await server.db.execute(sql`select count(*)::int as n from sessions`)) as any).rows[0].n);

beforeAll(async () => {
  server = await startServer();
  const answer = await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`);
  demoUuid = answer.data.whiteLabel.uuid;
});
afterAll(() => server?.close());

describe('provider settings', () => {
  it('answers by host source and by uuid, with modules and design', async () => {
    const bySource = await server.gql(`{ whiteLabel(source: "acme") { uuid name modules { module } design { light_theme_primary } } }`);
    expect(bySource.data.whiteLabel).toMatchObject({
      name: 'Acme Invest',
      modules: [{ module: 'products' }, { module: 'lms' }, { module: 'roadmap' }],
      design: { light_theme_primary: '#b4380b' },
    });
    const byUuid = await server.gql(`query ($uuid: ID) { whiteLabel(uuid: $uuid) { name } }`, { uuid: bySource.data.whiteLabel.uuid });
    expect(byUuid.data.whiteLabel.name).toBe('Acme Invest');
  });

  it('answers null for a host no tenant serves, and a validation error without source or uuid', async () => {
    expect((await server.gql(`{ whiteLabel(source: "nobody") { name } }`)).data.whiteLabel).toBeNull();
    const neither = await server.gql(`{ whiteLabel { name } }`);
    expect(neither.errors?.[0]?.extensions).toMatchObject({ category: 'validation', fields: { source: expect.any(Array) } });
  });

  it('gives the product module custom config and the CMS modules', async () => {
    const answer = await server.gql(
      `query ($uuid: ID!) { moduleCustomConfig(whitelabel_uuid: $uuid, module: "products") { custom_config } moduleCms(whitelabel_uuid: $uuid) { name } }`,
      { uuid: demoUuid },
    );
    expect(answer.data.moduleCustomConfig.custom_config).toMatchObject({ view_template: 'products' });
    expect(answer.data.moduleCms.map((m: { name: string }) => m.name)).toEqual(['News', 'Help']);
  });

  it('seeds only once', async () => {
    expect(await seedIfEmpty(server.db)).toBe(false);
  });
});

describe('sign-in', () => {
  it('bad variables get a validation error and write nothing', async () => {
    const before = await sessionCount();
    const answer = await login({ username: 'not-an-email', password: '' });
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      category: 'validation',
      fields: { username: expect.any(Array), password: ['This field is required.'] },
    });
    expect(await sessionCount()).toBe(before);
  });

  it('an unknown email and a wrong password get the same answer', async () => {
    const unknown = await login({ username: 'nobody@example.com', password: 'Demo12345' });
    const wrong = await login({ username: 'demo@example.com', password: 'Wrong12345' });
    expect(unknown.errors?.[0]).toMatchObject({ message: wrong.errors?.[0]?.message, extensions: wrong.errors?.[0]?.extensions });
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ category: 'authentication', reason: 'InvalidLogin' });
  });

  it('issues an opaque token that opens me, and logout revokes it', async () => {
    const answer = await login({ username: 'Demo@Example.com', password: 'Demo12345' });
    const token = answer.data.login.access_token as string;
    expect(answer.data.login).toMatchObject({ expires_in: 86400, token_type: 'Bearer' });
    const stored = (await server.db.execute(sql`select token_hash from sessions`)) as any;
    expect(stored.rows.map((row: { token_hash: string }) => row.token_hash)).not.toContain(token);

    const me = await server.gql(`{ me { name obfuscated_email wallet_balance { currency available } } userSettings { status } }`, undefined, token);
    expect(me.data.me.name).toBe('Demo Member');
    expect(me.data.me.obfuscated_email).toBe('de***@example.com');
    expect(me.data.me.wallet_balance.map((w: { currency: string }) => w.currency)).toEqual(['USDT', 'EUR']);
    expect(me.data.userSettings.status).toBe('active');

    expect((await server.gql(`mutation { logout { status } }`, undefined, token)).data.logout.status).toBe('success');
    const after = await server.gql(`{ me { name } }`, undefined, token);
    expect(after.errors?.[0]?.extensions?.category).toBe('authentication');
  });

  it('me is null for a visitor and an authentication error for a bad token', async () => {
    expect((await server.gql(`{ me { name } }`)).data.me).toBeNull();
    expect((await server.gql(`{ me { name } }`, undefined, 'stale')).errors?.[0]?.extensions?.category).toBe('authentication');
    expect((await server.gql(`{ userSettings { status } }`)).errors?.[0]?.extensions?.category).toBe('authentication');
  });

  it('a member with two-factor needs a current code, and a code works only once', async () => {
    const credentials = { username: 'twofa@example.com', password: 'Demo12345' };
    expect((await login(credentials)).errors?.[0]?.extensions).toMatchObject({ reason: 'TwoFaError' });
    expect((await login({ ...credentials, twofa_verification_code: '000000' })).errors?.[0]?.extensions).toMatchObject({
      reason: 'TwoFaCodeError',
    });
    const code = new TOTP({ secret: Secret.fromBase32(demoTwoFaSecret) }).generate();
    expect((await login({ ...credentials, twofa_verification_code: code })).data.login.access_token).toBeTruthy();
    expect((await login({ ...credentials, twofa_verification_code: code })).errors?.[0]?.extensions).toMatchObject({
      reason: 'TwoFaCodeError',
    });
  });
});

describe('the contract', () => {
  it('an operation without an implementation answers a clear error, not a crash', async () => {
    const answer = await server.gql(`{ coinPaymentsConfig { name } }`);
    expect(answer.errors?.[0]).toMatchObject({
      message: 'coinPaymentsConfig is not implemented by this server yet.',
      extensions: { category: 'not_implemented' },
    });
  });

  it('refuses queries that multiply work through aliases', async () => {
    const fine = Array.from({ length: 3 }, (_, i) => `a${i}: appState { status }`).join(' ');
    expect((await server.gql(`{ ${fine} }`)).errors).toBeUndefined();
    const greedy = Array.from({ length: 40 }, (_, i) => `a${i}: appState { status }`).join(' ');
    const answer = await server.gql(`{ ${greedy} }`);
    expect(answer.errors?.[0]?.message).toMatch(/aliases/i);
  });
});
