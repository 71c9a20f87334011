// The browser step of `npm test`: the Playwright specs, in as many shards side by side as the machine carries,
// each shard with its own server, port and fresh database, so no shard sees another's members or payments. Run
// alone with `node scripts/e2e-suite.mjs` once a build is in .tmp/e2e-dist (see the README's test paragraph).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { calibrate, describeCalibration } from './e2e-calibrate.mjs';

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? '1', ...env } });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Seconds each browser spec took in the npm test of 2026-11-27 17:50 (one shard, the calibration's choice on
 * 2 cores under a load of 8-17, time scale 1.75; the sum of its tests' times). Playwright's own --shard splits
 * by test count, which left one shard 9.0 minutes and the other 6.4; these weights split by time instead. Only
 * their ratios count. A spec not listed counts as an average one; refresh the figures when a spec grows a lot
 * or a new one comes (investments, merchants and inspector had none before).
 */
const specSeconds = {
  account: 110, learning: 98, 'shell-usability': 92, payments: 83, accessibility: 52, wallet: 51, 'app-status': 50,
  auth: 42, shell: 42, 'languages-themes': 39, tariffs: 38, investments: 37, merchants: 35, crowdfunding: 35, lotteries: 35, deals: 20, licenses: 34, shop: 32, trading: 26, 'copy-trading': 30, cms: 22,
  dashboard: 21, affiliates: 19, flows: 11, inspector: 9,
};

/**
 * The model paths of the money machines in the real browser (tests/paths), in the same units: their own
 * Playwright run with its own server, after the specs of the shard it falls to. In the same run they took
 * 10.4 minutes where the specs took 15.3 for 893 units.
 */
const pathsSeconds = 607;
const pathsJob = 'model paths';

/**
 * The spec files (and, with `paths`, the model paths' run) in `count` groups of about equal time: the longest
 * first, each to the group with least so far.
 */
function specShards(count, paths) {
  const specs = readdirSync('tests/e2e').filter((file) => file.endsWith('.spec.ts'));
  const known = Object.values(specSeconds);
  const average = known.reduce((sum, seconds) => sum + seconds, 0) / known.length;
  const seconds = (job) => (job === pathsJob ? pathsSeconds : (specSeconds[job.replace(/\.spec\.ts$/, '')] ?? average));
  const shards = Array.from({ length: count }, () => ({ files: [], paths: false, seconds: 0 }));
  for (const job of [...specs, ...(paths ? [pathsJob] : [])].sort((a, b) => seconds(b) - seconds(a))) {
    const lightest = shards.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
    if (job === pathsJob) lightest.paths = true;
    else lightest.files.push(`tests/e2e/${job}`);
    lightest.seconds += seconds(job);
  }
  return shards.filter((shard) => shard.files.length || shard.paths);
}

/**
 * The browser tests, after a short calibration of the machine (scripts/e2e-calibrate.mjs) that chooses how many
 * shards run side by side (E2E_SHARDS overrides) and how far the timeouts stretch (E2E_TIME_SCALE overrides);
 * the figures and the choice are printed first, so a failure on CI can be read against them. Shard n serves on
 * E2E_BASE_PORT + n - 1 (default 4173): someone running single specs on other ports meanwhile is not in the way.
 */
export async function browserTests({ paths } = {}) {
  const figures = await calibrate();
  console.log(describeCalibration(figures));
  const status = await runShards(figures, paths);
  console.log(`Browser tests ${status === 0 ? 'passed' : 'failed'}: ${figures.shards} shard(s), time scale ${figures.timeScale}.`);
  return status;
}

/**
 * The specs in `figures.shards` shards side by side, every timeout stretched by `figures.timeScale`; `paths`
 * (a function of the port, resolving with its exit status) runs in the shard it falls to, after its specs.
 */
async function runShards(figures, paths) {
  const basePort = Number(process.env.E2E_BASE_PORT ?? 4173);
  const timeScale = { E2E_TIME_SCALE: String(figures.timeScale) };
  if (figures.shards === 1) {
    const specs = await run('npx', ['playwright', 'test'], { ...timeScale, E2E_PORT: String(basePort) });
    const walked = paths ? await paths({ port: basePort, ...timeScale }) : 0;
    return specs || walked;
  }
  const codes = await Promise.all(
    specShards(figures.shards, Boolean(paths)).map(async (shard, index) => {
      const port = basePort + index;
      const specs = shard.files.length
        ? await run('npx', ['playwright', 'test', ...shard.files], { ...timeScale, E2E_PORT: String(port), E2E_OUTPUT: `test-results/shard-${index + 1}` })
        : 0;
      const walked = shard.paths ? await paths({ port, ...timeScale }) : 0;
      return specs || walked;
    }),
  );
  return codes.find((code) => code !== 0) ?? 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  const status = await browserTests();
  console.log(`\nBrowser tests ${status === 0 ? 'passed' : 'failed'} in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  process.exit(status);
}
