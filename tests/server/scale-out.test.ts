// Several server processes on one PostgreSQL behind a load balancer (DESIGN.md §6): nothing a member
// depends on may live in one process's memory. Two instances here, each with its own connection pool and
// GraphQL endpoint on the same database, and requests spread over both. PostgreSQL only: PGlite serves
// one process (its DATA_DIR is locked), so the PGlite pass reports these as skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox, tenants } from '../../server/db/schema';
import { createTestDatabase, startInstance, testDatabaseUrl } from './harness';

type Instance = Awaited<ReturnType<typeof startInstance>>;

describe.runIf(testDatabaseUrl)('two server instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: Instance;
  let b: Instance;
  let demoUuid: string;

  const loginMutation = `mutation ($data: LoginInput!) { login(data: $data) { access_token } }`;
  const registerMutation = `mutation ($email: String!, $u: ID!) {
    createUser(name: "Spread Member", email: $email, password: "Secret123", lang: "en", whitelabel_uuid: $u, source: "localhost") { status }
  }`;
  const verifyMutation = `mutation ($u: ID, $email: String!, $code: String) { verifyEmail(whitelabel_uuid: $u, email: $email, code: $code) { access_token } }`;
  const login = (on: Instance, username: string, password: string) =>
    on.gql(loginMutation, { data: { username, password, whitelabel_uuid: demoUuid } });
  const verify = (on: Instance, email: string, code: string) => on.gql(verifyMutation, { u: demoUuid, email, code });
  async function mailedCode(email: string) {
    const [mail] = await a.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
    return /\b(\d{6})\b/.exec(mail!.text)![1]!;
  }
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

  beforeAll(async () => {
    database = await createTestDatabase();
    // Both at once on the empty database: they take turns with the migrations and the seed.
    [a, b] = await Promise.all([startInstance(database.url), startInstance(database.url)]);
    demoUuid = (await a.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('both started at once on the empty database, and the demo data was seeded once', async () => {
    const tenantRows = await b.db.select({ subdomain: tenants.subdomain }).from(tenants);
    expect(tenantRows.map((tenant) => tenant.subdomain).sort()).toEqual(['acme', 'localhost', 'sso']);
  });

  it('a token issued by one instance works on the other, and signing out on one ends it on both', async () => {
    const token = (await login(a, 'demo@example.com', 'Demo12345')).data.login.access_token;
    expect((await b.gql(`{ me { email } }`, undefined, token)).data.me.email).toBe('demo@example.com');
    expect((await b.gql(`mutation { logout { status } }`, undefined, token)).data.logout.status).toBe('success');
    expect((await a.gql(`{ me { email } }`, undefined, token)).errors?.[0]?.extensions?.category).toBe('authentication');
  });

  it('sign-in failures spread over both instances reach the per-account limit of 5', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await login(attempt % 2 ? b : a, 'twofa@example.com', 'Wrong12345');
      expect(answer.errors?.[0]?.extensions?.reason).toBe('InvalidLogin');
    }
    for (const instance of [a, b]) {
      expect((await login(instance, 'twofa@example.com', 'Demo12345')).errors?.[0]?.extensions).toMatchObject({
        category: 'rate_limited',
        reason: 'TooManyAttempts',
      });
    }
  });

  it('a one-time email code sent by one instance is accepted by the other, once', async () => {
    expect((await a.gql(registerMutation, { email: 'spread@example.com', u: demoUuid })).data.createUser.status).toBe('success');
    const code = await mailedCode('spread@example.com');
    expect((await verify(b, 'spread@example.com', code)).data.verifyEmail.access_token).toBeTruthy();
    expect((await verify(a, 'spread@example.com', code)).errors?.[0]?.extensions?.reason).toBe('CodeExpired');
  });

  it('code attempts count across both instances, also when ten wrong guesses come at once', async () => {
    await b.gql(registerMutation, { email: 'guesses@example.com', u: demoUuid });
    const code = await mailedCode('guesses@example.com');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => verify(i % 2 ? b : a, 'guesses@example.com', wrongFor(code))));
    // Five guesses were checked (and were wrong), the other five found the code used up.
    expect(answers.filter((answer) => answer.data?.verifyEmail === null && !answer.errors)).toHaveLength(5);
    expect(answers.filter((answer) => answer.errors?.[0]?.extensions?.reason === 'CodeExpired')).toHaveLength(5);
    expect((await verify(a, 'guesses@example.com', code)).errors?.[0]?.extensions?.reason).toBe('CodeExpired');
  });

  it('a right code sent to both instances at once signs in only once', async () => {
    await a.gql(registerMutation, { email: 'twice@example.com', u: demoUuid });
    const code = await mailedCode('twice@example.com');
    const answers = await Promise.all([a, b, a, b].map((instance) => verify(instance, 'twice@example.com', code)));
    expect(answers.filter((answer) => answer.data?.verifyEmail?.access_token)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errors?.[0]?.extensions?.reason === 'CodeExpired')).toHaveLength(3);
  });
});
