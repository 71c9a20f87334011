// The shell's screens and behaviour of issue 33: "Error {code}" for another code, the chat's rules (Telegram on
// the Demo Portal, Tidio's stand-in on Acme; hidden under the cart, a dialog and on /login; clear of a list's last
// row on phones), the four-language switch on public pages, a draft that survives an expired session, the bottom
// bar's icons, Escape closing only the top layer with the registration dialog's title once, and axe on the pages.
import { expect, test, type Page } from '@playwright/test';
import { acmeOrigin, axeViolations, demo, logIn, signIn } from './support';

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const cartPanel = (page: Page) => page.getByRole('dialog', { name: 'Cart' });
const telegramChat = (page: Page) => page.getByRole('complementary', { name: 'Support chat' }).getByRole('link', { name: 'Chat with support' });
const tidioChat = (page: Page) => page.locator('#tidio-chat');

test('another error code shows "Error {code}" with a way home; a path that is no code is the 404 screen', async ({ page }) => {
  await page.goto('/error/500');
  await expect(page.getByRole('heading', { name: 'Error 500' })).toBeVisible();
  await expect(page).toHaveTitle('Error | Demo Portal');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/error/oops');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test("a page whose data fails with a server error shows its code, with a way home", async ({ page }) => {
  await signIn(page);
  await page.route('**/graphql', async (route) => {
    if (/query Me\b/.test(route.request().postData() ?? '')) await route.fulfill({ status: 500, body: 'Internal Server Error' });
    else await route.fallback();
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Error 500' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
});

test('/widget/{name} shows that dashboard widget alone; an unknown name is the 404 screen', async ({ page }) => {
  await signIn(page);
  await page.goto('/widget/my_finance');
  await expect(page.getByTestId('widget-my_finance')).toBeVisible();
  await expect(page.locator('[data-testid^="widget-"]')).toHaveCount(1);
  await page.goto('/widget/nothing_like_it');
  await expect(page).toHaveURL(/\/404$/);
});

test.describe('the chat', () => {
  test('Demo: the Telegram link in a landmark, hidden under a dialog and on /login', async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard');
    await expect(telegramChat(page)).toHaveAttribute('href', 'https://t.me/demo_portal_support');
    await expect(tidioChat(page)).toHaveCount(0);
    await page.getByRole('banner').getByRole('button', { name: 'Deposit' }).click();
    await expect(page.getByRole('dialog', { name: 'Deposit funds' })).toBeVisible();
    await expect(telegramChat(page)).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(telegramChat(page)).toBeVisible();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(telegramChat(page)).toHaveCount(0);
  });

  test('Demo store: hidden while the cart is open', async ({ page }) => {
    await page.goto('/store');
    await expect(telegramChat(page)).toBeVisible();
    await page.getByRole('link', { name: 'Trading Basics Course' }).first().click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartPanel(page)).toBeVisible();
    await expect(telegramChat(page)).toBeHidden();
  });

  test("Acme: Tidio's widget (the stand-in) loads from the tenant's id, and hides through its API under a dialog", async ({ page }) => {
    await signIn(page, demo, { origin: acmeOrigin });
    await page.goto(`${acmeOrigin}/dashboard`);
    await expect(tidioChat(page)).toBeVisible();
    await expect(tidioChat(page)).toHaveAttribute('data-tidio-id', 'acme-tidio-demo');
    await expect(page.getByRole('complementary', { name: 'Support chat' })).toHaveCount(0);
    const deposit = page.getByRole('banner').getByRole('button', { name: 'Deposit' });
    if (await deposit.count()) {
      await deposit.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(tidioChat(page)).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(tidioChat(page)).toBeVisible();
    } else {
      // Without deposits on Acme, the account panel (a drawer) is the layer to open.
      await page.setViewportSize(phone);
      await page.getByRole('button', { name: 'Your account panel' }).click();
      await expect(tidioChat(page)).toBeHidden();
    }
  });

  test('on a phone the button never covers the last row of the page', async ({ page }) => {
    await page.setViewportSize(phone);
    await signIn(page);
    await page.goto('/invoices');
    await expect(telegramChat(page)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const content = await page.locator('#main-content > div').first().boundingBox();
    const chat = await telegramChat(page).boundingBox();
    expect(content && chat).toBeTruthy();
    expect(content!.y + content!.height, 'the content ends above the chat button').toBeLessThanOrEqual(chat!.y);
  });
});

test.describe('the language switch on public pages', () => {
  test('offers en, uk, ru and es on /login, and the page turns Ukrainian', async ({ page }) => {
    await page.goto('/login');
    const languages = page.getByRole('combobox', { name: 'Language' });
    await expect(languages.locator('option')).toHaveText(['English', 'Українська', 'Русский', 'Español']);
    await languages.selectOption('uk');
    await expect(page.getByRole('button', { name: 'Увійти' })).toBeVisible();
  });

  test('offers all four on /store, and the page turns Spanish', async ({ page }) => {
    await page.setViewportSize(desktop);
    await page.goto('/store');
    const languages = page.getByRole('combobox', { name: 'Language' });
    await expect(languages.locator('option')).toHaveCount(4);
    await languages.selectOption('es');
    await expect(page.getByRole('link', { name: 'Inicio de la tienda' })).toBeVisible();
  });
});

test('a profile draft survives an expired session and comes back after signing in again; the password is never kept', async ({ page }) => {
  await page.goto('/login');
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  const telegram = page.getByRole('textbox', { name: 'Telegram' });
  await telegram.fill('draft_kept_handle');
  // The session ends on the server: the next call answers an authentication error.
  await page.evaluate(async () => {
    await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('auth-token')}` },
      body: JSON.stringify({ query: 'mutation { logout { status } }' }),
    });
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login\?s=expired$/);
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(page.getByRole('textbox', { name: 'Telegram' })).toHaveValue('draft_kept_handle');
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain(demo.password);
});

test.describe('on a phone', () => {
  test.use({ viewport: phone });

  test("the bottom bar's items each have an icon", async ({ page }) => {
    await signIn(page);
    await page.goto('/dashboard');
    const bar = page.getByTestId('bottom-nav');
    await expect(bar).toBeVisible();
    const items = bar.locator(':scope > *');
    const count = await items.count();
    expect(count).toBeGreaterThanOrEqual(3);
    for (let index = 0; index < count; index += 1) await expect(items.nth(index).locator('svg')).toHaveCount(1);
  });

  test('Escape closes only the top layer: the registration dialog over the cart, with its title once', async ({ page }) => {
    await page.goto('/store');
    await page.getByRole('link', { name: 'Signals Bot' }).first().click();
    await page.getByRole('radio', { name: /^Monthly/ }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const registration = page.getByRole('dialog', { name: 'Create an account' });
    await expect(registration).toBeVisible();
    await expect(cartPanel(page)).toBeVisible();
    await expect(page.getByText('Create an account', { exact: true })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(registration).toBeHidden();
    await expect(cartPanel(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cartPanel(page)).toBeHidden();
  });
});

for (const theme of ['light', 'dark'] as const) {
  for (const [size, viewport] of [['phone', phone], ['desktop', desktop]] as const) {
    test(`axe finds nothing on the error screen, /login, /store and the Acme dashboard with its chat (${theme}, ${size})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      for (const path of ['/error/503', '/login', '/store']) {
        await page.goto(path);
        await expect(page.locator('main').first()).toBeVisible();
        expect(await axeViolations(page), path).toEqual([]);
      }
      await signIn(page, demo, { origin: acmeOrigin });
      await page.goto(`${acmeOrigin}/dashboard`);
      await expect(tidioChat(page)).toBeVisible();
      expect(await axeViolations(page), 'Acme dashboard').toEqual([]);
    });
  }
}
