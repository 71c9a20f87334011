import { defineConfig } from '@playwright/test';

// Browser tests run against the real reference server on a fresh database (scripts/e2e-server.mjs),
// in Debian's Chromium; Playwright never downloads a browser.
export const e2ePort = Number(process.env.E2E_PORT ?? 4173);

/**
 * How much slower than the machine the timeouts were tuned on this run may be: the browser step of `npm test`
 * measures the machine and sets it (scripts/e2e-calibrate.mjs); a spec run by hand takes 1 unless told.
 * Every timeout of the suite goes through it (the specs' own through `scaled` in tests/e2e/support.ts).
 */
export const timeScale = Math.max(1, Number(process.env.E2E_TIME_SCALE ?? 1) || 1);
export const scaled = (ms: number) => Math.round(ms * timeScale);

export default defineConfig({
  testDir: 'tests/e2e',
  // Per shard when the test command runs shards side by side (each cleans its own at start).
  outputDir: process.env.E2E_OUTPUT ?? 'test-results',
  // Two cores: one for the server, one for the browser.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: scaled(30_000),
  expect: { timeout: scaled(7_000) },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${e2ePort}`,
    trace: 'retain-on-failure',
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${e2ePort}/graphql?query=%7B__typename%7D`,
    reuseExistingServer: false,
    timeout: scaled(120_000),
    env: { PORT: String(e2ePort) },
  },
});
