// `npm run bench:lighthouse`: Lighthouse mobile performance of /login and /store (DESIGN.md §8 budgets: score
// at least 90, LCP at most 2.5 s, CLS at most 0.1; stretch 98 and 1.5 s). The built app on the reference
// server with a fresh database, in Debian's Chromium, with Lighthouse's default mobile emulation and
// simulated throttling. Offline: nothing is fetched from the internet.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 4192);
const debuggingPort = 9333;
const pages = ['/login', '/store'];
const budget = { score: 90, lcpMs: 2500, cls: 0.1 };

if (process.argv.includes('--build') || !existsSync(join(root, 'dist/index.html'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const dataDir = join(root, '.tmp/bench-lighthouse-data');
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/index.ts')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: join(root, 'dist'), NODE_ENV: 'production' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve) => server.stdout.on('data', (chunk) => String(chunk).includes('Portal on') && resolve()));

// Lighthouse drives the browser over the DevTools port.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--remote-debugging-port=${debuggingPort}`],
});
let over = false;
try {
  console.log('Lighthouse mobile (simulated throttling), median of 3 runs per page:');
  for (const path of pages) {
    const runs = [];
    for (let run = 0; run < 3; run += 1) {
      const result = await lighthouse(`http://localhost:${port}${path}`, {
        port: debuggingPort,
        onlyCategories: ['performance'],
        logLevel: 'error',
      });
      const { categories, audits } = result.lhr;
      runs.push({
        score: Math.round((categories.performance.score ?? 0) * 100),
        lcpMs: audits['largest-contentful-paint'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
      });
    }
    const median = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[1];
    const figures = { score: median('score'), lcpMs: median('lcpMs'), cls: median('cls') };
    const within = figures.score >= budget.score && figures.lcpMs <= budget.lcpMs && figures.cls <= budget.cls;
    over ||= !within;
    console.log(
      `  ${path.padEnd(8)} score ${figures.score}  LCP ${(figures.lcpMs / 1000).toFixed(2)} s  CLS ${figures.cls.toFixed(3)}` +
        `  [budget ≥ ${budget.score}, ≤ 2.5 s, ≤ 0.1]${within ? '' : '  OVER BUDGET'}`,
    );
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
if (over) process.exitCode = 1;
