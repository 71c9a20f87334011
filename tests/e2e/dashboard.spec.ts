// The dashboard on a fresh database (spec §2 "Widgets"): the demo tenant lists My plans, My tariff, my deals,
// team deals, my finance and the CMS banners, and each shows the demo member's data: 12 plans with 3 active, the Basic tariff,
// paid deals, the referral's three deals, profit and investments by month. Axe-clean in both themes, and on a
// phone every widget fits the screen's width.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, signIn } from './support';

async function expectWidgets(page: Page) {
  const widgets = page.getByTestId(/^widget-/);
  await expect(widgets).toHaveCount(6);
  expect(await widgets.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')))).toEqual([
    'widget-my_plans',
    'widget-my_tariff',
    'widget-my_deals',
    'widget-team_deals',
    'widget-my_finance',
    'widget-cms_banners',
  ]);
  const plans = page.getByRole('region', { name: 'My plans' });
  await expect(plans.getByTestId('plans-count')).toHaveText('12');
  await expect(plans.getByTestId('plans-active')).toHaveText('3');
  await expect(page.getByRole('region', { name: 'My tariff' }).getByTestId('my-tariff-name')).not.toHaveText('No tariff');
  await expect(page.getByRole('region', { name: 'My tariff' }).getByTestId('purchase-badge')).toBeVisible();
  await expect(page.getByRole('region', { name: 'My deals' }).getByTestId('my-deals-count')).not.toHaveText('0');
  await expect(page.getByRole('region', { name: 'My deals' }).getByTestId('my-deals-sum')).toContainText('$');
  await expect(page.getByRole('region', { name: 'Team deals' }).getByTestId('team-deals-count')).toHaveText('3');
  const finance = page.getByRole('region', { name: 'My finance' });
  await expect(finance.getByTestId('finance-profit')).toContainText('$');
  await expect(finance.getByTestId('finance-invested')).toContainText('$');
  // The banners module's newest entries, each opening its page.
  const banners = page.getByRole('region', { name: 'News and offers' });
  await expect(banners.getByTestId('dashboard-banner').first()).toBeVisible();
  await expect(banners.getByRole('link', { name: 'Upgrade and pay only the difference' })).toHaveAttribute(
    'href',
    /^\/template\/\d+\/\d+$/,
  );
  return { plans, finance };
}

test('the dashboard shows every configured widget with demo data; the month selectors switch figures', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard');
  const { plans, finance } = await expectWidgets(page);

  // A year ago fewer plans had started than today.
  const month = plans.getByRole('combobox', { name: 'Month' });
  await expect(month.locator('option')).toHaveCount(12);
  await month.selectOption({ index: 11 });
  await expect(plans.getByTestId('plans-count')).not.toHaveText('12');
  // The invested figure follows its own month: some month of the year had an investment.
  const invested = finance.getByRole('combobox', { name: 'Invested in' });
  const amounts = new Set<string>();
  for (let index = 0; index < 12; index += 1) {
    await invested.selectOption({ index });
    amounts.add((await finance.getByTestId('finance-invested').textContent()) ?? '');
  }
  expect([...amounts].some((amount) => amount !== '$0.00')).toBe(true);

  expect(await axeViolations(page, { include: 'main', tags: 'all' }), 'light').toEqual([]);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await axeViolations(page, { include: 'main', tags: 'all' }), 'dark').toEqual([]);
});

test('on a phone every widget shows, one under another, within the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto('/dashboard');
  await expectWidgets(page);
  const boxes = await page
    .getByTestId(/^widget-/)
    .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect));
  for (const box of boxes) expect(box.x + box.width).toBeLessThanOrEqual(390);
  for (let index = 1; index < boxes.length; index += 1)
    expect(boxes[index]!.y).toBeGreaterThanOrEqual(boxes[index - 1]!.y + boxes[index - 1]!.height);
  expect(await axeViolations(page, { include: 'main', tags: 'all' })).toEqual([]);
});

test("the news and offers lead only to pages the tenant has: the upgrade banner opens My tariff's upgrade", async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard');
  const banners = page.getByRole('region', { name: 'News and offers' });
  await expect(banners.getByTestId('dashboard-banner').first()).toBeVisible();
  const targets = await banners.getByRole('link', { name: 'Learn more' }).evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  expect(targets.length).toBeGreaterThan(0);
  // The Demo Portal has no tariffs page (its products module is in products view): no link may lead to one.
  expect(targets).not.toContain('/tariffs');
  for (const target of targets) {
    await page.goto(target);
    await expect(page.getByRole('main')).toBeVisible();
    expect(new URL(page.url()).pathname, target).not.toBe('/404');
  }
  await page.goto('/dashboard');
  await banners.getByTestId('dashboard-banner').filter({ hasText: 'Upgrade and pay only the difference' }).getByRole('link', { name: 'Learn more' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
