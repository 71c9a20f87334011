// CMS pages on a fresh database: the menu lists the Demo Portal's five CMS modules; a list opens an entry; the
// entry whose HTML carries a script, an onerror handler and a javascript: link shows its text and runs none of
// it (no dialog, no global set, none of that markup in the page); the pages read in the member's language, on
// a phone in the dark theme, and are axe clean.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, menuEntryIds, signIn } from './support';

async function onTheDashboard(page: Page) {
  await signIn(page);
  await page.goto('/dashboard');
}

test('the menu lists the CMS pages; a list opens an entry; the entry with a script shows its text and runs nothing', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await onTheDashboard(page);
  const menu = page.getByTestId('main-menu').first();
  // The CMS entries join the menu once the tenant's modules have loaded.
  await expect.poll(async () => (await menuEntryIds(page)).filter((id) => id.startsWith('cms:'))).toHaveLength(5);
  for (const name of ['News', 'Education', 'Documents', 'Help', 'Banners']) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();

  await menu.getByRole('link', { name: 'News', exact: true }).click();
  await expect(page).toHaveURL(/\/template\/\d+$/);
  const list = page.getByRole('region', { name: 'News' });
  await expect(list.getByTestId('cms-entry')).toHaveCount(3);
  expect(await axeViolations(page, { include: 'main', tags: 'all' })).toEqual([]);

  await list.getByRole('link', { name: 'The new member portal is live' }).click();
  await expect(page).toHaveURL(/\/template\/\d+\/\d+$/);
  const first = page.getByRole('article', { name: 'The new member portal is live' });
  await expect(first).toContainText('Withdrawals with saved payout templates.');
  await first.getByRole('link', { name: 'Back to News' }).click();

  await list.getByRole('link', { name: 'Security notice: this entry carries a script' }).click();
  const hostile = page.getByRole('article', { name: 'Security notice: this entry carries a script' });
  await expect(hostile).toContainText('You read this text, and nothing ran.');
  await expect(hostile).toContainText('A link that must do nothing');
  await expect(hostile.locator('script, [onerror], a[href^="javascript"]')).toHaveCount(0);
  // The link that carried javascript: does nothing when followed.
  await hostile.getByText('A link that must do nothing').click();
  await expect(hostile).toBeVisible();
  expect(await page.evaluate(() => (window as { __cmsScriptRan?: unknown }).__cmsScriptRan)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(await axeViolations(page, { include: 'main', tags: 'all' })).toEqual([]);

  // An entry the module does not have, and a module the tenant does not have: "Template not found."
  await page.goto(page.url().replace(/\/\d+$/, '/999999'));
  await expect(page.getByTestId('cms-not-found')).toContainText('Template not found.');
  await page.goto('/template/999999');
  await expect(page.getByTestId('cms-not-found')).toContainText('Template not found.');
});

test('in Ukrainian on a phone in the dark theme: the list and an entry read in the language and are axe clean', async ({ page }) => {
  await onTheDashboard(page);
  const href = await page.getByTestId('main-menu').first().getByRole('link', { name: 'Help', exact: true }).getAttribute('href');
  expect(href).toMatch(/^\/template\/\d+$/);
  await page.evaluate(() => {
    localStorage.setItem('language', 'uk');
    localStorage.setItem('theme', 'dark');
  });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(href!);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const entries = page.getByTestId('cms-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('Як поповнити рахунок?');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await axeViolations(page, { include: 'main', tags: 'all' })).toEqual([]);
  await entries.first().getByRole('link', { name: 'Як поповнити рахунок?' }).click();
  const article = page.getByRole('article', { name: 'Як поповнити рахунок?' });
  await expect(article).toContainText('оберіть валюту й суму');
  await expect(article.getByRole('link', { name: 'Назад до розділу Допомога' })).toBeVisible();
  expect(await axeViolations(page, { include: 'main', tags: 'all' })).toEqual([]);
});

test("a CMS page is titled with its module's name: the page heading, the phone's header and the document title", async ({ page }) => {
  await onTheDashboard(page);
  await page.getByTestId('main-menu').first().getByRole('link', { name: 'Education', exact: true }).click();
  await expect(page).toHaveURL(/\/template\/\d+$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Education');
  await expect(page).toHaveTitle('Education | Demo Portal');
  // An entry of the module keeps the module's name; the entry's own title heads the article.
  await page.getByRole('link', { name: 'Getting started with tariffs' }).click();
  await expect(page.getByRole('article', { name: 'Getting started with tariffs' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Education');
  await expect(page).toHaveTitle('Education | Demo Portal');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Education');
  await expect(page).toHaveTitle('Education | Demo Portal');
});
