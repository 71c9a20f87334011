// The server process's lifecycle (DESIGN.md §6): SIGTERM stops accepting, answers every request in flight,
// then closes the database and exits 0, and a write is committed only when its client got the answer. A
// second process on the same PGlite data folder refuses to start. Runs on PGlite, and on PostgreSQL in the
// PostgreSQL pass (TEST_DATABASE_URL).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { createTestDatabase, databaseName, testDatabaseUrl } from './harness';
import { killLeftovers, post, spawnServer, type Answer } from './server-process';

const scratch = join(fileURLToPath(new URL('../..', import.meta.url)), '.tmp', `lifecycle-${process.pid}`);
const dataDir = join(scratch, 'data');
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
/** Where the server keeps its data in this pass: a fresh PostgreSQL database or a fresh PGlite folder. */
const storage = (): Record<string, string> => (database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir });

const loginMutation = `mutation ($data: LoginInput!) { login(data: $data) { access_token } }`;
const meQuery = `{ me { id email } }`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const parse = (answer: Answer) => JSON.parse(answer.body) as { data?: any; errors?: unknown[] };

beforeAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  if (testDatabaseUrl) database = await createTestDatabase();
});
afterEach(killLeftovers);
afterAll(async () => {
  await database?.drop();
  rmSync(scratch, { recursive: true, force: true });
});

describe(`shutdown on ${databaseName}`, () => {
  it('SIGTERM with 200 requests in flight: every one is answered, every committed write was acknowledged, exit 0', { timeout: 90_000 }, async () => {
    const server = await spawnServer(storage());
    const endpoint = `http://localhost:${server.port}/graphql`;
    const tenant = parse(await post(endpoint, { query: `{ whiteLabel(source: "localhost") { uuid } }` })).data.whiteLabel.uuid;
    const credentials = { username: 'demo@example.com', password: 'Demo12345', whitelabel_uuid: tenant };
    const token = parse(await post(endpoint, { query: loginMutation, variables: { data: credentials } })).data.login.access_token as string;

    // 200 keep-alive connections, each used once, so the server has accepted every one before the signal
    // (a connection still in the listen backlog is refused when the server stops listening).
    const agent = new Agent({ keepAlive: true, maxSockets: 200 });
    await Promise.all(Array.from({ length: 200 }, () => post(endpoint, { query: '{ __typename }' }, { agent })));
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(200);
    // And two idle connections, which must not hold the shutdown up: one kept alive after a request, and
    // one that never sent any (as a load balancer's spare), which no keep-alive timeout would ever close.
    const idleAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    await post(endpoint, { query: '{ __typename }' }, { agent: idleAgent });
    const spare = connect(server.port, 'localhost');
    await once(spare, 'connect');
    const idleClosed = [Object.values(idleAgent.freeSockets).flat()[0] as Socket, spare].map((socket) =>
      once(socket, 'close').then(() => performance.now()),
    );

    // One in twenty is a sign-in (a password hash, then two writes), the rest read the member. Hashes run one
    // at a time on two cores, so even on a busy machine the sign-ins keep the drain well within its 10 s.
    let written = 0;
    let allWritten!: () => void;
    const sent = new Promise<void>((resolve) => (allWritten = resolve));
    const onSent = () => ++written === 200 && allWritten();
    let lastAnswerAt = 0;
    const requests = Array.from({ length: 200 }, (_, i) => {
      const answer =
        i % 20 === 0
          ? post(endpoint, { query: loginMutation, variables: { data: credentials } }, { agent, headers: { 'user-agent': `storm/${i}` }, sent: onSent })
          : post(endpoint, { query: meQuery }, { agent, headers: { authorization: `Bearer ${token}` }, sent: onSent });
      return answer.then((value) => ((lastAnswerAt = performance.now()), value));
    });
    const settled = Promise.allSettled(requests);
    await sent;
    const signalAt = performance.now();
    server.child.kill('SIGTERM');
    const results = await settled;
    const { code } = await server.exited;
    const exitedAt = performance.now();
    const idleClosedAt = Math.max(...(await Promise.all(idleClosed)));

    const cut = results.filter((result) => result.status === 'rejected');
    const answers = results.flatMap((result) => (result.status === 'fulfilled' ? [parse(result.value)] : []));

    // Writes: what the database holds now must be exactly what the clients were told.
    const acknowledgedTokens = answers.flatMap((answer) => (answer.data?.login ? [sha256(answer.data.login.access_token)] : []));
    const acknowledgedLogins = results.flatMap((result, i) => (i % 20 === 0 && result.status === 'fulfilled' ? [`storm/${i}`] : []));
    const reopened = await openDatabase({ databaseUrl: database?.url, dataDir });
    let sessions: string[];
    let attempts: string[];
    try {
      const rows = async (query: ReturnType<typeof sql>) => ((await reopened.db.execute(query)) as unknown as { rows: Record<string, string>[] }).rows;
      sessions = (await rows(sql`select token_hash from sessions`)).map((row) => row.token_hash!).filter((hash) => hash !== sha256(token));
      attempts = (await rows(sql`select user_agent from login_attempts where user_agent like 'storm/%' and success`)).map((row) => row.user_agent!);
    } finally {
      await reopened.close();
    }
    const unacknowledged = sessions.filter((hash) => !acknowledgedTokens.includes(hash)).length;
    const lost = acknowledgedTokens.filter((hash) => !sessions.includes(hash)).length;

    console.log(
      `shutdown on ${databaseName}: ${cut.length} of 200 in-flight requests cut, exit code ${code}; ` +
        `sign-ins committed but not acknowledged: ${unacknowledged}, acknowledged but lost: ${lost}; ` +
        `idle connections closed after ${Math.round(idleClosedAt - signalAt)} ms, ` +
        `last answer after ${Math.round(lastAnswerAt - signalAt)} ms, exit after ${Math.round(exitedAt - signalAt)} ms`,
    );
    expect(cut.map((result) => String((result as PromiseRejectedResult).reason))).toEqual([]);
    expect(answers.filter((answer) => answer.errors)).toEqual([]);
    expect(code).toBe(0);
    // Nothing waited for the 10 s limit: not the requests, not the idle connections.
    expect(server.output()).not.toMatch(/cut \d+/);
    expect(acknowledgedTokens).toHaveLength(10);
    expect(sessions.sort()).toEqual(acknowledgedTokens.sort());
    expect(attempts.sort()).toEqual(acknowledgedLogins.sort());
  });
});

describe.runIf(!testDatabaseUrl)('the data folder lock (PGlite only)', () => {
  const lockFile = join(dataDir, 'server.lock');

  it('a second server on the same DATA_DIR refuses to start; a lock left by a killed server is taken over; SIGTERM removes it', { timeout: 90_000 }, async () => {
    const first = await spawnServer({ DATA_DIR: dataDir });
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(first.child.pid));

    await expect(spawnServer({ DATA_DIR: dataDir })).rejects.toThrow(
      new RegExp(`exited \\(1\\)[\\s\\S]*${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by another server \\(pid ${first.child.pid}\\)`),
    );
    // The refused process left the first one and its lock alone.
    const endpoint = `http://localhost:${first.port}/graphql`;
    expect(parse(await post(endpoint, { query: `{ whiteLabel(source: "localhost") { name } }` })).data.whiteLabel.name).toBe('Demo Portal');
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(first.child.pid));

    // A killed server cannot remove its lock; the next one sees that its pid is gone and takes over.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(lockFile)).toBe(true);
    const next = await spawnServer({ DATA_DIR: dataDir });
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(next.child.pid));
    next.child.kill('SIGTERM');
    expect((await next.exited).code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });
});
