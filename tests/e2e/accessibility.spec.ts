import { expect, test } from '@playwright/test';
import { acmeOrigin, axeViolations, signIn } from './support';

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
        expect(await axeViolations(page), path).toEqual([]);
      }
      await page.goto('/no/such/page');
      await expect(page).toHaveURL(/\/404$/);
      expect(await axeViolations(page), '/404').toEqual([]);
      // The second tenant's own colours pass too.
      await page.goto(`${acmeOrigin}/login`);
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      expect(await axeViolations(page), 'acme /login').toEqual([]);
    });

    test('the member pages and the two-factor dialog pass axe', async ({ page }) => {
      // axe over several pages and sizes: more than the default 30 s on a busy two-core machine.
      test.slow();
      await signIn(page);
      await page.goto('/dashboard');
      await expect(page.getByTestId('panel-balance')).toBeVisible();
      expect(await axeViolations(page), '/dashboard').toEqual([]);
      await page.goto('/settings');
      await expect(page.getByRole('button', { name: 'Save' }).first()).toBeVisible();
      expect(await axeViolations(page), '/settings').toEqual([]);
      // Status badges of every colour: paid, unpaid, canceled.
      await page.goto('/invoices');
      await expect(page.getByRole('table').getByText('Unpaid').first()).toBeVisible();
      expect(await axeViolations(page), '/invoices').toEqual([]);
      await page.goto('/security');
      await expect(page.getByTestId('login-history')).toBeVisible();
      expect(await axeViolations(page), '/security').toEqual([]);
      await page.getByRole('button', { name: 'Turn on' }).click();
      const dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
      await expect(dialog.getByRole('button', { name: 'Continue' })).toBeVisible();
      expect(await axeViolations(page, { include: '[role="dialog"]' }), 'activation, step 1').toEqual([]);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByRole('img', { name: /QR/ })).toBeVisible();
      expect(await axeViolations(page, { include: '[role="dialog"]' }), 'activation, step 2').toEqual([]);
    });
  });
}
