import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { acmeOrigin, logIn } from './support';

/** WCAG 2 A and AA violations axe finds on the page as it is now, one line each. */
async function violations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    });

    test('the visitor pages pass axe', async ({ page }) => {
      // axe over several pages and sizes: more than the default 30 s on a busy two-core machine.
      test.slow();
      for (const [path, ready] of [
        ['/login', 'Log in'],
        ['/register', 'Register'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('button', { name: ready })).toBeVisible();
        expect(await violations(page), path).toEqual([]);
      }
      await page.goto('/no/such/page');
      await expect(page).toHaveURL(/\/404$/);
      expect(await violations(page), '/404').toEqual([]);
      // The second tenant's own colours pass too.
      await page.goto(`${acmeOrigin}/login`);
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      expect(await violations(page), 'acme /login').toEqual([]);
    });

    test('the member pages and the two-factor dialog pass axe', async ({ page }) => {
      // axe over several pages and sizes: more than the default 30 s on a busy two-core machine.
      test.slow();
      await page.goto('/login');
      await logIn(page);
      await expect(page.getByTestId('panel-balance')).toBeVisible();
      expect(await violations(page), '/dashboard').toEqual([]);
      await page.goto('/settings');
      await expect(page.getByRole('button', { name: 'Save' }).first()).toBeVisible();
      expect(await violations(page), '/settings').toEqual([]);
      await page.goto('/security');
      await expect(page.getByTestId('login-history')).toBeVisible();
      expect(await violations(page), '/security').toEqual([]);
      await page.getByRole('button', { name: 'Turn on' }).click();
      const dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
      await expect(dialog.getByRole('button', { name: 'Continue' })).toBeVisible();
      expect(await violations(page, '[role="dialog"]'), 'activation, step 1').toEqual([]);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByRole('img', { name: /QR/ })).toBeVisible();
      expect(await violations(page, '[role="dialog"]'), 'activation, step 2').toEqual([]);
    });
  });
}
