// `npm run bench:store`: the store's product list on the reference server (DESIGN.md §8, issue 13: p99 ≤ 30 ms
// at 100 requests/s). A fresh embedded database with the demo data plus a "bench" tenant whose public store
// holds 1,000 products in 10 categories, each with an image; a visitor asks for the whole list with the fields a
// store card shows and the headers a browser running the app sends (gzip accepted). The load is open-loop: every
// request has a due time and its latency counts from then, to the answer's last byte. Prints figures, asserts
// nothing but failures. Options: --seconds=N (default 30).
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const seconds = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.split('=')[1] ?? 30);
const rate = 100;
const budgetP99 = 30;
const dataDir = join(root, '.tmp/bench-store-data');

async function seedBenchStore(): Promise<string> {
  const { openDatabase } = await import('../server/db/client');
  const { seedIfEmpty } = await import('../server/db/seed');
  const schema = await import('../server/db/schema');
  rmSync(dataDir, { recursive: true, force: true });
  const database = await openDatabase({ dataDir });
  try {
    await seedIfEmpty(database.db);
    const [tenant] = await database.db
      .insert(schema.tenants)
      .values({ name: 'Bench Store', subdomain: 'bench', currency: 'USDT', supportedCurrencies: ['USDT'] })
      .returning();
    await database.db.insert(schema.tenantModules).values({
      tenantId: tenant!.id,
      module: 'products',
      publicConfig: {},
      customConfig: { view_template: 'products', allow_public_access: true },
    });
    const categories = await database.db
      .insert(schema.productCategories)
      .values(Array.from({ length: 10 }, (_, index) => ({ tenantId: tenant!.id, name: `Category ${index + 1}`, sortOrder: index })))
      .returning();
    const made = await database.db
      .insert(schema.products)
      .values(
        Array.from({ length: 1000 }, (_, index) => ({
          tenantId: tenant!.id,
          name: `Product ${index + 1}`,
          description: `A product of the bench store, number ${index + 1}, with a description of typical length for a store card.`,
          currency: 'USDT',
          priceOnetime: index % 2 ? `${(index % 90) + 10}.90` : null,
          priceMonthly: index % 2 ? null : `${(index % 40) + 5}.00`,
          priceAnnually: index % 2 ? null : `${(index % 40) * 10 + 50}.00`,
          sortOrder: index,
        })),
      )
      .returning({ id: schema.products.id });
    await database.db
      .insert(schema.productCategoryLinks)
      .values(made.map(({ id }, index) => ({ productId: id, categoryId: categories[index % 10]!.id })));
    await database.db.insert(schema.productImages).values(made.map(({ id }) => ({ productId: id, url: '/media/products/starter-bundle.svg' })));
    return tenant!.uuid;
  } finally {
    await database.close();
  }
}

/** One POST; resolves with the status and the bytes received (compressed, as they came over the wire). */
function post(url: string, agent: Agent, body: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          // The app's client (graphql-request) in a browser.
          accept: 'application/graphql-response+json, application/json',
          'accept-encoding': 'gzip, deflate, br',
          origin: 'http://bench.localhost',
        },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode!, bytes }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function openLoop(endpoint: string, body: string, durationSeconds: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const records: { latency: number; ok: boolean; bytes: number }[] = [];
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  let sent = 0;
  let firstFailure: string | undefined;
  while (performance.now() - started < durationSeconds * 1000) {
    while (started + (sent * 1000) / rate <= performance.now()) {
      const due = started + (sent * 1000) / rate;
      sent += 1;
      const call = post(endpoint, agent, body)
        .then(({ status, bytes }) => {
          if (status !== 200) firstFailure ??= `HTTP ${status}`;
          records.push({ latency: performance.now() - due, ok: status === 200, bytes });
        })
        .catch((error: Error) => {
          firstFailure ??= error.message;
          records.push({ latency: performance.now() - due, ok: false, bytes: 0 });
        })
        .finally(() => pending.delete(call));
      pending.add(call);
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  agent.destroy();
  const sorted = records.map((record) => record.latency).sort((a, b) => a - b);
  return {
    count: records.length,
    failures: records.filter((record) => !record.ok).length,
    bytes: records.find((record) => record.ok)?.bytes ?? 0,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    firstFailure,
  };
}

const tenantUuid = await seedBenchStore();
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/index.ts')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: '0', STATIC_DIR: '', DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: '',
    // Production asks for the key that seals exchange secrets; a throwaway one serves the bench's fresh database.
    EXCHANGE_SECRETS_KEY: process.env.EXCHANGE_SECRETS_KEY ?? randomBytes(32).toString('base64'),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const port = await new Promise<number>((resolve, reject) => {
    server.stdout.on('data', (chunk) => {
      const match = /Portal on http:\/\/localhost:(\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
    server.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
  });
  const endpoint = `http://localhost:${port}/graphql`;
  const body = JSON.stringify({
    query: `query StoreProducts($w: ID!) { moduleProducts(whitelabel_uuid: $w) { id uuid name description image currency currency_symbol
      price_onetime price_monthly price_quartally price_semiannually price_annually last_price categories { id name } } }`,
    variables: { w: tenantUuid },
  });
  const check = (await (
    await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://bench.localhost' }, body })
  ).json()) as { data?: { moduleProducts: unknown[] }; errors?: { message: string }[] };
  if (check.data?.moduleProducts.length !== 1000) throw new Error(`moduleProducts did not answer 1,000 products: ${check.errors?.[0]?.message}`);
  await openLoop(endpoint, body, 5); // warm-up
  const result = await openLoop(endpoint, body, seconds);
  console.log(`moduleProducts, 1,000 products (${(result.bytes / 1024).toFixed(1)} KB on the wire), ${rate} requests/s for ${seconds} s:`);
  console.log(
    `  p50 ${result.p50.toFixed(1)} ms, p90 ${result.p90.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms ` +
      `(${result.count} requests, ${result.failures} failed) — budget p99 ${budgetP99} ms: ${result.failures > 0 ? 'FAILURES' : result.p99 <= budgetP99 ? 'within budget' : 'OVER BUDGET'}`,
  );
  if (result.failures > 0) {
    console.log(`  first failure: ${result.firstFailure}`);
    process.exitCode = 1;
  }
} finally {
  server.kill('SIGTERM');
  if (server.exitCode === null) await once(server, 'exit');
  rmSync(dataDir, { recursive: true, force: true });
}
