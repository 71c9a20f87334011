// What the per-area latency benches (bench:wallet, bench:affiliates) share: each query asked one after
// another after a warm-up, its percentiles printed against the p99 budget; and the run on embedded PGlite,
// then on PostgreSQL when scripts/pg-cluster.mjs can start a throwaway cluster. Prints figures, asserts nothing.
import { performance } from 'node:perf_hooks';

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export async function timeQueries(
  queries: [name: string, query: string][],
  ask: (query: string) => Promise<void>,
  { runs, warmUp, budgetP99 }: { runs: number; warmUp: number; budgetP99: number },
) {
  for (const [name, query] of queries) {
    for (let i = 0; i < warmUp; i += 1) await ask(query);
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      await ask(query);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    console.log(
      `  ${name}: p50 ${percentile(times, 50).toFixed(1)} ms, p90 ${percentile(times, 90).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms — budget p99 ${budgetP99} ms: ${p99 <= budgetP99 ? 'within budget' : 'OVER BUDGET'}`,
    );
  }
}

/** Runs `measure` on embedded PGlite, then on a fresh PostgreSQL database when one can be started. */
export async function onEachDatabase(measure: (databaseUrl: string | undefined, label: string) => Promise<void>) {
  await measure(undefined, 'PGlite (embedded)');
  const { startCluster } = await import('./pg-cluster.mjs');
  const cluster = await startCluster();
  if ('skipped' in cluster) {
    console.log(`\nPostgreSQL: not measured (${cluster.skipped})`);
    return;
  }
  try {
    const { createTestDatabase } = await import('../tests/server/harness');
    const fresh = await createTestDatabase(cluster.url);
    try {
      await measure(fresh.url, cluster.version);
    } finally {
      await fresh.drop();
    }
  } finally {
    await cluster.stop();
  }
}
