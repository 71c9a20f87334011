// Copy trading's read pages (issue 32) on the Demo Portal's seeded strategies (ids 5c0a7e00-0032-4c0d-8e00-0000000000NN;
// 05 is full, 06 in probation; the seed runs one statistics pass). A visitor opens /rankings, switches periods (the
// address and the table follow) and opens a ranked strategy's public page with its curve. The demo member filters and
// sorts /copy-trading (the address keeps the choices through a reload) and opens a strategy's page with its chart. The
// four pages pass axe at phone width in the dark theme and at desktop width in the light, and a phone never scrolls
// sideways.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, signIn } from './support';

const strategyId = (n: number) => `5c0a7e00-0032-4c0d-8e00-0000000000${String(n).padStart(2, '0')}`;

/** A figure as a number, for comparing an order only ("+12.50 %of 42 trades" → 12.5). */
const number = (text: string) => Number(text.replace(/of \d+ trades?$/, '').replace(/[^\d.-]/g, ''));

/** The period switch's radios are hidden behind their labels: a member clicks the label ("7d"). */
const choosePeriod = (page: Page, short: string) => page.getByTestId('period-switch').getByText(short, { exact: true }).click();

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a visitor opens the rankings, switches periods (the address and the table follow) and opens a ranked strategy', async ({ page }) => {
  await page.goto('/rankings');
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  const ranking = page.getByTestId('ranking');
  await expect(ranking).toHaveAttribute('data-period', '30d');
  await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked();
  await expect(page.getByTestId('ranking-minimum')).toHaveText(
    'To be ranked over 30 days a strategy needs at least 30 days of runtime and 20 closed trades in the period.',
  );
  await expect(page.getByTestId('computed-at')).toHaveText(/^Computed at .+; the statistics are recomputed every 15 minutes\.$/);
  const month = page.getByRole('table', { name: 'Top strategies over 30 days' });
  await expect(month.getByTestId('ranking-entry').first()).toContainText('#1');

  await choosePeriod(page, '7d');
  await expect(page).toHaveURL(/\/rankings\/7d$/);
  await expect(ranking).toHaveAttribute('data-period', '7d');
  await expect(page.getByTestId('ranking-minimum')).toContainText('over 7 days a strategy needs at least 14 days of runtime and 10 closed trades');
  const week = page.getByRole('table', { name: 'Top strategies over 7 days' });
  const first = week.getByTestId('ranking-entry').first();
  await expect(first).toContainText('#1');
  await expect(first).toContainText(/of \d+ trades/);
  await expect(first).toContainText(/\d+ days/);
  // Ranked by ROI, the best first (the third cell after the rank: trader, strategy, ROI).
  const roi = (await week.locator('[data-testid="ranking-entry"] td:nth-of-type(3)').allTextContents()).map(number);
  expect(roi).toEqual([...roi].sort((a, b) => b - a));

  // A reload keeps the period (it is the address).
  await page.reload();
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
  const name = (await first.getByRole('link').textContent())!;
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/ranking\/[0-9a-f-]+\?period=7d$/);
  const detail = page.getByTestId('ranking-page');
  await expect(detail.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('period-figures')).toHaveAttribute('data-period', '7d');
  await expect(page.getByTestId('figure-rank')).toHaveText('#1');
  await expect(page.getByRole('img', { name: /^Equity over 7 days: / })).toBeVisible();
  await expect(page.getByTestId('strategy-stats-period')).toHaveCount(6);
  await expect(page.getByRole('link', { name: 'Log in to copy this strategy' })).toHaveAttribute('href', /^\/login\?to=%2Fcopy-trading%2F/);
  await choosePeriod(page, '3m');
  await expect(page).toHaveURL(/\?period=3m$/);
  await expect(page.getByRole('img', { name: /^Equity over 3 months: / })).toBeVisible();
});

test('the demo member filters and sorts the strategies (kept through a reload) and opens a strategy with its chart', async ({ page }) => {
  await signIn(page);
  await page.goto('/copy-trading');
  const cards = page.getByTestId('strategy-card');
  await expect(cards).toHaveCount(12);
  await expect(page.locator(`[data-strategy="${strategyId(5)}"]`).getByTestId('strategy-full')).toHaveText('A trader reached the maximum number of followers.');
  await expect(page.locator(`[data-strategy="${strategyId(6)}"]`).getByTestId('strategy-probation')).toContainText(
    'Linking is impossible during the probation period.',
  );

  // The box follows the address, which the router updates a moment after the click.
  const openOnly = page.getByRole('checkbox', { name: 'Only those taking followers' });
  await openOnly.click();
  await expect(page).toHaveURL(/open=true/);
  await expect(openOnly).toBeChecked();
  await expect(cards).toHaveCount(10);
  await expect(page.locator(`[data-strategy="${strategyId(5)}"]`)).toHaveCount(0);
  await expect(page.locator(`[data-strategy="${strategyId(6)}"]`)).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Quote asset' }).selectOption('USDT');
  await expect(page).toHaveURL(/quote=USDT/);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Smallest drawdown' });
  await expect(page).toHaveURL(/order=drawdown/);
  // The list keeps the last answer until the next one comes: wait for what the filters ask.
  await expect.poll(async () => [...new Set(await page.getByTestId('strategy-quote').allTextContents())]).toEqual(['USDT']);
  await expect
    .poll(async () => {
      const drawdowns = (await page.getByTestId('strategy-drawdown').allTextContents()).map(number);
      return drawdowns.length > 1 && drawdowns.every((value, index) => index === 0 || drawdowns[index - 1]! <= value);
    })
    .toBe(true);

  await choosePeriod(page, '3m');
  await expect(page).toHaveURL(/period=3m/);
  await expect(page.getByTestId('strategies-period')).toHaveText('Figures over 3 months');
  await expect(page.getByTestId('strategies')).toHaveAttribute('data-period', '3m');
  const shown = await cards.count();
  await page.reload();
  await expect(page.getByRole('radio', { name: '3 months' })).toBeChecked();
  await expect(openOnly).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Quote asset' })).toHaveValue('USDT');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('drawdown');
  await expect(cards).toHaveCount(shown);

  await page.getByRole('combobox', { name: 'Risk' }).selectOption({ label: 'High risk' });
  await expect(page).toHaveURL(/risk=3/);
  await expect.poll(async () => [...new Set(await cards.locator('[data-status]').allTextContents())]).toEqual(['High risk']);
  await page.getByRole('button', { name: 'Clear the filters' }).first().click();
  await expect(page).toHaveURL(/\/copy-trading\?period=3m$/);
  await expect(cards).toHaveCount(12);

  const strategy = page.locator(`[data-strategy="${strategyId(2)}"]`);
  const name = (await strategy.getByRole('heading').textContent())!;
  await strategy.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/copy-trading/${strategyId(2)}\\?period=3m$`));
  const detail = page.getByTestId('strategy-page');
  await expect(detail.getByRole('heading', { name, level: 2, exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Equity over 3 months: / })).toBeVisible();
  await expect(page.getByTestId('equity-summary')).toHaveText(/^Equity over 3 months: .+ on .+, .+ on .+ \(.+\); lowest .+, highest .+\.$/);
  await expect(page.getByTestId('strategy-stats-period')).toHaveCount(6);
  await expect(page.getByTestId('strategy-trade').first()).toBeVisible();
  await expect(page.getByTestId('strategy-description')).not.toBeEmpty();
  await expect(page.getByTestId('strategy-follow').getByTestId('strategy-min-deposit')).toBeVisible();
});

// The phone run in the dark theme, the desktop one in the light: both schemes are checked once.
for (const [label, size, theme] of [
  ['phone', { width: 390, height: 844 }, 'dark'],
  ['desktop', { width: 1280, height: 900 }, 'light'],
] as const) {
  test(`the rankings, ranking, strategies and strategy pages pass axe at ${label} width in the ${theme} theme`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.addInitScript((scheme) => window.localStorage.setItem('theme', scheme), theme);
    await page.goto('/rankings');
    await expect(page.getByTestId('ranking-entry').first()).toBeVisible();
    expect(await axeViolations(page), '/rankings').toEqual([]);
    expect(await sideways(page), '/rankings scrolls sideways').toBeLessThanOrEqual(0);
    await page.goto(`/ranking/${strategyId(1)}`);
    await expect(page.getByRole('img', { name: /^Equity over 30 days: / })).toBeVisible();
    expect(await axeViolations(page), '/ranking/{id}').toEqual([]);
    expect(await sideways(page), '/ranking/{id} scrolls sideways').toBeLessThanOrEqual(0);

    await signIn(page);
    await page.goto('/copy-trading');
    await expect(page.getByTestId('strategy-card')).toHaveCount(12);
    expect(await axeViolations(page), '/copy-trading').toEqual([]);
    expect(await sideways(page), '/copy-trading scrolls sideways').toBeLessThanOrEqual(0);
    await page.goto(`/copy-trading/${strategyId(1)}`);
    await expect(page.getByRole('img', { name: /^Equity over 30 days: / })).toBeVisible();
    await expect(page.getByTestId('strategy-trade').first()).toBeVisible();
    expect(await axeViolations(page), '/copy-trading/{id}').toEqual([]);
    expect(await sideways(page), '/copy-trading/{id} scrolls sideways').toBeLessThanOrEqual(0);
  });
}
