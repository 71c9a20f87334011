// `npm test`: every test. Generated code first (GraphQL types, route tree), then the type check, the unit,
// machine, model, view and server tests (server on PGlite), the server tests again on PostgreSQL
// (TEST_DATABASE_URL, or a throwaway local cluster) while a production build runs, then the browser tests
// against that build (scripts/e2e-suite.mjs: a calibration of the machine chooses the shards and the timeouts),
// with the money machines' model paths walked in the real browser in one of the shards.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { browserTests } from './e2e-suite.mjs';
import { drivenMachines, testPaths } from './test-paths.mjs';
import { serverVersion, startCluster } from './pg-cluster.mjs';

const e2eDist = '.tmp/e2e-dist';
const reports = '.tmp/test-reports';
// Decided from the caller's environment: on CI a PostgreSQL pass that did not run is a failure.
const strictCi = /^(true|1)$/i.test(process.env.CI ?? '');
const externalDatabase = process.env.TEST_DATABASE_URL || undefined;
const baseEnv = { ...process.env, CI: process.env.CI ?? '1' };
delete baseEnv.TEST_DATABASE_URL;

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...baseEnv, ...env } });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Passed and skipped tests under tests/server in a vitest JSON report. */
function serverCounts(report) {
  const counts = { passed: 0, skipped: 0 };
  if (!existsSync(report)) return counts;
  for (const file of JSON.parse(readFileSync(report, 'utf8')).testResults) {
    if (!file.name.includes('/tests/server/')) continue;
    for (const test of file.assertionResults) {
      if (test.status === 'passed') counts.passed += 1;
      else if (test.status === 'skipped' || test.status === 'pending' || test.status === 'todo') counts.skipped += 1;
    }
  }
  return counts;
}

const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${reports}/${name}.json`];
const results = {};
const describeCounts = ({ passed, skipped }, on) => `${passed} passed on ${on}${skipped ? ` (${skipped} skipped there)` : ''}`;
const summary = () =>
  `server tests: ${[
    results.pglite && describeCounts(results.pglite, 'PGlite'),
    results.postgres && describeCounts(results.postgres, results.postgresVersion),
  ]
    .filter(Boolean)
    .join(', ')}${results.postgresSkipped ? `; not run on PostgreSQL: ${results.postgresSkipped}` : ''}`;

async function serverTestsOnPostgres() {
  let cluster;
  let url = externalDatabase;
  if (url) {
    results.postgresVersion = await serverVersion(url).catch(() => 'PostgreSQL');
  } else {
    cluster = await startCluster();
    if (cluster.skipped) {
      results.postgresSkipped = cluster.skipped;
      if (strictCi) {
        console.error(`PostgreSQL could not be started: ${cluster.skipped}`);
        return 1;
      }
      console.log(`\n⚠ Skipping the server tests on PostgreSQL: ${cluster.skipped}`);
      return 0;
    }
    url = cluster.url;
    results.postgresVersion = cluster.version;
  }
  try {
    const status = await run('npx', ['vitest', 'run', 'tests/server', ...vitestJson('postgres')], { TEST_DATABASE_URL: url });
    results.postgres = serverCounts(`${reports}/postgres.json`);
    return status;
  } finally {
    cluster?.stop();
  }
}

const steps = [
  ['generate GraphQL types and the route tree', () => run('npm', ['run', 'gen'])],
  ['type-check', () => run('npx', ['tsc', '-p', '.'])],
  [
    'unit, machine, model, view and server tests (server on PGlite)',
    async () => {
      const status = await run('npx', ['vitest', 'run', ...vitestJson('pglite')]);
      results.pglite = serverCounts(`${reports}/pglite.json`);
      return status;
    },
  ],
  // The browser tests use their own production build, with the /flows page on (VITE_FLOWS_PAGE); it runs
  // while the PostgreSQL pass mostly waits on its database.
  [
    'server tests on PostgreSQL, and the production build (fails on a missing translation)',
    async () => {
      // `npm run build` without its generate step (done first above), so nothing the tests import is rewritten.
      const extracted = await run('npx', ['lingui', 'extract', '--clean']);
      if (extracted !== 0) return extracted;
      const [postgres, build] = await Promise.all([
        serverTestsOnPostgres(),
        run('npx', ['vite', 'build', '--outDir', e2eDist], { VITE_FLOWS_PAGE: 'true' }),
      ]);
      return postgres || build;
    },
  ],
  // With them, every model path of the machines that move money through the real app (tests/paths; report in
  // reports/paths), in the shard it falls to, so the two cores share it.
  [
    'browser tests and the money machines\' model paths against the real server',
    () => {
      const money = ['invoice-payment', 'deposit', 'cart', 'promo'];
      const undriven = money.filter((name) => !drivenMachines().includes(name));
      if (undriven.length) console.log(`Not walked in the real browser yet (no driver in tests/paths): ${undriven.join(', ')}`);
      const machines = money.filter((name) => drivenMachines().includes(name));
      return browserTests({ paths: ({ port, E2E_TIME_SCALE }) => testPaths({ machines, port, timeScale: E2E_TIME_SCALE }) });
    },
  ],
];

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const started = Date.now();
for (const [title, step] of steps) {
  const stepStart = Date.now();
  console.log(`\n▶ ${title}`);
  const status = await step();
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
  if (status !== 0) {
    console.error(`\n✖ ${title} failed after ${seconds} s`);
    if (results.pglite) console.error(summary());
    process.exit(status);
  }
  console.log(`✔ ${title} (${seconds} s)`);
  if (title.startsWith('server tests on PostgreSQL')) console.log(summary());
}
console.log(`\n${summary()}`);
console.log(`All tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
