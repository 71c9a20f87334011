// `npm run bench:polls`: GraphQL requests per idle minute on the dashboard, tab visible and tab hidden
// (DESIGN.md §8 budgets: at most 9 a minute visible, none hidden). Runs the built app on the reference
// server with a fresh database in Debian's Chromium, with Playwright's clock driving the minutes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 4190);
const minutes = 3;
if (!existsSync(join(root, 'dist/index.html'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const dataDir = join(root, '.tmp/bench-data');
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/index.ts')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: join(root, 'dist'), NODE_ENV: 'test' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve) => server.stdout.on('data', (chunk) => String(chunk).includes('Portal on') && resolve()));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  const requests = [];
  page.on('request', (request) => request.url().endsWith('/graphql') && requests.push(request));
  await page.clock.install();
  await page.goto(`http://localhost:${port}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill('demo@example.com');
  await page.getByRole('textbox', { name: 'Password' }).fill('Demo12345');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('panel-balance').waitFor();
  await page.clock.runFor(5_000);

  // A second at a time, with a real pause, so each poll's answer arrives before the next one is due.
  const perMinute = async () => {
    const before = requests.length;
    for (let second = 0; second < minutes * 60; second += 1) {
      await page.clock.runFor(1_000);
      await page.waitForTimeout(15);
    }
    return (requests.length - before) / minutes;
  };
  const visible = await perMinute();
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const hidden = await perMinute();
  console.log(`GraphQL requests per idle minute on the dashboard (average over ${minutes} minutes):`);
  console.log(`  tab visible: ${visible.toFixed(1)}  [budget 9]`);
  console.log(`  tab hidden:  ${hidden.toFixed(1)}  [budget 0]`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
