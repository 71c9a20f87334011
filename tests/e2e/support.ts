import { expect, type APIRequestContext, type Page } from '@playwright/test';
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

export const twofa = { email: 'twofa@example.com', password: 'Demo12345', secret: 'JBSWY3DPEHPK3PXP' };

/** The newest message the dev mailbox holds for an address. */
export async function lastMail(request: APIRequestContext, to: string): Promise<{ subject: string; text: string } | undefined> {
  const response = await request.get(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  const messages = (await response.json()) as { subject: string; text: string }[];
  return messages[0];
}

/** A unique address per test run, so tests never meet each other's members. */
export const freshEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;

/** Fills the registration form's first step and sends it. */
export async function fillRegistration(page: Page, { name, email, password = 'Secret123' }: { name: string; email: string; password?: string }) {
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  // Leaving the field checks it (a message moves the form down) before the checkbox is clicked.
  await page.getByRole('textbox', { name: 'Password' }).press('Tab');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Register' }).click();
}

/** Registers and verifies a member of the test's own (the demo members stay as they are for other tests). */
export async function registerMember(page: Page, request: APIRequestContext, prefix: string, name = 'Account Tester') {
  const email = freshEmail(prefix);
  await page.goto('/register');
  await fillRegistration(page, { name, email });
  await expect(page.getByRole('textbox', { name: 'Code from the email' })).toBeVisible();
  const code = /\b(\d{6})\b/.exec((await lastMail(request, email))!.text)![1]!;
  await page.getByRole('textbox', { name: 'Code from the email' }).fill(code);
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

const pageAnswersScript = /<script type="application\/json" id="page-answers">[\s\S]*?<\/script>/;

/**
 * The API unreachable: /graphql fails with `reason`, and the page comes without the tenant's settings answered
 * in it, as the reference server serves it when its own run of them fails (server/page.ts).
 */
export async function apiUnreachable(page: Page, reason: 'connectionrefused' | 'internetdisconnected' = 'connectionrefused') {
  await page.route('**/graphql', (route) => route.abort(reason));
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace(pageAnswersScript, '') });
  });
}

/** The API answers again (see apiUnreachable). */
export async function apiBack(page: Page) {
  await page.unroute('**/graphql');
  await page.unroute('**/*');
}
