import AxeBuilder from '@axe-core/playwright';
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

/**
 * Waits, for at most 5 s, until three frames in a row have passed with no finite animation or transition running:
 * a dialog is visible to Playwright while it still fades in, and axe reads its half-transparent text as too
 * little contrast. Endless animations (the loading bar, a blinking banner) do not count.
 */
export async function transitionsEnded(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    const running = () =>
      document
        .getAnimations()
        .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
    const deadline = performance.now() + 5_000;
    for (let quietFrames = 0; quietFrames < 3 && performance.now() < deadline; ) {
      await frame();
      quietFrames = running() ? 0 : quietFrames + 1;
    }
  });
}

/**
 * What axe finds on the page once its transitions have ended, a line per rule with the elements it names.
 * By default the WCAG 2 A and AA rules over the whole page; `seriousOnly` keeps serious and critical ones.
 */
export async function axeViolations(
  page: Page,
  { include, tags = ['wcag2a', 'wcag2aa'], seriousOnly = false }: { include?: string; tags?: string[] | 'all'; seriousOnly?: boolean } = {},
): Promise<string[]> {
  await transitionsEnded(page);
  let builder = new AxeBuilder({ page });
  if (tags !== 'all') builder = builder.withTags(tags);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => !seriousOnly || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
