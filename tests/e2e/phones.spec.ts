// Phones and small things (issue 33): the payment steps keep to one row at 480 px and 390 px, the phone cart
// sheet has a grab bar that is a button, quantity steppers and their buttons are named, the balance page's
// period and rows fit 390 px, and the store's category reads ?category=4 in the address. Each in both themes,
// axe clean.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations, signIn, transitionsEnded } from './support';

const phone = { width: 390, height: 844 };
const narrow = { width: 480, height: 900 };
const desktop = { width: 1280, height: 900 };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `${locator} has a box`).not.toBeNull();
  return found!;
}

/** The page scrolls only up and down: nothing sticks out sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** How many lines the text of an element takes (its text's boxes at distinct heights). */
async function lineCount(locator: Locator) {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom))).size;
  });
}

const cart = (page: Page) => page.getByRole('dialog', { name: 'Cart' });

/** The member's products page: a one-time product into the cart, whose panel then opens. */
async function addToCart(page: Page, product = 'Market Psychology E-book') {
  await page.goto('/products');
  await page.getByRole('link', { name: product }).first().click();
  await expect(page.getByRole('heading', { name: product })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cart(page)).toBeVisible();
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    });

    for (const size of [narrow, phone]) {
      test(`the payment steps keep to one row at ${size.width} px, the current one named and marked`, async ({ page }) => {
        test.slow();
        await page.setViewportSize(size);
        await signIn(page);
        await addToCart(page);
        await cart(page).getByRole('button', { name: 'Go to pay' }).click();
        const dialog = page.getByRole('dialog', { name: /^Pay invoice INV-/ });
        await expect(dialog).toBeVisible();
        await transitionsEnded(page);
        const steps = dialog.getByRole('list', { name: 'Payment steps' }).getByRole('listitem');
        await expect(steps).toHaveCount(5);
        const expectOneRow = async (current: string) => {
          await expect(dialog.locator('[aria-current="step"]')).toHaveText(current);
          const dialogBox = await box(dialog);
          const tops = new Set<number>();
          for (const step of await steps.all()) {
            const stepBox = await box(step);
            tops.add(Math.round(stepBox.y));
            expect(stepBox.x).toBeGreaterThanOrEqual(dialogBox.x);
            expect(stepBox.x + stepBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
          }
          expect([...tops], 'every step shares one top offset').toHaveLength(1);
        };
        await expectOneRow('1Method');
        expect(await axeViolations(page, { include: '[role="dialog"]' }), 'the method step').toEqual([]);
        await dialog.getByRole('radio', { name: 'CoinPayments' }).check();
        await dialog.getByRole('button', { name: 'Continue' }).click();
        await expect(dialog.getByRole('radiogroup', { name: 'Payment currency' })).toBeVisible();
        await expectOneRow('2Currency');
        await expect(steps.first()).toHaveText('Method (done)');
        expect(await axeViolations(page, { include: '[role="dialog"]' }), 'the currency step').toEqual([]);
      });
    }

    test('on a phone the cart sheet has a grab bar that is a button; its quantity stepper and buttons are named', async ({ page }) => {
      test.slow();
      await page.setViewportSize(phone);
      await signIn(page);
      await addToCart(page);
      const sheet = cart(page);
      await transitionsEnded(page);
      const handle = sheet.getByRole('button', { name: 'Expand the cart' });
      await expect(handle).toBeVisible();
      // The grab bar is at the top of the sheet, in the middle, above the title.
      const sheetBox = await box(sheet);
      const handleBox = await box(handle);
      expect(handleBox.y - sheetBox.y).toBeLessThan(16);
      expect(Math.abs(handleBox.x + handleBox.width / 2 - (sheetBox.x + sheetBox.width / 2))).toBeLessThan(2);
      expect(handleBox.y + handleBox.height).toBeLessThanOrEqual((await box(sheet.getByRole('heading', { name: 'Cart' }))).y);
      expect(handleBox.width).toBeGreaterThanOrEqual(24);
      expect(handleBox.height).toBeGreaterThanOrEqual(24);
      expect(sheetBox.height).toBeLessThan(phone.height);
      expect(await axeViolations(page, { include: '[role="dialog"]' }), 'the cart sheet').toEqual([]);
      // From the keyboard: the sheet takes the whole screen, and back.
      await handle.focus();
      await page.keyboard.press('Enter');
      const shrink = sheet.getByRole('button', { name: 'Shrink the cart' });
      await expect(shrink).toBeFocused();
      await transitionsEnded(page);
      expect(Math.round((await box(sheet)).height)).toBe(phone.height);
      await page.keyboard.press('Enter');
      await expect(sheet.getByRole('button', { name: 'Expand the cart' })).toBeVisible();
      // The line's stepper: the field and its buttons are named after the product.
      const quantity = sheet.getByRole('textbox', { name: 'Quantity of Market Psychology E-book' });
      await expect(quantity).toHaveValue('1');
      await sheet.getByRole('button', { name: 'One more: Market Psychology E-book' }).click();
      await expect(quantity).toHaveValue('2');
      await expect(sheet.getByTestId('cart-line-price')).toBeVisible();
      await sheet.getByRole('button', { name: 'One fewer: Market Psychology E-book' }).click();
      await expect(quantity).toHaveValue('1');
      await sheet.getByRole('button', { name: 'Close the cart' }).click();
      await expect(sheet).toBeHidden();
      // The product page's stepper too.
      const main = page.getByRole('main');
      await expect(main.getByRole('textbox', { name: 'Quantity' })).toBeVisible();
      await expect(main.getByRole('button', { name: 'One more' })).toBeVisible();
      await expect(main.getByRole('button', { name: 'One fewer' })).toBeVisible();
      expect(await axeViolations(page), 'the product page').toEqual([]);
      // On a desktop the cart is a side panel without a grab bar; the page and the panel pass axe there too.
      await page.setViewportSize(desktop);
      expect(await axeViolations(page), 'the product page at 1280 px').toEqual([]);
      await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click();
      await expect(sheet.getByRole('button', { name: 'One more: Market Psychology E-book' })).toBeVisible();
      await expect(sheet.getByTestId('cart-sheet-handle')).toHaveCount(0);
      expect(await axeViolations(page, { include: '[role="dialog"]' }), 'the cart panel at 1280 px').toEqual([]);
    });

    test("on a phone the balance page's period fits without wrapping, and so do its dates and amounts", async ({ page }) => {
      test.slow();
      await page.setViewportSize(phone);
      await signIn(page);
      await page.goto('/balance');
      const period = page.getByRole('combobox', { name: 'Period' });
      await expect(period).toBeVisible();
      await expect(page.getByTestId('transaction-row').first()).toBeVisible();
      const periodBox = await box(period);
      expect(periodBox.x).toBeGreaterThanOrEqual(0);
      expect(periodBox.x + periodBox.width).toBeLessThanOrEqual(phone.width);
      // One line: a field's height, not a column of stacked choices.
      expect(periodBox.height).toBeLessThan(48);
      await period.selectOption({ label: '3 months' });
      await expect(page).toHaveURL(/[?&]range=3m/);
      await expect(page.getByTestId('balance-history')).toHaveAttribute('data-range', '3m');
      // Each transaction is two lines: no date or amount breaks into one word a line.
      for (const row of (await page.getByTestId('transaction-row').all()).slice(0, 5)) {
        const date = row.getByTestId('transaction-date');
        await expect(date).toBeVisible();
        expect(await lineCount(date), 'the date is one line').toBe(1);
        expect(await lineCount(row.getByRole('cell').last()), 'the amount is one line').toBe(1);
        expect((await box(row)).x + (await box(row)).width).toBeLessThanOrEqual(phone.width);
      }
      await expectNoSidewaysScroll(page);
      expect(await axeViolations(page), '/balance at 390 px').toEqual([]);
      await page.setViewportSize(desktop);
      await expect(page.getByRole('radiogroup', { name: 'Period' })).toBeVisible();
      expect(await axeViolations(page), '/balance at 1280 px').toEqual([]);
    });
  });
}

test("the store's category reads ?category=4 in the address, and old quoted links still open it", async ({ page }) => {
  await page.goto('/store');
  const categories = page.getByRole('group', { name: 'Categories' });
  await categories.locator('label').nth(1).click();
  await expect(page).toHaveURL(/[?&]category=\d+(&|$)/);
  expect(page.url()).not.toContain('%22');
  const id = /[?&]category=(\d+)/.exec(page.url())![1]!;
  await page.reload();
  await expect(categories.getByRole('radio').nth(1)).toBeChecked();
  await page.goto(`/store?category=%22${id}%22`);
  await expect(categories.getByRole('radio').nth(1)).toBeChecked();
});
