import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/** English source texts whose translation in `locale` reads differently (placeholders excluded). */
function englishOnlyTexts(locale: string): Set<string> {
  const entries = (file: string) =>
    [...readFileSync(file, 'utf8').matchAll(/msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/g)].map(
      (m) => [m[1]!, m[2]!] as const,
    );
  const translations = new Map(entries(`locales/${locale}/messages.po`));
  return new Set(
    entries('locales/en/messages.po')
      .map(([id]) => id)
      .filter((id) => id && !/[{<]/.test(id) && translations.get(id) && translations.get(id) !== id),
  );
}

async function untranslatedLines(page: Page, locale: string): Promise<string[]> {
  const english = englishOnlyTexts(locale);
  const lines = (await page.locator('body').innerText()).split('\n').map((line) => line.trim());
  const labels = await page.locator('[aria-label]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
  return [...lines, ...labels].filter((text) => english.has(text));
}

for (const locale of ['uk', 'ru', 'es'] as const) {
  test(`the shell renders in ${locale} without untranslated text`, async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/uncompiled message/i.test(message.text())) warnings.push(message.text());
    });
    await page.addInitScript((language) => localStorage.setItem('language', language), locale);
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    expect(await untranslatedLines(page, locale)).toEqual([]);
    await page.getByRole('textbox').first().fill('demo@example.com');
    await page.locator('input[type="password"]').fill('Demo12345');
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('panel-balance')).toBeVisible();
    expect(await untranslatedLines(page, locale)).toEqual([]);
    for (const [path, ready] of [
      ['/settings', 'main form button[type="submit"] >> nth=0'],
      ['/security', '[data-testid="login-history"]'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator(ready)).toBeVisible();
      expect(await untranslatedLines(page, locale)).toEqual([]);
    }
    // The profile's language is the one the page is in, though the member's saved language is English.
    await page.goto('/settings');
    await expect(page.locator('main select')).toHaveValue(locale);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    expect(await untranslatedLines(page, locale)).toEqual([]);
    expect(warnings).toEqual([]);
  });
}

test.describe('language choice', () => {
  test.use({ locale: 'ru-RU' });

  test('defaults to the browser language and stores a new choice', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { name: 'Войти' })).toBeVisible();
    await page.getByTestId('language-switch').selectOption('en');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });
});

test('the dark theme is stored under "theme", survives a reload and uses the dark logo', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('img', { name: 'Demo Portal' })).toHaveAttribute('src', '/media/demo-logo-dark.svg');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});
