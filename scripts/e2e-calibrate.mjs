// A short measure of the machine before the browser tests: how fast a core is, how much of the cores this run
// gets now (other work on the machine counts), and how much memory is free. From it the browser step chooses
// how many shards to run side by side and how much to stretch the tests' timeouts (E2E_TIME_SCALE, which
// playwright.config.ts reads). The browser suite is mostly a browser and a server taking turns on one test,
// so a shard runs at the speed of one core it gets; more shards share the cores.
import { spawn } from 'node:child_process';
import { availableParallelism, freemem, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * CPU seconds one work unit takes on a core of the machine the timeouts were tuned on (the 2-core AMD EPYC VM
 * of CI, 2026-11-27: the least of 25 runs over two hours, which took 0.92-1.21 s under loads of 10 to 30). CPU
 * time, not wall time, so that other work on the machine while it was measured did not count; on an idle core
 * the wall time is the same.
 */
export const referenceUnitSeconds = 0.92;
/** The timeouts were tuned with two shards on that 2-core machine: one core per shard. */
const tunedCoresPerShard = 1;
/** A shard (a Chromium, the server, Playwright's runner) takes about this much memory at its peak. */
const shardMemoryBytes = 1.2 * 1024 ** 3;
const maxShards = 4;
const maxTimeScale = 10;

const unitRounds = 1800;

/**
 * The work unit: a JSON round trip of a portal-sized answer and a walk over it, the kind of work the browser
 * and the server do between them. Returns a figure so the work cannot be optimised away.
 */
function workUnit(rounds = unitRounds) {
  const rows = Array.from({ length: 400 }, (_, index) => ({
    id: index,
    name: `Member ${index}`,
    amount: (index * 13.37).toFixed(2),
    tags: ['usdt', 'eur', String(index % 7)],
    nested: { created_at: new Date(1_700_000_000_000 + index * 60_000).toISOString(), ok: index % 3 === 0 },
  }));
  let figure = 0;
  for (let round = 0; round < rounds; round += 1) {
    const copy = JSON.parse(JSON.stringify({ round, rows }));
    for (const row of copy.rows) figure += row.name.length + Number(row.amount) + row.tags.length;
  }
  return figure;
}

/** In a probe process: warm up, say ready, wait for go, then time one work unit (wall and own CPU). */
async function probe() {
  workUnit(unitRounds / 5);
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  workUnit();
  const wall = (performance.now() - wallBefore) / 1000;
  const { user, system } = process.cpuUsage(cpuBefore);
  process.stdout.write(`${JSON.stringify({ wall, cpu: (user + system) / 1e6 })}\n`);
  process.exit(0);
}

/** Runs `count` probe processes at once (started together once all are warm): their wall and CPU seconds. */
function probes(count) {
  const self = fileURLToPath(import.meta.url);
  const children = Array.from({ length: count }, () => spawn(process.execPath, [self, '--probe'], { stdio: ['pipe', 'pipe', 'inherit'] }));
  const lines = children.map(
    (child) =>
      new Promise((resolve, reject) => {
        let buffer = '';
        const seen = [];
        child.stdout.on('data', (chunk) => {
          buffer += chunk;
          const parts = buffer.split('\n');
          buffer = parts.pop();
          for (const line of parts) {
            seen.push(line);
            if (line === 'ready') child.emit('ready');
          }
        });
        child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(seen.at(-1))) : reject(new Error(`probe exited with ${code}`))));
      }),
  );
  let ready = 0;
  for (const child of children)
    child.once('ready', () => {
      ready += 1;
      if (ready === count) for (const each of children) each.stdin.end('go\n');
    });
  return Promise.all(lines);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const roundUp = (value, step) => Math.ceil(value / step - 1e-9) * step;

/**
 * Measures the machine and chooses. `shards` and `timeScale` come from the environment when set
 * (E2E_SHARDS, E2E_TIME_SCALE); the figures are measured and printed either way.
 */
export async function calibrate(env = process.env) {
  const cores = availableParallelism();
  const started = performance.now();
  const [alone] = await probes(1);
  const together = await probes(cores);
  const seconds = (performance.now() - started) / 1000;

  // Per core: how fast it computes (CPU time against the reference) and how much of it a lone task gets now.
  const coreSpeed = referenceUnitSeconds / alone.cpu;
  // What a task takes against the reference, alone and with every core busy with our own work.
  const slowdownAlone = alone.wall / referenceUnitSeconds;
  const slowdownBusy = median(together.map((each) => each.wall)) / referenceUnitSeconds;
  // The cores this run gets now, in reference cores: each of `cores` busy tasks delivers 1/slowdownBusy.
  const capacity = cores / slowdownBusy;
  const memoryShards = Math.max(1, Math.floor(freemem() / shardMemoryBytes));

  // A shard runs at the speed of its slowest core share: k shards each take max(slowdownAlone, k / capacity),
  // and the suite's wall time goes as that over k. More shards help until they outnumber what the cores give
  // (never more shards than cores, nor than memory holds); a gain under 15 % is not worth another shard.
  const slowdownWith = (count) => Math.max(slowdownAlone, (count * tunedCoresPerShard) / capacity);
  const wallWith = (count) => slowdownWith(count) / count;
  let chosen = 1;
  for (let count = 2; count <= Math.min(cores, memoryShards, maxShards); count += 1) {
    if (wallWith(count) < wallWith(chosen) * 0.85) chosen = count;
  }
  const shards = env.E2E_SHARDS ? Math.max(1, Number(env.E2E_SHARDS) || 1) : chosen;
  // Timeouts stretch with what a test takes against the tuned setup, in quarter steps, never below 1; with
  // a margin, because the calibration is a moment and the load changes during the run.
  const measuredScale = Math.min(maxTimeScale, Math.max(1, roundUp(slowdownWith(shards) * 1.25, 0.25)));
  const timeScale = env.E2E_TIME_SCALE ? Number(env.E2E_TIME_SCALE) : measuredScale;
  return {
    cores,
    load: loadavg().map((value) => Number(value.toFixed(2))),
    freeMemoryGb: Number((freemem() / 1024 ** 3).toFixed(1)),
    unitCpuSeconds: Number(alone.cpu.toFixed(3)),
    unitWallSeconds: Number(alone.wall.toFixed(3)),
    unitWallSecondsAllCoresBusy: Number(median(together.map((each) => each.wall)).toFixed(3)),
    coreSpeed: Number(coreSpeed.toFixed(2)),
    slowdownAlone: Number(slowdownAlone.toFixed(2)),
    slowdownBusy: Number(slowdownBusy.toFixed(2)),
    capacity: Number(capacity.toFixed(2)),
    shards,
    shardsChosenBy: env.E2E_SHARDS ? 'E2E_SHARDS' : 'calibration',
    timeScale,
    timeScaleChosenBy: env.E2E_TIME_SCALE ? 'E2E_TIME_SCALE' : 'calibration',
    calibrationSeconds: Number(seconds.toFixed(1)),
  };
}

/** The figures and the choice, as the test output prints them (30 s and 7 s are playwright.config.ts's timeouts). */
export function describeCalibration(figures) {
  return [
    `Calibration (${figures.calibrationSeconds} s): ${figures.cores} cores, load ${figures.load.join(' ')}, ${figures.freeMemoryGb} GB free.`,
    `  work unit: ${figures.unitCpuSeconds} s CPU (reference ${referenceUnitSeconds} s: core speed ${figures.coreSpeed}), ` +
      `${figures.unitWallSeconds} s wall alone (slowdown ${figures.slowdownAlone}), ` +
      `${figures.unitWallSecondsAllCoresBusy} s wall with every core busy (slowdown ${figures.slowdownBusy}, capacity ${figures.capacity} reference cores).`,
    `  chosen: ${figures.shards} shard(s) (${figures.shardsChosenBy}), time scale ${figures.timeScale} (${figures.timeScaleChosenBy}): ` +
      `test timeout ${Math.round(30 * figures.timeScale)} s, expect timeout ${(7 * figures.timeScale).toFixed(1)} s.`,
  ].join('\n');
}

if (process.argv.includes('--probe')) await probe();
else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await calibrate();
  console.log(describeCalibration(figures));
  if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
}
