import { expect, type Page } from '@playwright/test';
import { e2ePort } from '../../playwright.config';

export const demo = { email: 'demo@example.com', password: 'Demo12345' };
export const acmeOrigin = `http://acme.localhost:${e2ePort}`;

export async function logIn(page: Page, { email, password } = demo) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Ids of the main menu's entries, in order. */
export async function menuEntryIds(page: Page): Promise<string[]> {
  const menu = page.getByTestId('main-menu').first();
  await expect(menu).toBeVisible();
  return menu.locator('[data-menu-entry]').evaluateAll((links) => links.map((link) => link.getAttribute('data-menu-entry') ?? ''));
}
