import { defineConfig } from '@playwright/test';

// Browser tests run against the real reference server on a fresh database (scripts/e2e-server.mjs),
// in Debian's Chromium; Playwright never downloads a browser.
export const e2ePort = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/e2e',
  // Per shard when the test command runs shards side by side (each cleans its own at start).
  outputDir: process.env.E2E_OUTPUT ?? 'test-results',
  // Two cores: one for the server, one for the browser.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
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
    timeout: 120_000,
    env: { PORT: String(e2ePort) },
  },
});
