// `npm test`: every test. Generated code first (GraphQL types, route tree), then the type check, the unit,
// machine, model, view and server tests, then a production build and the browser tests against it.
import { spawnSync } from 'node:child_process';

const e2eDist = '.tmp/e2e-dist';

const steps = [
  ['generate GraphQL types and the route tree', 'npm', ['run', 'gen']],
  ['type-check', 'npx', ['tsc', '-p', '.']],
  ['unit, machine, model, view and server tests', 'npx', ['vitest', 'run']],
  // The browser tests use their own production build, with the /flows page on (VITE_FLOWS_PAGE).
  ['production build (fails on a missing translation)', 'npm', ['run', 'build', '--', '--outDir', e2eDist], { VITE_FLOWS_PAGE: 'true' }],
  ['browser tests against the real server', 'npx', ['playwright', 'test']],
];

const started = Date.now();
for (const [title, command, args, env = {}] of steps) {
  const stepStart = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? '1', ...env } });
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
