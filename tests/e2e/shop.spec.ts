// The shop on a fresh database: a visitor's cart survives registration and goes on to payment; promo codes
// apply or clear with their reason; a guest cart merges into the member's on login; logout empties the cart.
import { expect, test, type Page } from '@playwright/test';
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
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 items');
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

test('a member applies WELCOME10, and FLAT5 is cleared with its reason on a cart it does not cover', async ({ page }) => {
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
  await expect(panel.getByText('This promo code does not apply to every product in the cart, so it was removed.')).toBeVisible();
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
