// `npm run bench:server`: latency of the `me` query on the reference server at a steady 200 requests a second
// on loopback (DESIGN.md §8 budget: p99 at most 50 ms, stretch 10 ms). A fresh embedded database with the demo
// data; the demo member signs in once and every request carries its token, as the app's would.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { LoginDocument, MeDocument } from '../src/api/generated/graphql';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 4191);
const rate = 200;
const seconds = 30;
const endpoint = `http://localhost:${port}/graphql`;

const dataDir = join(root, '.tmp/bench-server-data');
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/index.ts')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' },
  stdio: ['ignore', 'pipe', 'inherit'],
});

async function graphql<T>(query: string, variables: object, token?: string): Promise<T> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data) throw new Error(body.errors?.[0]?.message ?? `HTTP ${response.status}`);
  return body.data;
}

try {
  await new Promise<void>((resolve, reject) => {
    server.stdout.on('data', (chunk) => String(chunk).includes('Portal on') && resolve());
    server.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
  });
  const tenant = await graphql<{ whiteLabel: { uuid: string } }>('query($source: String) { whiteLabel(source: $source) { uuid } }', {
    source: 'localhost',
  });
  const { login } = await graphql<{ login: { access_token: string } }>(LoginDocument.toString(), {
    data: { username: 'demo@example.com', password: 'Demo12345', whitelabel_uuid: tenant.whiteLabel.uuid },
  });
  const request = {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.access_token}` },
    body: JSON.stringify({ query: MeDocument.toString() }),
  };
  // Five warm-up seconds (JIT, database caches), then the measured run at a fixed rate (not as fast as possible).
  await autocannon({ url: endpoint, ...request, connections: 10, overallRate: rate, duration: 5 });
  const result = await autocannon({ url: endpoint, ...request, connections: 20, overallRate: rate, duration: seconds });
  const failed = result.errors + result.timeouts + result.non2xx;
  console.log(`me on the reference server, ${rate} requests/s for ${seconds} s on loopback (embedded PostgreSQL):`);
  console.log(`  requests: ${result.requests.total}, failed: ${failed}`);
  console.log(`  latency p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  console.log(`  p99 budget 50 ms, stretch 10 ms: ${result.latency.p99 <= 50 ? 'within budget' : 'OVER BUDGET'}`);
  if (failed > 0) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
}

// ---------------------------------------------------------------- moduleProducts (shop area)
// A store of 1,000 products in one tenant (DESIGN §8 issue 13: p99 ≤ 30 ms at 100 requests/s): a fresh
// embedded database with the demo data plus a "bench" tenant whose public store holds 1,000 products in 10
// categories, each with an image; a visitor asks for the whole list with the fields a store card shows, with
// the headers a browser running the app sends (graphql-request's Accept, gzip accepted). Self-contained:
// its own data folder and server process.
async function benchModuleProducts() {
  const { openDatabase } = await import('../server/db/client');
  const { seedIfEmpty } = await import('../server/db/seed');
  const schema = await import('../server/db/schema');
  const productsRate = 100;
  const productsPort = port + 1;
  const productsEndpoint = `http://localhost:${productsPort}/graphql`;
  const productsDir = join(root, '.tmp/bench-server-products-data');
  rmSync(productsDir, { recursive: true, force: true });

  const database = await openDatabase({ dataDir: productsDir });
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
  await database.db.insert(schema.productCategoryLinks).values(made.map(({ id }, index) => ({ productId: id, categoryId: categories[index % 10]!.id })));
  await database.db.insert(schema.productImages).values(made.map(({ id }) => ({ productId: id, url: '/media/products/starter-bundle.svg' })));
  await database.close();

  const productsServer = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/index.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(productsPort), DATA_DIR: productsDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      productsServer.stdout.on('data', (chunk) => String(chunk).includes('Portal on') && resolve());
      productsServer.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
    });
    const request = {
      method: 'POST' as const,
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        'accept-encoding': 'gzip, deflate, br',
      },
      body: JSON.stringify({
        query: `query StoreProducts($w: ID!) { moduleProducts(whitelabel_uuid: $w) { id uuid name description image currency currency_symbol
          price_onetime price_monthly price_quartally price_semiannually price_annually last_price categories { id name } } }`,
        variables: { w: tenant!.uuid },
      }),
    };
    // fetch decompresses the answer, as a browser does.
    const check = (await (await fetch(productsEndpoint, request)).json()) as { data?: { moduleProducts: unknown[] } };
    if (check.data?.moduleProducts.length !== 1000) throw new Error('moduleProducts did not answer 1,000 products');
    await autocannon({ url: productsEndpoint, ...request, connections: 10, overallRate: productsRate, duration: 5 });
    const result = await autocannon({ url: productsEndpoint, ...request, connections: 20, overallRate: productsRate, duration: seconds });
    const failed = result.errors + result.timeouts + result.non2xx;
    console.log(`moduleProducts (1,000 products, ${Math.round(result.throughput.average / 1024)} KB/s) on the reference server, ${productsRate} requests/s for ${seconds} s:`);
    console.log(`  requests: ${result.requests.total}, failed: ${failed}`);
    console.log(`  latency p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
    console.log(`  p99 budget 30 ms: ${result.latency.p99 <= 30 ? 'within budget' : 'OVER BUDGET'}`);
    if (failed > 0) process.exitCode = 1;
  } finally {
    productsServer.kill('SIGTERM');
  }
}

await benchModuleProducts();
