// The read sections of `npm run bench:server` (balance page: scripts/bench-wallet.ts; team tree:
// scripts/bench-affiliates.ts): a fresh database with the demo data plus the section's own member and data,
// then each query asked one after another after a warm-up through the GraphQL endpoint in-process (the real
// yoga, session lookup and resolvers; no HTTP), its percentiles printed against the p99 budget. A signed-in
// `{ __typename }` is timed first: what every request pays (session lookup, GraphQL), to tell from a query's own.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Db } from '../server/db/client';

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export interface ReadSection {
  /** What --section= names. */
  name: string;
  /** What the data is, for the heading: "10,000 ledger rows for the member". */
  data: string;
  /** Fills the fresh database (demo data already in it); answers a session token of the section's member. */
  prepare(db: Db): Promise<string>;
  queries: [name: string, query: string][];
  budgetP99: number;
}

/**
 * CPU milliseconds used so far by this process and by the PostgreSQL backends serving the database (Linux
 * /proc, where a backend's title names its database; this process only elsewhere). Unlike the latencies,
 * which the machine's other load stretches, a request's CPU time says what the read itself costs.
 */
function cpuMs(database: string | undefined) {
  const { user, system } = process.cpuUsage();
  const backends = new Map<string, number>();
  if (database !== undefined && existsSync('/proc/stat')) {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) continue;
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        backends.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
      } catch {
        // the process ended meanwhile
      }
    }
  }
  return { own: (user + system) / 1000, backends };
}

/** CPU ms used since `before` (a backend that ended meanwhile is not counted, one that started is in full). */
function cpuSince(before: ReturnType<typeof cpuMs>, database: string | undefined) {
  const after = cpuMs(database);
  let total = after.own - before.own;
  for (const [pid, ms] of after.backends) total += ms - (before.backends.get(pid) ?? 0);
  return total;
}

export async function timeQueries(
  queries: [name: string, query: string][],
  ask: (query: string) => Promise<void>,
  { runs, warmUp, budgetP99, database }: { runs: number; warmUp: number; budgetP99: number | null; database?: string },
) {
  let over = 0;
  for (const [name, query] of queries) {
    for (let i = 0; i < warmUp; i += 1) await ask(query);
    const times: number[] = [];
    const cpuBefore = cpuMs(database);
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      await ask(query);
      times.push(performance.now() - started);
    }
    const cpu = cpuSince(cpuBefore, database) / runs;
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    const verdict = budgetP99 === null ? '' : ` — budget p99 ${budgetP99} ms: ${p99 <= budgetP99 ? 'within budget' : 'OVER BUDGET'}`;
    if (budgetP99 !== null && p99 > budgetP99) over += 1;
    console.log(
      `  ${name}: p50 ${percentile(times, 50).toFixed(1)} ms, p90 ${percentile(times, 90).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms; CPU ${cpu.toFixed(1)} ms a request${verdict}`,
    );
  }
  return over;
}

/** One section on one database (undefined: in-memory PGlite); answers how many reads were over budget. */
export async function measureReads(section: ReadSection, databaseUrl: string | undefined, label: string, runs: number) {
  const { openDatabase } = await import('../server/db/client');
  const { seedIfEmpty } = await import('../server/db/seed');
  const { createGraphQL } = await import('../server/graphql');
  const { readConfig } = await import('../server/config');
  const database = await openDatabase({ databaseUrl, dataDir: undefined, prepare: seedIfEmpty });
  try {
    const token = await section.prepare(database.db);
    const yoga = createGraphQL(database.db, { ...readConfig({}), staticDir: undefined });
    const ask = async (query: string) => {
      const response = await yoga.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query }),
      });
      const text = await response.text();
      if (response.status !== 200 || text.includes('"errors"')) throw new Error(`Failed: ${text.slice(0, 300)}`);
    };
    const [load] = loadavg();
    console.log(
      `\n${label}, ${section.name} (${section.data}; ${runs} runs each after ${Math.min(50, runs)} to warm up; load average ${load!.toFixed(1)} on ${availableParallelism()} cores)`,
    );
    const warmUp = Math.min(50, runs);
    const databaseName = databaseUrl === undefined ? undefined : new URL(databaseUrl).pathname.slice(1);
    await timeQueries([['signed-in { __typename } (what every request pays: session lookup, GraphQL)', '{ __typename }']], ask, { runs, warmUp, budgetP99: null, database: databaseName });
    return await timeQueries(section.queries, ask, { runs, warmUp, budgetP99: section.budgetP99, database: databaseName });
  } finally {
    await database.close();
  }
}
