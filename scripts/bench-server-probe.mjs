// Preloaded into the server process by `npm run bench:server` (node --import): where the server's time went
// during a phase, so a slow figure can be told apart as the event loop being blocked, garbage collection, a
// wait for the database pool, or a wait for a CPU. On SIGUSR2 it prints one line, `probe: {json}`, with what
// it saw since the previous SIGUSR2, and starts counting again. Nothing of it runs in the server otherwise.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();

let gc = { count: 0, totalMs: 0, maxMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.count += 1;
    gc.totalMs += entry.duration;
    gc.maxMs = Math.max(gc.maxMs, entry.duration);
  }
}).observe({ entryTypes: ['gc'] });

// PostgreSQL: how long requests waited for a pool connection (pg-pool as the server resolves it).
let pool = { waits: 0, totalMs: 0, maxMs: 0 };
try {
  const Pool = createRequire(join(process.cwd(), 'server', 'index.ts'))('pg-pool');
  const connect = Pool.prototype.connect;
  Pool.prototype.connect = function (callback) {
    const started = performance.now();
    const took = () => {
      const ms = performance.now() - started;
      pool.waits += 1;
      pool.totalMs += ms;
      pool.maxMs = Math.max(pool.maxMs, ms);
    };
    if (callback) return connect.call(this, (error, client, release) => (took(), callback(error, client, release)));
    return connect.call(this).then((client) => (took(), client));
  };
} catch {
  // No pg here: PGlite only.
}

// Linux: CPU time and time spent waiting for a CPU, of the event loop's thread and of the process's other threads.
const mainThread = (() => {
  try {
    return readlinkSync('/proc/thread-self').split('/').pop();
  } catch {
    return undefined;
  }
})();
function schedule() {
  const main = { runMs: 0, waitMs: 0 };
  const others = { runMs: 0, waitMs: 0 };
  if (!mainThread) return { main, others };
  for (const thread of readdirSync('/proc/self/task')) {
    try {
      const [run, wait] = readFileSync(`/proc/self/task/${thread}/schedstat`, 'utf8').split(' ').map(Number);
      const into = thread === mainThread ? main : others;
      into.runMs += run / 1e6;
      into.waitMs += wait / 1e6;
    } catch {
      // the thread ended meanwhile
    }
  }
  return { main, others };
}

let since = { at: performance.now(), schedule: schedule() };
const round = (value) => Math.round(value * 10) / 10;

process.on('SIGUSR2', () => {
  const now = { at: performance.now(), schedule: schedule() };
  const seconds = (now.at - since.at) / 1000;
  const perSecond = (value) => round(value / seconds);
  const line = {
    seconds: round(seconds),
    loopDelayMs: { p50: round(loop.percentile(50) / 1e6), p99: round(loop.percentile(99) / 1e6), max: round(loop.max / 1e6) },
    gc: { count: gc.count, maxMs: round(gc.maxMs), msPerSecond: perSecond(gc.totalMs) },
    pool: { waits: pool.waits, maxMs: round(pool.maxMs), meanMs: pool.waits ? round(pool.totalMs / pool.waits) : 0 },
    // Per second of the phase: how long the event loop's thread ran and how long it waited for a CPU.
    mainThread: mainThread
      ? { runMsPerSecond: perSecond(now.schedule.main.runMs - since.schedule.main.runMs), waitMsPerSecond: perSecond(now.schedule.main.waitMs - since.schedule.main.waitMs) }
      : null,
    otherThreads: mainThread
      ? { runMsPerSecond: perSecond(now.schedule.others.runMs - since.schedule.others.runMs), waitMsPerSecond: perSecond(now.schedule.others.waitMs - since.schedule.others.waitMs) }
      : null,
  };
  process.stdout.write(`probe: ${JSON.stringify(line)}\n`);
  loop.reset();
  gc = { count: 0, totalMs: 0, maxMs: 0 };
  pool = { waits: 0, totalMs: 0, maxMs: 0 };
  since = now;
});
