// `npm run bench:server`: the reference server's latency budgets (DESIGN.md §8, issue 17 "Speed"), on PGlite
// and on PostgreSQL (TEST_DATABASE_URL, or a throwaway local cluster), in four sections:
//   - me: the app's `me` query at a steady 200 requests/s for 30 s on loopback (budget p99 ≤ 15 ms, stretch
//     5 ms), and at 200 requests/s while 200 logins run at once (budget p99 ≤ 100 ms and no failure, stretch
//     30 ms): password hashing must not starve other requests;
//   - rankings: the public copy-trading ranking (a visitor, period 30d, the demo's figures) at a steady 100
//     requests/s for 10 s against the real server (budget p99 ≤ 30 ms, stretch 10 ms; issue 32);
//   - wallet: the balance page's reads (history 12 months and 30 days, first transactions page) for a member
//     with 10,000 ledger rows (budget p99 ≤ 30 ms; scripts/bench-wallet.ts);
//   - affiliates: the team tree's reads (overview, each level's first page, top team) for a member with 5,000
//     people in the team (budget p99 ≤ 30 ms; scripts/bench-affiliates.ts).
// `me` runs the server as its own process over HTTP with an open-loop load: every request has a due time and
// its latency counts from then, so a stalled server is not hidden by requests that were never sent. The read
// sections ask each query 400 times one after another through the GraphQL endpoint in-process
// (scripts/bench-queries.ts). A fresh database with the demo data each time. Prints figures, asserts nothing
// but failures. In the `me` section the server also says where its time went in each phase (event-loop delay,
// GC pauses, pool waits, and how long its threads ran and waited for a CPU: scripts/bench-server-probe.mjs).
// `me` and `rankings` run the server as its own process (with a throwaway EXCHANGE_SECRETS_KEY, which production
// requires). Options: --section=me,rankings,wallet,affiliates (default all), --only=pglite|postgres, --seconds=N
// (the steady `me` run; 0 skips it), --rate=N and --logins=N (default 200 each; the budgets are for 200), --runs=N
// (each read, default 400), --rankings-rate=N and --rankings-seconds=N (default 100 and 10).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { LoginDocument, MeDocument } from '../src/api/generated/graphql';
import { serverVersion, startCluster } from './pg-cluster.mjs';
import { measureReads, type ReadSection } from './bench-queries';
import { walletReads } from './bench-wallet';
import { affiliateReads } from './bench-affiliates';

const root = new URL('..', import.meta.url).pathname;
const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const rate = Number(argument('rate') ?? 200);
const steadySeconds = Number(argument('seconds') ?? 30);
const warmUpSeconds = 5;
const logins = Number(argument('logins') ?? 200);
const only = argument('only');
const readSections: Record<string, ReadSection> = { wallet: walletReads, affiliates: affiliateReads };
const processSections = ['me', 'rankings'];
const sections = (argument('section') ?? 'me,rankings,wallet,affiliates').split(',').filter(Boolean);
const unknown = sections.filter((name) => !processSections.includes(name) && !(name in readSections));
if (unknown.length > 0 || sections.length === 0) {
  console.error(`Unknown --section=${unknown.join(',')}: choose from ${processSections.join(', ')}, ${Object.keys(readSections).join(', ')}`);
  process.exit(2);
}
if (only !== undefined && only !== 'pglite' && only !== 'postgres') {
  console.error(`Unknown --only=${only}: pglite or postgres`);
  process.exit(2);
}
const readRuns = Number(argument('runs') ?? 400);
const reads = sections.filter((name) => !processSections.includes(name)).map((name) => readSections[name]!);
const rankingsRate = Number(argument('rankings-rate') ?? 100);
const rankingsSeconds = Number(argument('rankings-seconds') ?? 10);
const cpus = availableParallelism();

interface Sample {
  latencies: number[];
  failures: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;
function describe(sample: Sample) {
  const sorted = [...sample.latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    count: sorted.length,
  };
}

function post(url: string, agent: Agent, body: string, token?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const answered = (answer: { status: number; text: string }, field: string) => answer.status === 200 && answer.text.includes(`"${field}":{`);

/** The first failed request's error, printed once so a failure can be told from a slow answer. */
let firstFailure: string | undefined;

/** `me` at a fixed rate until stop() (or for `seconds`); latency from each request's due time to its answer. */
const steadyMe = (endpoint: string, token: string, seconds?: number) =>
  steady(endpoint, { body: JSON.stringify({ query: MeDocument.toString() }), field: 'me', token, perSecond: rate }, seconds);

/** One request at a fixed rate until stop() (or for `seconds`), open loop: latency from each request's due time. */
function steady(endpoint: string, load: { body: string; field: string; token?: string; perSecond: number }, seconds?: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const { body, field, token, perSecond } = load;
  const started = performance.now();
  const records: { due: number; latency: number; ok: boolean }[] = [];
  const pending = new Set<Promise<void>>();
  let sent = 0;
  let stopped = false;
  const done = new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (!stopped && started + (sent * 1000) / perSecond <= now) {
        const due = started + (sent * 1000) / perSecond;
        sent += 1;
        const request = post(endpoint, agent, body, token)
          .then((answer) => {
            const ok = answered(answer, field);
            if (!ok) firstFailure ??= `HTTP ${answer.status} ${answer.text.slice(0, 200)}`;
            records.push({ due, latency: performance.now() - due, ok });
          })
          .catch((error: Error) => {
            firstFailure ??= error.message;
            records.push({ due, latency: performance.now() - due, ok: false });
          })
          .finally(() => pending.delete(request));
        pending.add(request);
      }
      if (seconds !== undefined && now - started >= seconds * 1000) stopped = true;
      if (stopped) return void Promise.all(pending).then(() => (agent.destroy(), resolve()));
      setTimeout(tick, 1);
    };
    tick();
  });
  return {
    stop: () => void (stopped = true),
    done,
    /** The requests due between from and to (performance.now() times). */
    sample(from = -Infinity, to = Infinity): Sample {
      const chosen = records.filter((record) => record.due >= from && record.due <= to);
      return { latencies: chosen.map((record) => record.latency), failures: chosen.filter((record) => !record.ok).length };
    },
    /** When the requests slower than `threshold` ms were due, in ms after `from`: where in a phase the tail sits. */
    slowDue(from: number, threshold: number) {
      const due = records.filter((record) => record.due >= from && record.latency > threshold).map((record) => record.due - from);
      return due.length === 0 ? undefined : { first: Math.min(...due), last: Math.max(...due), count: due.length };
    },
  };
}

/**
 * CPU the rest of the machine used (other processes; not this benchmark, not the server, not the database),
 * in cores, from /proc on Linux: others share this machine, and their load says how far to trust a figure.
 */
function othersCpu(serverPid: number) {
  const ticks = () => {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
    return user! + nice! + system! + irq! + softirq! + steal!;
  };
  // The benchmark, the server and (PostgreSQL) its backends: every process whose parent chain reaches us, plus postgres.
  const ours = () => {
    let total = 0;
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const mine = Number(pid) === process.pid || Number(pid) === serverPid || name === 'postgres';
        if (mine) total += Number(fields[11]) + Number(fields[12]);
      } catch {
        // the process ended meanwhile
      }
    }
    return total;
  };
  if (!existsSync('/proc/stat')) return () => NaN;
  const started = { all: ticks(), ours: ours(), at: performance.now() };
  const hz = 100;
  return () => {
    const seconds = (performance.now() - started.at) / 1000;
    return Math.max(0, (ticks() - started.all - (ours() - started.ours)) / hz / seconds);
  };
}

/** CPU seconds a process has used so far (Linux /proc; NaN elsewhere). */
function cpuSeconds(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** What scripts/bench-server-probe.mjs saw in the server during a phase. */
interface Probe {
  loopDelayMs: { p50: number; p99: number; max: number };
  gc: { count: number; maxMs: number; msPerSecond: number };
  pool: { waits: number; maxMs: number; meanMs: number };
  mainThread: { runMsPerSecond: number; waitMsPerSecond: number } | null;
  otherThreads: { runMsPerSecond: number; waitMsPerSecond: number } | null;
}

async function startServer(env: Record<string, string>) {
  const server = spawn(process.execPath, ['--import', join(root, 'scripts/bench-server-probe.mjs'), '--import', 'tsx', join(root, 'server/index.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      STATIC_DIR: '',
      NODE_ENV: 'production',
      DATABASE_URL: '',
      EXCHANGE_SECRETS_KEY: process.env.EXCHANGE_SECRETS_KEY ?? randomBytes(32).toString('base64'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const probes: ((probe: Probe) => void)[] = [];
  let lines = '';
  server.stdout.on('data', (chunk) => {
    lines += String(chunk);
    for (let end = lines.indexOf('\n'); end >= 0; end = lines.indexOf('\n')) {
      const line = lines.slice(0, end);
      lines = lines.slice(end + 1);
      if (line.startsWith('probe: ')) probes.shift()?.(JSON.parse(line.slice('probe: '.length)) as Probe);
    }
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.stdout.on('data', (chunk) => {
      const match = /Portal on http:\/\/localhost:(\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
    server.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
  });
  return {
    pid: server.pid!,
    endpoint: `http://localhost:${port}/graphql`,
    /** What the server saw since the previous probe (the first one only starts the count). */
    probe: () =>
      new Promise<Probe>((resolve) => {
        probes.push(resolve);
        server.kill('SIGUSR2');
      }),
    stop: async () => {
      server.kill('SIGTERM');
      if (server.exitCode === null) await once(server, 'exit');
    },
  };
}

/** Where the server's time went in a phase (scripts/bench-server-probe.mjs), in one line. */
function describeProbe(probe: Probe) {
  const parts = [
    `event loop delay p99 ${ms(probe.loopDelayMs.p99)}, max ${ms(probe.loopDelayMs.max)}`,
    `GC ${probe.gc.count} pauses, max ${ms(probe.gc.maxMs)}, ${probe.gc.msPerSecond} ms/s`,
  ];
  if (probe.pool.waits > 0) parts.push(`pool waits mean ${ms(probe.pool.meanMs)}, max ${ms(probe.pool.maxMs)}`);
  if (probe.mainThread && probe.otherThreads) {
    parts.push(
      `event loop thread ran ${probe.mainThread.runMsPerSecond} ms/s and waited for a CPU ${probe.mainThread.waitMsPerSecond} ms/s; ` +
        `other threads ran ${probe.otherThreads.runMsPerSecond} ms/s, waited ${probe.otherThreads.waitMsPerSecond} ms/s`,
    );
  }
  return parts.join('; ');
}

async function run(label: string, env: Record<string, string>) {
  const load = loadavg().map((value) => value.toFixed(2)).join(', ');
  const server = await startServer(env);
  const { endpoint } = server;
  const agent = new Agent({ keepAlive: true });
  try {
    const call = async (query: string, variables: object) => {
      const answer = await post(endpoint, agent, JSON.stringify({ query, variables }));
      const body = JSON.parse(answer.text) as { data?: any; errors?: { message: string }[] };
      if (!body.data) throw new Error(body.errors?.[0]?.message ?? `HTTP ${answer.status}`);
      return body.data;
    };
    const tenant = (await call('query($source: String) { whiteLabel(source: $source) { uuid } }', { source: 'localhost' })).whiteLabel.uuid;
    const loginBody = JSON.stringify({
      query: LoginDocument.toString(),
      variables: { data: { username: 'demo@example.com', password: 'Demo12345', whitelabel_uuid: tenant } },
    });
    const token = (await call(LoginDocument.toString(), JSON.parse(loginBody).variables)).login.access_token as string;

    // Warm-up (JIT, database caches), then the measured steady run.
    await steadyMe(endpoint, token, warmUpSeconds).done;
    await server.probe();
    const othersDuringSteady = othersCpu(server.pid);
    const serverCpuBefore = cpuSeconds(server.pid);
    const steady = steadyMe(endpoint, token, steadySeconds);
    await steady.done;
    const steadyOthers = othersDuringSteady();
    const steadyProbe = await server.probe();
    // What a `me` costs the server's process, which the machine's other load does not change much.
    const cpuPerMe = ((cpuSeconds(server.pid) - serverCpuBefore) * 1000) / Math.max(1, steady.sample().latencies.length);
    const plain = describe(steady.sample());
    const plainFailures = steady.sample().failures;

    // 200 logins at once, on connections of their own, while `me` keeps its steady rate.
    const othersDuringStorm = othersCpu(server.pid);
    const background = steadyMe(endpoint, token);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const loginAgent = new Agent({ keepAlive: false, maxSockets: logins });
    await server.probe();
    const stormStart = performance.now();
    const results = await Promise.allSettled(Array.from({ length: logins }, () => post(endpoint, loginAgent, loginBody)));
    const stormEnd = performance.now();
    const stormOthers = othersDuringStorm();
    const stormProbe = await server.probe();
    background.stop();
    await background.done;
    const loginFailures = results.filter((result) => result.status === 'rejected' || !answered(result.value, 'login')).length;
    const during = background.sample(stormStart, stormEnd);
    const storm = describe(during);

    const verdict = (p99: number, budget: number, stretch: number, failed: number) =>
      failed > 0 ? 'FAILURES' : p99 <= stretch ? 'within stretch' : p99 <= budget ? 'within budget' : 'OVER BUDGET';
    console.log(`\n${label} (load average at the start ${load})`);
    const others = (cores: number) => `other processes used ${cores.toFixed(2)} of ${cpus} cores${cores > 0.2 ? ': figure pessimistic' : ''}`;
    if (steadySeconds > 0) {
      console.log(
        `  me, ${rate}/s for ${steadySeconds} s: p50 ${ms(plain.p50)}, p90 ${ms(plain.p90)}, p99 ${ms(plain.p99)}, max ${ms(plain.max)} ` +
          `(${plain.count} requests, ${plainFailures} failed; server CPU ${cpuPerMe.toFixed(2)} ms a request; ${others(steadyOthers)}) — budget p99 15 ms, stretch 5 ms: ${verdict(plain.p99, 15, 5, plainFailures)}`,
      );
    }
    if (steadySeconds > 0) console.log(`    server: ${describeProbe(steadyProbe)}`);
    console.log(
      `  me, ${rate}/s while ${logins} logins run at once: p50 ${ms(storm.p50)}, p90 ${ms(storm.p90)}, p99 ${ms(storm.p99)}, max ${ms(storm.max)} ` +
        `(${storm.count} requests, ${during.failures} failed; logins took ${((stormEnd - stormStart) / 1000).toFixed(1)} s, ${loginFailures} failed; ${others(stormOthers)}) ` +
        `— budget p99 100 ms, stretch 30 ms: ${verdict(storm.p99, 100, 30, during.failures + loginFailures)}`,
    );
    console.log(`    server: ${describeProbe(stormProbe)}`);
    // The tail's place in time: all at the burst's start is the 200 requests' own handling ahead of `me`.
    const slow = background.slowDue(stormStart, Math.max(30, storm.p90 * 2));
    if (slow) {
      console.log(
        `    the ${slow.count} answers over ${ms(Math.max(30, storm.p90 * 2))} were due ${slow.first.toFixed(0)}-${slow.last.toFixed(0)} ms after the logins began`,
      );
    }
    return plainFailures + during.failures + loginFailures;
  } finally {
    agent.destroy();
    await server.stop();
  }
}

/** The ranking page's query as a visitor sends it. */
const rankingsQuery = `query ($w: ID!, $p: String) { rankings(whitelabel_uuid: $w, period: $p) { period computed_at min_runtime_days min_trades
  entries { rank strategy_id strategy_name trader_name trader_avatar risk risk_level quote_asset
    stats { period roi_percent pnl max_drawdown_percent win_rate_percent trades runtime_days ranked rank computed_at } } } }`;

/** The public ranking (a visitor, 30d) at a steady rate after a warm-up; answers whether it failed or went over budget. */
async function runRankings(label: string, env: Record<string, string>) {
  const load = loadavg().map((value) => value.toFixed(2)).join(', ');
  const server = await startServer(env);
  const agent = new Agent({ keepAlive: true });
  try {
    const call = async (query: string, variables: object) => {
      const answer = await post(server.endpoint, agent, JSON.stringify({ query, variables }));
      const body = JSON.parse(answer.text) as { data?: any; errors?: { message: string }[] };
      if (!body.data) throw new Error(body.errors?.[0]?.message ?? `HTTP ${answer.status}`);
      return body.data;
    };
    const tenant = (await call('query($source: String) { whiteLabel(source: $source) { uuid } }', { source: 'localhost' })).whiteLabel.uuid;
    const first = (await call(rankingsQuery, { w: tenant, p: '30d' })).rankings as { entries: unknown[]; computed_at: string | null };
    const body = JSON.stringify({ query: rankingsQuery, variables: { w: tenant, p: '30d' } });
    await steady(server.endpoint, { body, field: 'rankings', perSecond: rankingsRate }, 3).done;
    await server.probe();
    const othersDuring = othersCpu(server.pid);
    const cpuBefore = cpuSeconds(server.pid);
    const measured = steady(server.endpoint, { body, field: 'rankings', perSecond: rankingsRate }, rankingsSeconds);
    await measured.done;
    const others = othersDuring();
    const probe = await server.probe();
    const sample = measured.sample();
    const figures = describe(sample);
    const cpuPer = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / Math.max(1, sample.latencies.length);
    const verdict = sample.failures > 0 ? 'FAILURES' : figures.p99 <= 10 ? 'within stretch' : figures.p99 <= 30 ? 'within budget' : 'OVER BUDGET';
    console.log(`\n${label} (load average at the start ${load})`);
    console.log(
      `  rankings (visitor, 30d, ${first.entries.length} entries), ${rankingsRate}/s for ${rankingsSeconds} s: p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, ` +
        `p99 ${ms(figures.p99)}, max ${ms(figures.max)} (${figures.count} requests, ${sample.failures} failed; server CPU ${cpuPer.toFixed(2)} ms a request; ` +
        `other processes used ${others.toFixed(2)} of ${cpus} cores${others > 0.2 ? ': figure pessimistic' : ''}) — budget p99 30 ms, stretch 10 ms: ${verdict}`,
    );
    console.log(`    server: ${describeProbe(probe)}`);
    return { failures: sample.failures, over: figures.p99 > 30 ? 1 : 0 };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

let failures = 0;
let overBudget = 0;
if (only !== 'postgres') {
  if (sections.includes('me')) {
    const dataDir = join(root, '.tmp/bench-server-data');
    rmSync(dataDir, { recursive: true, force: true });
    failures += await run('Embedded PostgreSQL (PGlite):', { DATA_DIR: dataDir });
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (sections.includes('rankings')) {
    const dataDir = join(root, '.tmp/bench-server-data');
    rmSync(dataDir, { recursive: true, force: true });
    const outcome = await runRankings('Embedded PostgreSQL (PGlite):', { DATA_DIR: dataDir });
    rmSync(dataDir, { recursive: true, force: true });
    failures += outcome.failures;
    overBudget += outcome.over;
  }
  for (const section of reads) overBudget += await measureReads(section, undefined, 'Embedded PostgreSQL (PGlite)', readRuns);
}
if (only !== 'pglite') {
  const cluster = process.env.TEST_DATABASE_URL ? undefined : await startCluster();
  if (cluster?.skipped !== undefined) {
    console.log(`\nPostgreSQL: not measured (${cluster.skipped})`);
  } else {
    const serverUrl = process.env.TEST_DATABASE_URL ?? cluster!.url;
    const version = cluster?.version ?? (await serverVersion(serverUrl));
    // A database of its own for each section, dropped afterwards, so a shared server is left as it was.
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    const withDatabase = async <T>(work: (url: string) => Promise<T>) => {
      const name = `portal_bench_${randomBytes(4).toString('hex')}`;
      await admin(`create database ${name}`);
      try {
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        return await work(url.toString());
      } finally {
        await admin(`drop database if exists ${name} with (force)`);
      }
    };
    try {
      if (sections.includes('me')) {
        failures += await withDatabase((url) => run(`${version} (one server process, pool of 10 connections):`, { DATABASE_URL: url }));
      }
      if (sections.includes('rankings')) {
        const outcome = await withDatabase((url) => runRankings(`${version} (one server process, pool of 10 connections):`, { DATABASE_URL: url }));
        failures += outcome.failures;
        overBudget += outcome.over;
      }
      for (const section of reads) overBudget += await withDatabase((url) => measureReads(section, url, version, readRuns));
    } finally {
      cluster?.stop();
    }
  }
}
if (reads.length > 0 || sections.includes('rankings')) console.log(`\n${overBudget === 0 ? 'Every read within its budget.' : `${overBudget} read(s) OVER BUDGET.`}`);
if (failures > 0) {
  console.log(`\nFirst failure: ${firstFailure ?? 'a sign-in without a token'}`);
  process.exitCode = 1;
}
