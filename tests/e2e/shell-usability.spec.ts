// A member's way around the shell (issue "First load and shell"): phones, keyboards, screen readers, and
// pages that fail to load.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiBack, apiUnreachable, axeViolations, demo, fillRegistration, freshEmail, signIn, transitionsEnded } from './support';

const phone = { width: 390, height: 844 };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `${locator} has a box`).not.toBeNull();
  return found!;
}

/** No two boxes overlap, and every box lies inside the viewport's width. */
function expectSideBySide(boxes: { x: number; y: number; width: number; height: number }[], viewportWidth: number) {
  for (const [index, a] of boxes.entries()) {
    expect(a.x, `control ${index} starts inside the viewport`).toBeGreaterThanOrEqual(0);
    expect(a.x + a.width, `control ${index} ends inside the viewport`).toBeLessThanOrEqual(viewportWidth);
    for (const b of boxes.slice(index + 1)) {
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart, `controls ${index} and ${boxes.indexOf(b)} do not overlap`).toBe(true);
    }
  }
}

async function storeHeaderControls(page: Page) {
  const header = page.getByRole('banner');
  return Promise.all([
    box(header.getByRole('link', { name: 'Store home' })),
    box(header.getByRole('button', { name: 'Language and theme' })),
    box(header.getByRole('link', { name: /^(Log in|My account)$/ })),
    box(header.getByRole('button', { name: /^Cart/ })),
  ]);
}

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: phone });

  test("the store's header controls stay side by side inside the screen, for visitors and members", async ({ page }) => {
    await page.goto('/store');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Store home' })).toBeVisible();
    expectSideBySide(await storeHeaderControls(page), phone.width);
    // The language and theme fold into a row the settings button opens.
    await page.getByRole('button', { name: 'Language and theme' }).click();
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();

    await signIn(page);
    await page.goto('/store');
    await expect(page.getByRole('banner').getByRole('link', { name: 'My account' })).toBeVisible();
    expectSideBySide(await storeHeaderControls(page), phone.width);
  });

  test('the two-factor steps fit: long step names wrap inside the dialog', async ({ page }) => {
    await signIn(page);
    await page.addInitScript(() => localStorage.setItem('language', 'uk'));
    await page.goto('/security');
    await page.getByRole('button', { name: 'Увімкнути' }).click();
    const dialog = page.getByRole('dialog');
    const dialogBox = await box(dialog);
    for (const label of await dialog.locator('.mantine-Stepper-stepLabel').all()) {
      const labelBox = await box(label);
      expect(labelBox.x + labelBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
    }
  });
});

test('below 1024 px the hidden drawer is out of the Tab order: the skip link reaches the content in 3 stops', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signIn(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('bottom-nav')).toBeVisible();
  // No menu is in the page twice, and none hides in the Tab order: the drawer is not there on small screens.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  // Two stops: the skip link, then the content itself.
  await expect(page.locator('#main-content')).toBeFocused();
});

test('focus moves into each new two-factor step, to the email code field once it is sent, and back to the page on close', async ({ page }) => {
  await signIn(page);
  await page.goto('/security');
  const turnOn = page.getByRole('button', { name: 'Turn on' });
  await turnOn.click();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
  await expect(dialog.getByTestId('twofa-step-1')).toBeFocused();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByTestId('twofa-step-2')).toBeFocused();
  await dialog.getByRole('checkbox', { name: 'I have saved the key in a safe place' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByTestId('twofa-step-3')).toBeFocused();
  await dialog.getByRole('button', { name: 'Send the email code' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Code from the email' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(turnOn).toBeFocused();
});

test('Security is one click from the settings page and from the account panel', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard');
  await page.getByRole('complementary', { name: 'Your account' }).getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/security$/);
  await page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  // One name: the page is called what the menu calls it.
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('saving the profile says so after the page reloads; a refused value is shown where the member is looking', async ({ page }) => {
  await page.setViewportSize(phone);
  await signIn(page);
  await page.goto('/settings');
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('A');
  await page.getByRole('button', { name: 'Save' }).first().click();
  // The field with the mistake takes the focus (and so comes into view).
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
  await name.fill(demo.email.startsWith('demo') ? 'Demo Member' : 'Member');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();
});

test('a message that appears when a field is left does not move the checkbox below it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/register');
  const terms = page.getByRole('checkbox');
  const before = await box(terms);
  await page.getByRole('textbox', { name: 'Password' }).fill('secret123');
  // The click on the checkbox blurs the password field, whose message then appears.
  await terms.click();
  await expect(page.getByText(/uppercase/i).first()).toBeVisible();
  await expect(terms).toBeChecked();
  expect((await box(terms)).y).toBeCloseTo(before.y, 0);
  // The form still works as before.
  await fillRegistration(page, { name: 'Shift Tester', email: freshEmail('shift') });
});

test('a page that fails to load offline shows one message and loads again by itself when back online', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.route('**/graphql', (route) => route.abort('internetdisconnected'));
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'The connection failed' })).toBeVisible();
  // One toast per distinct message, however many calls failed.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);
  await page.unroute('**/graphql');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('button', { name: 'Save' }).first()).toBeVisible();
});

test('the 408 screen retries by itself when the browser is back online', async ({ page }) => {
  await apiUnreachable(page, 'internetdisconnected');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/408$/);
  await apiBack(page);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page).toHaveURL(/\/login$/);
});

for (const theme of ['light', 'dark'] as const) {
  for (const size of [phone, { width: 1280, height: 800 }]) {
    test(`axe finds nothing serious on the shell pages, ${theme} theme, ${size.width} px`, async ({ page }) => {
      // axe over several pages and sizes: more than the default 30 s on a busy two-core machine.
      test.slow();
      await page.setViewportSize(size);
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      const serious = () => axeViolations(page, { tags: ['wcag2a', 'wcag2aa', 'wcag22aa', 'best-practice'], seriousOnly: true });
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      expect(await serious(), '/login').toEqual([]);
      await page.goto('/store');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Store home' })).toBeVisible();
      expect(await serious(), '/store').toEqual([]);
      await signIn(page);
      await page.goto('/dashboard');
      await expect(page.getByRole('main')).toBeVisible();
      expect(await serious(), '/dashboard').toEqual([]);
      await page.goto('/settings');
      await expect(page.getByRole('button', { name: 'Save' }).first()).toBeVisible();
      expect(await serious(), '/settings').toEqual([]);
      await page.goto('/security');
      await expect(page.getByTestId('login-history')).toBeVisible();
      expect(await serious(), '/security').toEqual([]);
    });
  }
}

test('a member whose system asks for less motion opens the menu sheet with no transition anywhere on the page', async ({ page }) => {
  await page.setViewportSize(phone);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page);
  await page.goto('/dashboard');
  // Every transition that starts from here on, named by its element's classes.
  await page.evaluate(() => {
    const started: string[] = [];
    Object.assign(window, { transitionsStarted: started });
    document.addEventListener('transitionrun', (event) => started.push((event.target as Element).className), true);
  });
  await page.getByTestId('bottom-nav').getByRole('button', { name: 'More' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await transitionsEnded(page);
  expect(await page.evaluate(() => (window as unknown as { transitionsStarted: string[] }).transitionsStarted)).toEqual([]);
});
