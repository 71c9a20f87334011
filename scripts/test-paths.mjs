// `npm run test:paths -- <machine>[,<machine>...] [--path "<title>"] [--build]`: every model path of the named
// machines (or one path, by its title as the report names it) walked through the real app in Chromium against
// the reference server on a fresh database (tests/paths), then the HTML report in reports/paths/. It uses the
// browser tests' build in .tmp/e2e-dist (made here when missing, or with --build) and serves on PATHS_PORT,
// else E2E_BASE_PORT, else 4180.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const dist = '.tmp/e2e-dist';

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The machines that have a driver in tests/paths. */
export const drivenMachines = () =>
  readdirSync('tests/paths').filter((file) => file.endsWith('.driver.ts')).map((file) => file.replace(/\.driver\.ts$/, ''));

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Walks the machines' paths; `path` limits it to one path by its title. `gallery` keeps each state's screen
 * in that folder (scripts/gallery.mjs); `port` and `timeScale` are the browser tests' shard's when npm test
 * runs it. Resolves with the exit status.
 */
export async function testPaths({ machines, path, build = false, gallery, report, port: givenPort, timeScale }) {
  const unknown = machines.filter((machine) => !drivenMachines().includes(machine));
  if (unknown.length) {
    console.error(`No real-browser driver for ${unknown.join(', ')} (tests/paths/<machine>.driver.ts); driven: ${drivenMachines().join(', ')}`);
    return 2;
  }
  if (build || !existsSync(`${dist}/index.html`)) {
    const built = await run('npx', ['vite', 'build', '--outDir', dist], { VITE_FLOWS_PAGE: 'true' });
    if (built !== 0) return built;
  }
  const port = String(givenPort ?? process.env.PATHS_PORT ?? process.env.E2E_BASE_PORT ?? '4180');
  const args = ['playwright', 'test', '-c', 'tests/paths/playwright.config.ts'];
  if (path) args.push('--grep', `${escapeRegExp(` ${path}`)}$`);
  return run('npx', args, {
    E2E_PORT: port,
    PATHS_MACHINES: machines.join(','),
    PATHS_REPORT: report ?? `reports/paths/${machines.join('-')}.html`,
    ...(timeScale ? { E2E_TIME_SCALE: String(timeScale) } : {}),
    ...(gallery ? { PATHS_GALLERY: gallery } : {}),
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const option = (name) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv.splice(index, 2)[1] : undefined;
  };
  const path = option('--path');
  const build = argv.includes('--build');
  const machines = argv.filter((arg) => !arg.startsWith('--')).flatMap((arg) => arg.split(',')).filter(Boolean);
  if (machines.length === 0) {
    console.error(`Usage: npm run test:paths -- <machine>[,<machine>...] [--path "<title>"] [--build]\nDriven machines: ${drivenMachines().join(', ')}`);
    process.exit(2);
  }
  const started = Date.now();
  const status = await testPaths({ machines, path, build });
  console.log(`test:paths ${status === 0 ? 'passed' : 'failed'} in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  process.exit(status);
}
