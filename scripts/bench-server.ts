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
