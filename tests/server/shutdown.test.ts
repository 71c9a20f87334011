// SIGTERM while bursts of requests are in flight (issue 24 §5, README "On SIGTERM"): every request the server
// has received when it is told to stop is answered, either with its result or with the retryable 503
// `unavailable` (Retry-After), and never cut; keep-alive connections close cleanly after their answer; the
// money stays consistent (after a restart on the same data every wallet equals its ledger and every invoice
// was paid at most once). The requests go out on fresh connections, as a browser's or a load balancer's do, and
// the signal comes once every byte of them is sent. Runs on PGlite, and on PostgreSQL in the PostgreSQL pass.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { seedIfEmpty } from '../../server/db/seed';
import { products, tenants } from '../../server/db/schema';
import { createGraphQL } from '../../server/graphql';
import { unavailable } from '../../server/errors';
import { hashToken } from '../../server/security/tokens';
import { createTestDatabase, databaseName, testDatabaseUrl } from './harness';
import { newMember } from './members';
import { testConfig } from './requests';
import { killLeftovers, spawnServer, type ServerProcess } from './server-process';

const scratch = join(fileURLToPath(new URL('../..', import.meta.url)), '.tmp', `shutdown-${process.pid}`);
const dataDir = join(scratch, 'data');
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
const storage = (): Record<string, string> => (database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir });
const open = () => openDatabase({ databaseUrl: database?.url, dataDir, prepare: seedIfEmpty });

const loginMutation = `mutation ($data: LoginInput!) { login(data: $data) { access_token } }`;
const payMutation = `mutation ($id: ID!, $k: String) { payFromBalance(invoice_id: $id, idempotency_key: $k) { status } }`;

let demoUuid: string;
/** Members with a balance and two unpaid invoices each (prepared before the server starts). */
let payers: { token: string; invoices: string[] }[] = [];

interface Outcome {
  /** The answer, or why there was none (the connection was cut). */
  answer?: { status: number; headers: Record<string, string | string[] | undefined>; body: any };
  cut?: string;
  /** The connection failed after its answer (a reset instead of a clean close). */
  socketError?: string;
}

/**
 * Sends `bodies` at once, each on a new keep-alive connection, and resolves once every byte is written;
 * `outcomes` settles when every request has its answer or its failure.
 */
function burst(port: number, bodies: { body: unknown; token?: string }[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  let written = 0;
  let allWritten!: () => void;
  const sent = new Promise<void>((resolve) => (allWritten = resolve));
  const outcomes = Promise.all(
    bodies.map(
      ({ body, token }) =>
        new Promise<Outcome>((resolve) => {
          const outcome: Outcome = {};
          const payload = JSON.stringify(body);
          const request = httpRequest(
            {
              host: 'localhost',
              port,
              path: '/graphql',
              method: 'POST',
              agent,
              headers: {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
                ...(token ? { authorization: `Bearer ${token}` } : {}),
              },
            },
            (response) => {
              let text = '';
              response.setEncoding('utf8');
              response.on('data', (chunk) => (text += chunk));
              response.on('end', () => {
                outcome.answer = { status: response.statusCode!, headers: response.headers, body: JSON.parse(text) };
              });
            },
          );
          request.on('socket', (socket: Socket) => {
            socket.on('error', (error) => (outcome[outcome.answer ? 'socketError' : 'cut'] ??= error.message));
            // Settled when the connection has closed: cleanly after the answer, or cut.
            socket.once('close', () => {
              if (!outcome.answer) outcome.cut ??= 'closed without an answer';
              resolve(outcome);
            });
          });
          request.on('error', (error) => (outcome.cut ??= error.message));
          request.on('finish', () => ++written === bodies.length && allWritten());
          request.end(payload);
        }),
    ),
  );
  return { sent, outcomes: outcomes.finally(() => agent.destroy()) };
}

/** An answer the client may act on: its result, or the retryable `unavailable` as a 503 with Retry-After. */
function kindOf(outcome: Outcome, field: string): string {
  if (outcome.cut) return `cut: ${outcome.cut}`;
  const { status, headers, body } = outcome.answer!;
  if (status === 200 && body.data?.[field] && !body.errors) return 'answered';
  const category = body.errors?.[0]?.extensions?.category;
  if (status === 503 && category === 'unavailable' && Number(headers['retry-after']) > 0) return 'unavailable';
  return `other: HTTP ${status} ${JSON.stringify(body).slice(0, 200)}`;
}

const tally = (kinds: string[]) => kinds.reduce<Record<string, number>>((counts, kind) => ({ ...counts, [kind]: (counts[kind] ?? 0) + 1 }), {});

/** Spawns the server, sends the burst, signals once it is all sent, and waits for every outcome and the exit. */
async function stopDuring(bodies: (server: ServerProcess) => { body: unknown; token?: string }[], field: string) {
  const server = await spawnServer(storage());
  const { sent, outcomes } = burst(server.port, bodies(server));
  await sent;
  const signalAt = performance.now();
  server.child.kill('SIGTERM');
  const results = await outcomes;
  const { code } = await server.exited;
  const kinds = results.map((outcome) => kindOf(outcome, field));
  // The server's own account of its stop, beside what the clients got.
  const told = server.output().split('\n').filter((line) => /stopping|Still|cut/.test(line));
  console.log(
    `shutdown on ${databaseName}, ${results.length} ${field} in flight: ${JSON.stringify(tally(kinds))}, ` +
      `exit ${code} after ${Math.round(performance.now() - signalAt)} ms; server: ${told.join(' / ')}`,
  );
  return { results, kinds, code, server };
}

beforeAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  if (testDatabaseUrl) database = await createTestDatabase();
  // The data the bursts need, written before the server process takes the database.
  const prepared = await open();
  try {
    const { db } = prepared;
    const gql = async (query: string, variables: Record<string, unknown>, token?: string) => {
      const response = await createGraphQL(db, testConfig()).fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data: any };
    };
    demoUuid = (await gql(`{ whiteLabel(source: "localhost") { uuid } }`, {})).data.whiteLabel.uuid;
    const [tenant] = await db.select().from(tenants).where(eq(tenants.uuid, demoUuid));
    const [course] = await db.select().from(products).where(eq(products.name, 'Trading Basics Course'));
    payers = [];
    for (let n = 0; n < 3; n += 1) {
      const { token } = await newMember(db, { tenantId: tenant!.id, prefix: 'stop', usdt: '1000' });
      const invoices: string[] = [];
      for (let i = 0; i < 2; i += 1) {
        await gql(
          `mutation ($w: ID!, $p: ID!) { moduleProductsAddToShoppingCart(whitelabel_uuid: $w, product_id: $p, input: { qty: 1, billing_cycle: "onetime" }) { status } }`,
          { w: demoUuid, p: String(course!.id) },
          token,
        );
        const order = (await gql(`query ($w: ID!) { moduleProductsShopingCart(whitelabel_uuid: $w) { id } }`, { w: demoUuid }, token)).data;
        const made = await gql(`mutation ($o: ID!) { moduleProductsCreateInvoice(order_id: $o) { id } }`, { o: order.moduleProductsShopingCart.id }, token);
        invoices.push(made.data.moduleProductsCreateInvoice[0].id);
      }
      payers.push({ token, invoices });
    }
  } finally {
    await prepared.close();
  }
}, 90_000);
afterEach(killLeftovers);
afterAll(async () => {
  await database?.drop();
  rmSync(scratch, { recursive: true, force: true });
});

describe(`refusing the requests' new work on ${databaseName}`, () => {
  it('once refused, a request answers 503 unavailable with Retry-After and writes nothing; the jobs keep the database', { timeout: 60_000 }, async () => {
    const opened = await open();
    try {
      const endpoint = createGraphQL(opened.requestDb, testConfig());
      const ask = async (query: string, variables: Record<string, unknown>, token: string) => {
        const response = await endpoint.fetch('http://localhost/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ query, variables }),
        });
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as any };
      };
      const payer = payers[0]!;
      const balance = sql`select available from wallets w join sessions s on s.user_id = w.user_id where s.token_hash = ${hashToken(payer.token)}`;
      const available = async () => ((await opened.db.execute(balance)) as unknown as { rows: { available: string }[] }).rows[0]!.available;
      expect((await ask('{ me { id } }', {}, payer.token)).body.data.me.id).toBeTruthy();
      const before = await available();

      opened.refuseRequests(() => unavailable(5));
      for (const [query, variables] of [
        ['{ me { id } }', {}],
        [payMutation, { id: payer.invoices[0], k: 'refused-pay' }],
      ] as const) {
        const answer = await ask(query, variables, payer.token);
        expect(answer).toMatchObject({ status: 503, retryAfter: '5' });
        expect(answer.body.errors).toEqual([
          expect.objectContaining({
            message: 'The server is restarting. Try again in a few seconds.',
            extensions: { category: 'unavailable', retry_after: 5 },
          }),
        ]);
      }
      // The pay moved nothing, and the database itself (the jobs') still answers.
      expect(await available()).toBe(before);
    } finally {
      await opened.close();
    }
  });
});

describe(`SIGTERM with a burst in flight on ${databaseName}`, () => {
  it('150 sign-ins: each is signed in or told unavailable (503, Retry-After), none cut, every connection closes cleanly; exit 0', { timeout: 60_000 }, async () => {
    const credentials = { username: 'demo@example.com', password: 'Demo12345', whitelabel_uuid: demoUuid };
    const { results, kinds, code, server } = await stopDuring(
      () => Array.from({ length: 150 }, () => ({ body: { query: loginMutation, variables: { data: credentials } } })),
      'login',
    );
    expect(kinds.filter((kind) => kind !== 'answered' && kind !== 'unavailable')).toEqual([]);
    expect(results.flatMap((outcome) => outcome.socketError ?? [])).toEqual([]);
    expect(results.every((outcome) => outcome.answer!.headers.connection === 'close')).toBe(true);
    expect(code).toBe(0);
    expect(server.output()).not.toMatch(/cut \d+/);
  });

  it('30 payFromBalance over six invoices: none cut; after a restart every wallet equals its ledger and no invoice is paid twice', { timeout: 60_000 }, async () => {
    const pays = Array.from({ length: 30 }, (_, n) => {
      const payer = payers[n % payers.length]!;
      const invoice = payer.invoices[Math.floor(n / payers.length) % 2]!;
      // Every invoice is paid under two keys, and one key is sent twice.
      return { body: { query: payMutation, variables: { id: invoice, k: `stop-${invoice}-${n % 4}` } }, token: payer.token };
    });
    const { results, kinds, code } = await stopDuring(() => pays, 'payFromBalance');
    expect(kinds.filter((kind) => kind !== 'answered' && kind !== 'unavailable')).toEqual([]);
    expect(results.flatMap((outcome) => outcome.socketError ?? [])).toEqual([]);
    expect(code).toBe(0);

    // The server starts again on the same data, and the money adds up.
    const again = await spawnServer(storage());
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
    const reopened = await open();
    try {
      const rows = async (query: ReturnType<typeof sql>) => ((await reopened.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
      const walletsOffLedger = await rows(sql`
        select w.id, w.available, coalesce(sum(l.amount), 0) as ledger from wallets w
        left join ledger_entries l on l.wallet_id = w.id
        group by w.id, w.available having w.available <> coalesce(sum(l.amount), 0)`);
      expect(walletsOffLedger).toEqual([]);
      const paidInvoices = payers.flatMap((payer) => payer.invoices).map(Number);
      const debits = await rows(sql`
        select invoice_id, count(*)::int as debits from ledger_entries
        where type = 'INVOICE' and invoice_id in ${paidInvoices} group by invoice_id`);
      expect(debits.filter((row) => row.debits !== 1)).toEqual([]);
      // An invoice whose pay was answered as a success is paid, and paid once.
      const answeredPaid = new Set(pays.flatMap((pay, n) => (kinds[n] === 'answered' ? [Number(pay.body.variables.id)] : [])));
      const debited = new Set(debits.map((row) => Number(row.invoice_id)));
      expect([...answeredPaid].filter((id) => !debited.has(id))).toEqual([]);
      const statuses = await rows(sql`select id, status from invoices where id in ${paidInvoices}`);
      expect(statuses.filter((row) => (row.status === 'paid') !== debited.has(Number(row.id)))).toEqual([]);
    } finally {
      await reopened.close();
    }
  });
});
