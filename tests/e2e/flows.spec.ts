import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const machines = readdirSync('docs/statecharts')
  .filter((name) => name.endsWith('.svg'))
  .map((name) => name.replace(/\.svg$/, ''));

test('the flows page lists every machine; a chart opens, and a state tells what it means', async ({ page }) => {
  await page.goto('/flows');
  const list = page.getByTestId('flow-list');
  for (const name of machines) await expect(list.locator(`[data-flow="${name}"]`)).toBeVisible();
  await list.locator('[data-flow="login"]').click();
  const chart = page.getByTestId('flow-chart');
  await expect(chart.locator('svg > title')).toHaveText('login state chart');
  // A product owner finds the 120 s reset on the diagram, in words; the technical label is its tooltip.
  await expect(chart.locator('text', { hasText: 'Code step timed' })).toBeVisible();
  await expect(chart.locator('g.edge title', { hasText: 'after 120 s' })).toHaveCount(1);
  await chart.locator('g.state[data-state-id="login.twoFactor"]').click({ position: { x: 30, y: 10 } });
  await expect(page.getByTestId('state-details')).toContainText('The server wants the 6-digit two-factor code; the step lasts 120 s.');
  await expect(page.getByTestId('state-details')).toContainText('after 120 s → editingCredentials');
  await expect(page.getByText('In twoFactor: after 120 s → editingCredentials')).toBeVisible();
  await expect(page.getByTestId('model-paths').locator('li').first()).toContainText('login:');
});

test('a chart opens fitted; search highlights states and events; a state link opens its side panel', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/flows?machine=invoice-payment&state=open.loadFailed');
  const chart = page.getByTestId('flow-chart');
  await expect(page.getByTestId('state-details')).toContainText('The invoice could not be loaded');
  await expect(page.getByTestId('state-details')).toContainText('Member retries (load.retry → open.loading)');
  await expect(chart.locator('g.state.is-selected[data-state-id="invoicePayment.open.loadFailed"]')).toHaveCount(1);
  // Fitted: the whole chart lies inside the frame.
  const frame = (await page.locator('.flow-chart-frame').boundingBox())!;
  const drawn = (await chart.locator('svg').boundingBox())!;
  expect(drawn.width).toBeLessThanOrEqual(frame.width + 1);
  expect(drawn.x).toBeGreaterThanOrEqual(frame.x - 1);
  await page.getByTestId('chart-search').fill('payment.sent');
  await expect(chart.locator('g.edge.is-match')).toHaveCount(3);
  await expect(page.getByTestId('chart-matches')).toContainText('3 matches');
  await chart.locator('g.state[data-state-id="invoicePayment.open.paying.steps.bankDetails"]').click();
  await expect(page).toHaveURL(/machine=invoice-payment&state=open.paying.steps.bankDetails/);
  // A way back is a short stub on the chart; the chosen state's stub, or one under the pointer, shows its whole route.
  await expect(chart.locator('svg path.return-route')).toHaveCount(1);
  await chart.locator('g.edge.return[data-source="invoicePayment.open.paying.steps.awaitingLink"] > text').first().hover();
  await expect(chart.locator('svg path.return-route')).toHaveCount(2);
  await page.locator('.flow-chart-frame').focus();
  await page.keyboard.press('+');
  await expect.poll(async () => (await chart.locator('svg').boundingBox())!.width).toBeGreaterThan(drawn.width);
});

test('live, the page shows the flows running in it with their current state', async ({ page }) => {
  await page.goto('/flows?view=live');
  const actors = page.getByTestId('live-actors');
  await expect(actors).toContainText('tenantConfig');
  await expect(actors).toContainText('appState');
  await actors.getByText('tenantConfig').click();
  await expect(page.getByRole('heading', { level: 2 })).toContainText('tenantConfig: ready');
  await expect(page.getByTestId('flow-chart').locator('g.state.is-active[data-state-id="tenantConfig.ready"]')).toHaveCount(1);
});

test('the production build carries no inspector code', () => {
  const dist = process.env.E2E_DIST ?? (readdirSync('.tmp').includes('e2e-dist') ? '.tmp/e2e-dist' : 'dist');
  const bundles = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'));
  expect(bundles.length).toBeGreaterThan(0);
  const offenders = bundles.filter((name) => /createBrowserInspector|@statelyai\/inspect|stately\.ai\/inspect/.test(readFileSync(join(dist, 'assets', name), 'utf8')));
  expect(offenders).toEqual([]);
});
