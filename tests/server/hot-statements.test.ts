// PGlite runs the hot queries (the viewer, me's member view) as server-side prepared statements on their
// generic plan (server/db/client.ts planCachedStatements): what is cached is the plan, never an answer, so a
// revoked or expired session and a session on another tenant's host are refused as before; a parameter that
// is not a plain literal takes the usual way. Always on PGlite: that is the client this is about.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { demoPassword } from '../../server/db/seed';
import { findViewer } from '../../server/context';
import { hashToken } from '../../server/security/tokens';
import { startInstance } from './harness';

let server: Awaited<ReturnType<typeof startInstance>>;
let token: string;

const meQuery = `{ me { name obfuscated_email wallet_balance { currency available usdt_value } purchase { name price has_upgrades } purchases { name } } }`;
const plans = async () =>
  ((await server.db.execute(sql`select name, generic_plans::int as generic from pg_prepared_statements order by name`)) as any).rows as {
    name: string;
    generic: number;
  }[];
const bearer = (value: string, host = 'localhost') => new Request(`http://${host}/graphql`, { headers: { authorization: `Bearer ${value}` } });

beforeAll(async () => {
  server = await startInstance(undefined);
  const tenant = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
  const login = await server.gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, {
    data: { username: 'demo@example.com', password: demoPassword, whitelabel_uuid: tenant },
  });
  token = login.data.login.access_token;
});
afterAll(() => server?.close());

describe('hot statements on PGlite', () => {
  it('me answers the same every time, from prepared statements on their generic plans', async () => {
    const first = await server.gql(meQuery, undefined, token);
    expect(first.data.me).toMatchObject({ name: 'Demo Member', obfuscated_email: 'de***@example.com' });
    expect(first.data.me.wallet_balance.map((wallet: { currency: string }) => wallet.currency)).toEqual(['USDT', 'EUR', 'USD']);
    for (let run = 0; run < 3; run += 1) expect(await server.gql(meQuery, undefined, token)).toEqual(first);
    const prepared = await plans();
    // The viewer and the member view, at least; each ran on its generic plan.
    expect(prepared.length).toBeGreaterThanOrEqual(2);
    for (const statement of prepared) expect(statement.generic).toBeGreaterThan(0);
  });

  it('a session revoked or expired after its plan was cached is refused at once', async () => {
    expect((await findViewer(server.db, bearer(token), 'localhost'))?.user.email).toBe('demo@example.com');
    await server.db.execute(sql`update sessions set revoked_at = now() where token_hash = ${hashToken(token)}`);
    expect(await findViewer(server.db, bearer(token), 'localhost')).toBeNull();
    expect((await server.gql(meQuery, undefined, token)).errors?.[0]?.extensions?.category).toBe('authentication');
    await server.db.execute(sql`update sessions set revoked_at = null, expires_at = now() - interval '1 second' where token_hash = ${hashToken(token)}`);
    expect(await findViewer(server.db, bearer(token), 'localhost')).toBeNull();
    await server.db.execute(sql`update sessions set expires_at = now() + interval '1 hour' where token_hash = ${hashToken(token)}`);
    expect((await findViewer(server.db, bearer(token), 'localhost'))?.user.email).toBe('demo@example.com');
  });

  it("another tenant's host, and parameters that are not plain literals, are answered as before", async () => {
    expect(await findViewer(server.db, bearer(token), 'acme')).toBeNull();
    // A quote in the host source cannot be written into an EXECUTE: the usual query runs, and finds nobody.
    expect(await findViewer(server.db, bearer(token), "localhost' or '1'='1")).toBeNull();
    expect(await findViewer(server.db, bearer(`${token}'`), 'localhost')).toBeNull();
  });
});
