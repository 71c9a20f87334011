// Buying coins from merchants on a fresh database (issue 27): the demo member buys SOL from the balance page's
// offer at a price locked for 15 minutes and pays it from the balance; the SOL wallet shows the coins. A price
// whose 15 minutes have passed (Playwright's clock) cannot be bought; a new one can. The page passes axe at phone
// and desktop sizes, in both themes.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, signIn } from './support';

const wallet = (page: Page, currency: string) => page.getByTestId(`wallet-${currency}`);

test('buy SOL at a locked price, pay it from the balance, and find it in the SOL wallet', async ({ page }) => {
  await signIn(page);
  await page.goto('/balance');
  await page.getByRole('group', { name: 'Buy coins' }).getByRole('link', { name: 'Buy SOL' }).click();
  await expect(page).toHaveURL(/\/merchants\/buy\/SOL$/);
  await expect(page.getByRole('heading', { name: 'Buy Solana (SOL)' })).toBeVisible();

  const amount = page.getByRole('textbox', { name: /^You pay \(USDT\)/ });
  await amount.fill('5');
  await page.getByRole('button', { name: 'Get a price' }).click();
  await expect(page.getByText('The minimum amount is 10 USDT')).toBeVisible();
  await amount.fill('15');
  await expect(page.getByTestId('merchant-estimate')).toContainText('0.1 SOL');
  await page.getByRole('button', { name: 'Get a price' }).click();
  const quote = page.getByRole('region', { name: 'Your price' });
  await expect(quote.getByTestId('merchant-quote-get')).toHaveText('You get 0.1 SOL');
  await expect(quote.getByTestId('merchant-lock')).toHaveText(/^Price held for 1[45]:\d\d$/);

  await quote.getByRole('button', { name: 'Buy and pay' }).click();
  await expect(page).toHaveURL(/\/invoice\/[^/?]+\?pay=true$/);
  const dialog = page.getByRole('dialog', { name: /^Pay invoice INV-/ });
  await dialog.getByRole('radio', { name: /^Balance/ }).check();
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/thankyou\/INV-[0-9A-F]+$/);
  // What was bought decides where to go next: the balance, where the coins are.
  await page.getByRole('link', { name: 'Balance' }).last().click();
  await expect(wallet(page, 'SOL')).toBeVisible();
  await expect(wallet(page, 'SOL').getByTestId('wallet-total')).toContainText('0.10');
  // The SOL card offers to buy more.
  await expect(wallet(page, 'SOL').getByRole('link', { name: 'Buy SOL' })).toBeVisible();
});

test('a price whose 15 minutes have passed cannot be bought; a new price can', async ({ page }) => {
  await page.clock.install();
  await signIn(page);
  await page.goto('/merchants/buy/BNB');
  await page.getByRole('textbox', { name: /^You pay \(USDT\)/ }).fill('60');
  await page.getByRole('button', { name: 'Get a price' }).click();
  await expect(page.getByTestId('merchant-quote-get')).toHaveText('You get 0.1 BNB');
  await page.clock.fastForward('15:01');
  await expect(page.getByTestId('merchant-expired')).toContainText('This price has expired');
  await expect(page.getByRole('button', { name: 'Buy and pay' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Get a new price' }).click();
  await expect(page.getByRole('button', { name: 'Buy and pay' })).toBeEnabled();
  await expect(page.getByTestId('merchant-lock')).toHaveText(/^Price held for 1[45]:\d\d$/);
});

test('a coin the portal does not sell says so and leads back to the balance', async ({ page }) => {
  await signIn(page);
  await page.goto('/merchants/buy/DOGE');
  await expect(page.getByText('This portal does not sell DOGE.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Balance' }).click();
  await expect(page).toHaveURL(/\/balance$/);
});

for (const [label, size] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test(`the merchant page with a price passes axe at ${label} size, light and dark`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page);
    await page.goto('/merchants/buy/AAVE');
    await page.getByRole('textbox', { name: /^You pay \(USDT\)/ }).fill('95');
    await page.getByRole('button', { name: 'Get a price' }).click();
    await expect(page.getByTestId('merchant-quote-get')).toHaveText('You get 1 AAVE');
    expect(await axeViolations(page, { include: 'main' }), 'light').toEqual([]);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Buy Aave (AAVE)' })).toBeVisible();
    expect(await axeViolations(page, { include: 'main' }), 'dark').toEqual([]);
  });
}
