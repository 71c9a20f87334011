import { expect, test, type Page, type Request } from '@playwright/test';
import { demo, devControl, logIn, signIn } from './support';

const setAppState = (page: Page, state: { status?: string; version?: string; logout_needed?: boolean }) =>
  devControl(page.request, '/dev/app-state', state);
const setUserSettings = (page: Page, settings: Record<string, unknown>) =>
  devControl(page.request, '/dev/user-settings', { email: demo.email, ...settings });

async function signedInWithClock(page: Page) {
  await page.clock.install();
  await signIn(page);
  await page.goto('/dashboard');
  // The dashboard has loaded what it shows (member, menu with CMS pages): what follows are polls.
  await expect(page.getByTestId('panel-balance')).toBeVisible();
  await expect(page.locator('[data-menu-entry="cms:1"]')).toBeVisible();
}

/** Makes the tab hidden (or visible) the way the browser reports it. */
async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (isHidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** The GraphQL operations the page sends from now on, and how many of them have no answer yet. */
function countGraphQL(page: Page) {
  const requests: string[] = [];
  const unanswered = new Set<Request>();
  page.on('request', (request) => {
    if (!request.url().endsWith('/graphql')) return;
    requests.push(/(query|mutation)\s+(\w+)/.exec(request.postData() ?? '')?.[2] ?? '?');
    unanswered.add(request);
  });
  page.on('requestfinished', (request) => unanswered.delete(request));
  page.on('requestfailed', (request) => unanswered.delete(request));
  return { requests, unanswered: () => unanswered.size };
}

/** Lets fake time pass a second at a time, each poll answered before the clock moves on (however slow the machine). */
async function idle(page: Page, ms: number, unanswered: () => number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 1_000) {
    await page.clock.runFor(1_000);
    await expect.poll(unanswered).toBe(0);
  }
}

test.describe('app state', () => {
  test.afterEach(async ({ page }) => {
    await setAppState(page, { status: 'live', logout_needed: false });
  });

  test('maintenance shows a dialog that cannot be closed, within 30 s', async ({ page }) => {
    await signedInWithClock(page);
    await setAppState(page, { status: 'maintenance' });
    await page.clock.runFor(30_000);
    const dialog = page.getByRole('dialog', { name: 'Maintenance' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('at most 10 minutes');
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button')).toHaveCount(0);
    await setAppState(page, { status: 'live' });
    await page.clock.runFor(30_000);
    await expect(dialog).toBeHidden();
  });

  test('a new version shows a dialog whose Reload brings the new version', async ({ page }) => {
    await signedInWithClock(page);
    await setAppState(page, { version: `2.${Date.now()}` });
    await page.clock.runFor(30_000);
    const dialog = page.getByRole('dialog', { name: 'New version available' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('dialog', { name: 'New version available' })).toBeHidden();
  });

  test('with logout_needed the Reload signs the member out to the login', async ({ page }) => {
    await signedInWithClock(page);
    await setAppState(page, { version: `3.${Date.now()}`, logout_needed: true });
    await page.clock.runFor(30_000);
    await page.getByRole('dialog', { name: 'New version available' }).getByRole('button', { name: 'Reload' }).click();
    await expect(page).toHaveURL(/\/login\?s=logout$/);
    expect(await page.evaluate(() => localStorage.getItem('auth-token'))).toBeNull();
  });

  test('a typed form holds the new-version dialog back and says a reload would lose it', async ({ page }) => {
    await page.clock.install();
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill('half-typed@example.com');
    await setAppState(page, { version: `4.${Date.now()}` });
    await page.clock.runFor(30_000);
    await expect(page.getByTestId('new-version-notice')).toContainText('reloading now would lose what you typed');
    await expect(page.getByRole('dialog', { name: 'New version available' })).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('half-typed@example.com');
  });

  test('Reload now in the notice shows the busy new-version dialog while the page reloads', async ({ page }) => {
    await page.clock.install();
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill('half-typed@example.com');
    await setAppState(page, { version: `5.${Date.now()}` });
    await page.clock.runFor(30_000);
    // The reload's page is dropped on the wire, so the page that asked for it stays on screen to be read.
    const reloads: string[] = [];
    await page.route('**/login', (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      reloads.push(route.request().url());
      return route.abort('aborted');
    });
    await page.getByTestId('new-version-notice').getByRole('button', { name: 'Reload now' }).click({ noWaitAfter: true });
    const dialog = page.getByRole('dialog', { name: 'New version available' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Reload' })).toHaveAttribute('data-loading', 'true');
    expect(reloads).toHaveLength(1);
  });
});

test.describe('member status', () => {
  test.afterEach(async ({ page }) => {
    await setUserSettings(page, { status: 'active', unpaid_trader_fee_invoices: 0, overdue_trader_fee_invoices: 0 });
  });

  test('a suspended member sees the dialog, and View invoices leads to /invoices', async ({ page }) => {
    await signedInWithClock(page);
    await setUserSettings(page, { status: 'suspended' });
    await page.clock.runFor(60_000);
    const dialog = page.getByRole('dialog', { name: 'Your account is suspended' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'View invoices' }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    await expect(dialog).toBeHidden();
  });

  test('unpaid invoices show the banner; an overdue one makes it the blinking overdue banner', async ({ page }) => {
    await signedInWithClock(page);
    await setUserSettings(page, { unpaid_trader_fee_invoices: 2 });
    await page.clock.runFor(60_000);
    const banner = page.getByTestId('warning-banner');
    await expect(banner).toHaveAttribute('data-banner', 'unpaid');
    await setUserSettings(page, { overdue_trader_fee_invoices: 1 });
    await page.clock.runFor(60_000);
    await expect(banner).toHaveAttribute('data-banner', 'overdue');
    await expect(banner).toHaveClass(/blinking-banner/);
    await banner.getByRole('link').click();
    await expect(page).toHaveURL(/\/invoices$/);
  });
});

test.describe('polls', () => {
  test('a hidden tab sends no GraphQL request for 2 minutes, and asks again once it is visible', async ({ page }) => {
    await signedInWithClock(page);
    await page.clock.runFor(5_000);
    const { requests, unanswered } = countGraphQL(page);
    await setTabHidden(page, true);
    await idle(page, 120_000, unanswered);
    expect(requests).toEqual([]);
    await setTabHidden(page, false);
    await expect.poll(() => requests.length).toBeGreaterThan(0);
  });

  test('a visible idle dashboard sends no more than the spec polls: at most 9 requests a minute', async ({ page }) => {
    await signedInWithClock(page);
    await page.clock.runFor(5_000);
    const { requests, unanswered } = countGraphQL(page);
    await idle(page, 60_000, unanswered);
    expect(requests.length).toBeLessThanOrEqual(9);
    expect(new Set(requests)).toEqual(new Set(['AppState', 'Me', 'UserSettings', 'ActiveSubscription']));
  });
});

test.describe('an old browser', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/80.0.3987.149 Safari/537.36',
  });

  test('sees the old-browser dialog, and "do not show again" sticks', async ({ page }) => {
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Your browser is outdated' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Do not show again' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('hideOldBrowser'))).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Your browser is outdated' })).toHaveCount(0);
  });
});

test('the chat button hides while a dialog or sheet is open', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('chat-button')).toHaveCount(0); // not on the auth layout
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const chat = page.getByTestId('chat-button');
  await expect(chat).toHaveAttribute('href', 'https://t.me/demo_portal_support');
  await page.getByRole('button', { name: 'Cart' }).click();
  await expect(chat).toBeHidden();
});
