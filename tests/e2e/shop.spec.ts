// The shop on a fresh database: a visitor's cart survives registration and goes on to payment; promo codes
// apply or clear with their reason; a guest cart merges into the member's on login; logout empties the cart.
import { expect, test, type Page, type Request } from '@playwright/test';
import { freshEmail, lastMail, logIn, registerMember } from './support';

const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Cart/ });
const cartPanel = (page: Page) => page.getByRole('dialog', { name: 'Cart' });

/** Opens a product of the store or the member's products page and adds it in the given cycle. */
async function addToCart(page: Page, product: string, cycle?: string) {
  await page.getByRole('link', { name: product }).first().click();
  await expect(page.getByRole('heading', { name: product })).toBeVisible();
  if (cycle) await page.getByRole('radio', { name: new RegExp(`^${cycle}`) }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartPanel(page)).toBeVisible();
}

/** What the member's invoice from the cart holds, read with the member's own session. */
async function invoiceItems(page: Page, invoiceId: string) {
  return page.evaluate(async (id) => {
    const token = localStorage.getItem('auth-token');
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: 'query ($id: ID!) { invoice(id: $id) { total items { subject billing_cycle } } }', variables: { id } }),
    });
    const answer = (await response.json()) as { data?: { invoice: { total: string; items: { subject: string; billing_cycle: string }[] } }; errors?: unknown };
    if (!answer.data) throw new Error(JSON.stringify(answer.errors));
    return answer.data.invoice;
  }, invoiceId);
}

test('a visitor adds a recurrent product, registers from Go to pay and pays with the same cart', async ({ page, request }) => {
  await page.goto('/store');
  await addToCart(page, 'Signals Bot', 'Monthly');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await expect(cartPanel(page).getByRole('listitem')).toContainText(['Signals Bot']);
  // A recurrent product needs an account: registration is offered at once; the visitor may look on first.
  const registration = page.getByRole('dialog', { name: 'Create an account' });
  await expect(registration).toBeVisible();
  await registration.getByRole('button', { name: 'Close' }).click();
  await expect(registration).toBeHidden();
  // Go to pay opens it again; the email code completes it.
  await cartPanel(page).getByRole('button', { name: 'Go to pay' }).click();
  const email = freshEmail('shop-guest');
  await expect(registration).toBeVisible();
  await registration.getByRole('textbox', { name: 'Name' }).fill('Store Visitor');
  await registration.getByRole('textbox', { name: 'Email' }).fill(email);
  await registration.getByRole('textbox', { name: 'Password' }).fill('Secret123');
  await registration.getByRole('textbox', { name: 'Password' }).press('Tab');
  await registration.getByRole('checkbox').check();
  await registration.getByRole('button', { name: 'Register' }).click();
  await expect(registration.getByRole('textbox', { name: 'Code from the email' })).toBeVisible();
  const code = /\b(\d{6})\b/.exec((await lastMail(request, email))!.text)![1]!;
  await registration.getByRole('textbox', { name: 'Code from the email' }).fill(code);
  // Payment continues with the same cart: its order became the new member's invoice.
  await expect(page).toHaveURL(/\/gateway\/pay\/\d+$/);
  const invoice = await invoiceItems(page, page.url().split('/').pop()!);
  expect(invoice.items).toEqual([{ subject: 'Signals Bot', billing_cycle: 'monthly' }]);
  expect(invoice.total).toBe('29.00');
});

test('a member applies WELCOME10, and FLAT5 is cleared, typed code and all, with its reason in the notifier on a cart it does not cover', async ({ page }) => {
  await registerMember(page, 'shop-promo');
  await page.goto('/products');
  await addToCart(page, 'Trading Basics Course');
  const panel = cartPanel(page);
  await expect(panel.getByTestId('cart-total')).toHaveText('$49.90');
  // Apply shows only once something is typed; the code is trimmed.
  await expect(panel.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await panel.getByRole('textbox', { name: 'Promo code' }).fill('  WELCOME10 ');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByTestId('cart-discount')).toContainText('4.99');
  await expect(panel.getByTestId('cart-total')).toContainText('44.91');
  // FLAT5 covers the Courses category only: with a software product in the cart it is cleared, with the reason.
  await panel.getByRole('button', { name: 'Remove the promo code' }).click();
  await panel.getByText('Continue shopping').click();
  await addToCart(page, 'Signals Bot', 'Monthly');
  await panel.getByRole('textbox', { name: 'Promo code' }).fill('FLAT5');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'This promo code does not apply to every product in the cart, so it was removed.' })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Promo code' })).toHaveValue('');
  await expect(panel.getByTestId('cart-discount')).toHaveCount(0);
  await expect(panel.getByTestId('cart-total')).toContainText('78.90');
});

test('a guest cart merges into the member cart on login, and logging out empties the cart', async ({ page }) => {
  await page.goto('/store');
  await addToCart(page, 'Account Setup');
  await cartPanel(page).getByText('Continue shopping').click();
  await page.goto('/login');
  await logIn(page);
  await expect(page).toHaveURL(/\/(dashboard|products)$/);
  // The merged cart opens by itself so the member sees what was added.
  await expect(cartPanel(page).getByRole('status')).toHaveText('Your cart from before you signed in was added: Account Setup.');
  await expect(cartPanel(page).getByRole('listitem').filter({ hasText: 'Account Setup' })).toHaveCount(1);
  await page.keyboard.press('Escape');
  // The next person on this device starts with an empty cart.
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/store');
  await expect(cartButton(page)).toHaveAccessibleName('Cart');
});

test('on a phone (390 px) the store can be searched: the field heads the page, and the list and the address follow it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/store');
  await expect(page.getByRole('main').getByRole('link', { name: 'Trading Basics Course' }).first()).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Search products' }).filter({ visible: true });
  await expect(search).toHaveCount(1);
  await search.fill('hosting');
  await expect(page).toHaveURL(/[?&]search=hosting/);
  await expect(page.getByRole('main').getByRole('link', { name: 'Trading Bot Hosting' }).first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Trading Basics Course' })).toHaveCount(0);
});

test('cart quantities take every keystroke: typing 25 gives 25 and focus stays; 999 is explained, not cut; a setup fee is added', async ({ page }) => {
  await page.goto('/store');
  await addToCart(page, 'Trading Bot Hosting', 'Monthly');
  // A recurrent product: registration is offered; the visitor carries on as a guest.
  const registration = page.getByRole('dialog', { name: 'Create an account' });
  await registration.getByRole('button', { name: 'Close' }).first().click();
  await expect(registration).toHaveCount(0);
  const quantity = cartPanel(page).getByRole('textbox', { name: 'Quantity of Trading Bot Hosting' });
  // One monthly line: 19.90 and the one-time 49.00 as its setup fee.
  await expect(cartPanel(page).getByTestId('cart-line-setup-fee')).toContainText('49.00');
  await expect(cartPanel(page).getByTestId('cart-total')).toContainText('68.90');
  const isUpdate = (request: Request) => request.url().includes('/graphql') && (request.postData() ?? '').includes('UpdateCartLine');
  const updates: unknown[] = [];
  page.on('request', (request) => {
    if (isUpdate(request)) updates.push((request.postDataJSON() as { variables: { input: unknown } }).variables.input);
  });
  const saved = page.waitForResponse((response) => isUpdate(response.request()));
  await quantity.click();
  await quantity.press('ControlOrMeta+a');
  await quantity.pressSequentially('25', { delay: 150 });
  await expect(quantity).toHaveValue('25');
  await expect(quantity).toBeFocused();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 25 items');
  await expect(cartPanel(page).getByTestId('cart-total')).toContainText(/1.?722[.,]50/);
  // Sent once, after typing paused: 25, not 2.
  await saved;
  await expect(quantity).toBeFocused();
  expect(updates).toEqual([{ qty: 25 }]);
  await page.reload();
  await cartButton(page).click();
  await expect(quantity).toHaveValue('25');
  await quantity.click();
  await quantity.press('ControlOrMeta+a');
  await quantity.pressSequentially('999', { delay: 150 });
  await expect(quantity).toHaveValue('999');
  await expect(quantity).toBeFocused();
  await expect(quantity).toHaveAccessibleDescription('At most 99 of one product');
  await expect(cartPanel(page).getByRole('button', { name: 'Go to pay' })).toBeDisabled();
});
