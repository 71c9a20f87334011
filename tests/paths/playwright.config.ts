// The real-browser model paths (tests/paths): the e2e suite's browser, server and port (E2E_PORT), its own
// test folder, output and HTML report (tests/paths/report.ts).
import { defineConfig } from '@playwright/test';
import base, { scaled } from '../../playwright.config';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'paths.spec.ts',
  outputDir: new URL('../../test-results/paths', import.meta.url).pathname,
  // A path walks up to 17 steps, each waiting on the real server and taking a screenshot.
  timeout: scaled(120_000),
  reporter: [['list'], ['./report.ts']],
  use: { ...base.use, trace: 'off', actionTimeout: scaled(10_000) },
  // The gallery walks every path at desktop and at phone width; the QA paths at desktop width.
  projects: [
    { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
    ...(process.env.PATHS_GALLERY ? [{ name: 'phone', use: { viewport: { width: 390, height: 844 } } }] : []),
  ],
  webServer: { ...base.webServer!, cwd: new URL('../..', import.meta.url).pathname } as never,
});
