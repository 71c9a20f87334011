// Payments on a fresh database: the cart's invoice paid from the balance once; crypto with the 15-minute rate
// lock and the provider's confirmation seen within one poll (page.clock); a short payment, the amount still
// due and paying the difference; fees and totals before a choice, and a short balance's Deposit that continues
// into paying from the balance; bank transfer needs a transfer method, and
// once reported the invoice says so and asks before a second payment another way.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, devControl, registerMember, signIn } from './support';

const payDialog = (page: Page) => page.getByRole('dialog', { name: /^Pay invoice INV-/ });

/** A GraphQL call with the member's own session. */
async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return page.evaluate(
    async ({ query, variables }) => {
      const token = localStorage.getItem('auth-token');
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      const answer = (await response.json()) as { data?: unknown; errors?: unknown };
      if (!answer.data) throw new Error(JSON.stringify(answer.errors));
      return answer.data as T;
    },
    { query, variables },
  );
}

async function available(page: Page, currency: string): Promise<string> {
  const { me } = await graphql<{ me: { wallet_balance: { currency: string; available: string }[] } }>(
    page,
    '{ me { wallet_balance { currency available } } }',
  );
  return me.wallet_balance.find((wallet) => wallet.currency === currency)?.available ?? '0';
}

const usdtAvailable = (page: Page) => available(page, 'USDT');

async function invoiceState(page: Page, id: string) {
  const { invoice } = await graphql<{ invoice: { status: string; amount_paid: string; amount_due: string } }>(
    page,
    'query ($id: ID!) { invoice(id: $id) { status amount_paid amount_due } }',
    { id },
  );
  return invoice;
}

/** The member's cart with one product, checked out: the payment page of its new invoice, the dialog open. */
async function checkout(page: Page, product = 'Market Psychology E-book'): Promise<string> {
  await page.goto('/products');
  await page.getByRole('link', { name: product }).first().click();
  await expect(page.getByRole('heading', { name: product })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const cart = page.getByRole('dialog', { name: 'Cart' });
  await cart.getByRole('button', { name: 'Go to pay' }).click();
  await expect(page).toHaveURL(/\/gateway\/pay\/\d+$/);
  await expect(payDialog(page)).toBeVisible();
  return page.url().split('/').pop()!;
}

async function chooseCrypto(page: Page) {
  const dialog = payDialog(page);
  await dialog.getByRole('radio', { name: 'CoinPayments' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('radio', { name: 'Tether USD (TRC20)' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByTestId('copy-Address')).not.toBeEmpty();
}

test('the cart becomes an invoice, paid from the balance once, then the thank-you page', async ({ page }) => {
  await signIn(page);
  const id = await checkout(page);
  const before = await usdtAvailable(page);
  // The invoice page behind the dialog shows the product and the total.
  await expect(page.getByTestId('invoice-items')).toContainText('Market Psychology E-book');
  await expect(page.getByTestId('invoice-total')).toContainText('19.99');
  const dialog = payDialog(page);
  // A gateway tried first sets its fee (Prodamus: 3.5 %) on the invoice; the balance has none, and shows none.
  await dialog.getByRole('radio', { name: 'Prodamus' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('link', { name: 'Open the payment page' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByTestId('payment-due')).toHaveText('To pay: $20.69, including the Prodamus fee of $0.70');
  await dialog.getByRole('radio', { name: 'Balance (USDT)' }).check();
  await expect(dialog.getByTestId('payment-due')).toHaveText('To pay: $19.99');
  await dialog.getByRole('button', { name: 'Pay' }).dblclick();
  await expect(page).toHaveURL(/\/thankyou\/INV-[0-9A-F]+$/);
  await expect(page.getByTestId('thankyou-invoice')).toContainText('is paid');
  await expect(page.getByTestId('thankyou-invoice')).toContainText('Market Psychology E-book');
  expect((await invoiceState(page, id)).status).toBe('paid');
  // Moved once, double click or not.
  expect(Number(before) - Number(await usdtAvailable(page))).toBeCloseTo(19.99, 2);
});

test("fees and totals show before a choice; a short balance says so and its Deposit continues into paying the invoice from the balance", async ({ page, request }) => {
  await page.clock.install();
  await registerMember(page, 'pay-poor');
  const id = await checkout(page);
  const dialog = payDialog(page);
  const axe = () => axeViolations(page, { include: '[role="dialog"]' });
  // Before a choice: each method's fee and total (Prodamus: 3.5 % of 19.99), and the balance's available amount.
  await expect(dialog.getByTestId('payment-figures-prodamus')).toHaveText('Fee $0.70, total $20.69');
  await expect(dialog.getByTestId('payment-figures-balance')).toHaveText('Available: $0.00 · No fee, total $19.99');
  await dialog.getByRole('radio', { name: 'Balance (USDT)' }).check();
  await expect(dialog.getByTestId('payment-balance-short')).toContainText('Insufficient balance for an invoice.');
  await expect(dialog.getByRole('button', { name: 'Pay' })).toBeDisabled();
  expect(await axe()).toEqual([]);
  expect(await invoiceState(page, id)).toMatchObject({ status: 'unpaid', amount_paid: '0.00' });
  // The Deposit of what the balance lacks (whole units) in the invoice's currency, no currency to choose.
  await dialog.getByRole('button', { name: 'Deposit $20.00' }).click();
  const step1 = page.getByRole('dialog', { name: 'Deposit funds' });
  await expect(step1.getByRole('textbox', { name: /^Amount/ })).toHaveValue('20');
  await expect(step1.getByLabel('Currency', { exact: true })).toHaveCount(0);
  await step1.getByRole('button', { name: 'Continue' }).click();
  const deposit = payDialog(page);
  await expect(deposit.getByRole('radio', { name: /^Balance/ })).toHaveCount(0);
  await deposit.getByRole('radio', { name: 'Bank transfer' }).check();
  await deposit.getByRole('button', { name: 'Continue' }).click();
  await deposit.getByRole('radio', { name: 'To the bank account (IBAN, SWIFT/BIC)' }).check();
  await deposit.getByRole('button', { name: 'I paid' }).click();
  await expect(deposit.getByRole('heading', { name: 'Waiting for your payment' })).toBeVisible();
  const tag = (await deposit.getByRole('heading', { level: 2 }).textContent())?.replace('Pay invoice ', '') ?? '';
  const { invoice } = await graphql<{ invoice: { id: string } }>(page, 'query ($id: ID!) { invoice(id: $id) { id } }', { id: tag });
  await devControl(request, '/dev/gateway/confirm', { invoice_id: Number(invoice.id) });
  await page.clock.fastForward(5_000);
  // Back in this invoice's payment, the balance now enough: Pay from it.
  await expect(dialog.getByTestId('payment-figures-balance')).toHaveText('Available: $20.00 · No fee, total $19.99');
  await expect(dialog.getByRole('radio', { name: 'Balance (USDT)' })).toBeChecked();
  await expect(dialog.getByTestId('payment-balance-short')).toHaveCount(0);
  expect(await axe()).toEqual([]);
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/thankyou\/INV-[0-9A-F]+$/);
  expect((await invoiceState(page, id)).status).toBe('paid');
  expect(await usdtAvailable(page)).toMatch(/^0\.010*$/);
});

test('crypto: the address with a 15:00 rate lock counting down; the confirmation is seen within one poll', async ({ page, request }) => {
  await page.clock.install();
  await registerMember(page, 'pay-crypto');
  const id = await checkout(page);
  await chooseCrypto(page);
  const dialog = payDialog(page);
  await expect(dialog.getByRole('img', { name: /^QR code of the address / })).toBeVisible();
  await expect(dialog.getByTestId('rate-lock')).toHaveText(/^Rate locked for (15:00|14:5\d)$/);
  expect(await axeViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await page.clock.fastForward('05:00');
  await expect(dialog.getByTestId('rate-lock')).toHaveText(/^Rate locked for (10:00|9:5\d)$/);
  await devControl(request, '/dev/gateway/confirm', { invoice_id: Number(id) });
  await page.clock.fastForward(5_000);
  await expect(page).toHaveURL(/\/thankyou\/INV-[0-9A-F]+$/);
  expect((await invoiceState(page, id)).status).toBe('paid');
});

test('a short payment shows what is still due; paying the difference settles it', async ({ page, request }) => {
  await page.clock.install();
  await registerMember(page, 'pay-short');
  const id = await checkout(page);
  await chooseCrypto(page);
  const dialog = payDialog(page);
  await dialog.getByRole('button', { name: 'I paid' }).click();
  await expect(dialog.getByRole('heading', { name: 'Waiting for your payment' })).toBeVisible();
  await devControl(request, '/dev/gateway/confirm', { invoice_id: Number(id), amount: '10' });
  const { amount_due: due } = await invoiceState(page, id);
  await page.clock.fastForward(5_000);
  await expect(dialog.getByTestId('payment-short')).toContainText(`Still due: $${due}.`);
  await dialog.getByRole('button', { name: 'Pay the difference' }).click();
  await expect(dialog.getByTestId('copy-Amount')).toContainText(due);
  await devControl(request, '/dev/gateway/confirm', { invoice_id: Number(id) });
  await page.clock.fastForward(5_000);
  await expect(page).toHaveURL(/\/thankyou\/INV-[0-9A-F]+$/);
  expect((await invoiceState(page, id)).status).toBe('paid');
});

test('bank transfer: the details, a transfer method required, then waiting; reloaded, the invoice says the transfer was reported and asks before paying another way', async ({ page }) => {
  await registerMember(page, 'pay-bank');
  const id = await checkout(page);
  const dialog = payDialog(page);
  await dialog.getByRole('radio', { name: 'Bank transfer' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByTestId('bank-details')).toContainText('IBAN');
  await dialog.getByRole('button', { name: 'I paid' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose how you make the transfer.');
  await dialog.getByRole('radio', { name: 'To the bank account (IBAN, SWIFT/BIC)' }).check();
  await dialog.getByRole('button', { name: 'I paid' }).click();
  await expect(dialog.getByText('A bank transfer takes up to 3 banking days.', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.goto('/invoices?status=unpaid');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: /^INV-/ }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Unpaid');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/invoice/${id}$`));
  // Reloaded, the invoice remembers the reported transfer, and its total and the dialog's To pay are one
  // figure, the bank transfer's fee named (19.99 + 1.00).
  await page.reload();
  await expect(page.getByTestId('invoice-transfer-reported')).toHaveText(
    /^Transfer reported on .+, waiting for the bank \(up to 3 banking days\)\.$/,
  );
  await expect(page.getByTestId('invoice-total')).toHaveText('$20.99');
  await expect(page.getByRole('row', { name: /Fee \(Bank transfer\)/ })).toContainText('$1.00');
  expect(await axeViolations(page, { include: '[data-testid="invoice-transfer-reported"]' })).toEqual([]);
  await page.getByRole('button', { name: 'Pay $20.99' }).click();
  await expect(dialog.getByTestId('payment-due')).toHaveText('To pay: $20.99, including the Bank transfer fee of $1.00');
  // Paying again another way is asked about first; Back keeps waiting, and nothing is paid. (The member's
  // balance is empty, so the other way is a gateway: a short balance offers a Deposit, not Pay.)
  await dialog.getByRole('radio', { name: 'CoinPayments' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByTestId('payment-confirm-another')).toContainText('You reported a bank transfer on');
  await expect(dialog.getByRole('button', { name: 'Pay another way' })).toBeVisible();
  expect(await axeViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByRole('radio', { name: 'CoinPayments' })).toBeChecked();
  expect(await invoiceState(page, id)).toMatchObject({ status: 'unpaid', amount_paid: '0.00' });
});

test('deposit: in a currency of the fiat wallets; 5 is refused with the bound and currency; 100 stays through a turn to phone width and back; by bank transfer it waits, and once confirmed succeeds', async ({ page, request }) => {
  await page.clock.install();
  await signIn(page);
  await page.goto('/dashboard');
  const before = await available(page, 'EUR');
  await page.getByRole('banner').getByRole('button', { name: 'Deposit' }).click();
  const step1 = page.getByRole('dialog', { name: 'Deposit funds' });
  // The demo member's fiat wallets are in EUR and USD (the referrer fee of a real-estate deal; USDT and BTC are
  // crypto): those two are offered, EUR first.
  const currency = step1.getByLabel('Currency', { exact: true });
  await expect(currency).toHaveValue('EUR');
  await currency.click();
  await expect(page.getByRole('option', { name: 'EUR' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'USD', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: /^(USDT|BTC)$/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const amount = step1.getByRole('textbox', { name: /^Amount/ });
  await amount.fill('5');
  await step1.getByRole('button', { name: 'Continue' }).click();
  await expect(step1).toContainText('The minimum amount is 10 EUR');
  // A leading zero and a sixth character are not taken.
  await amount.fill('0');
  await expect(amount).toHaveValue('5');
  await amount.fill('100');
  // Turning a tablet (the header changes from desktop to phone and back) keeps the dialog and what was typed.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(step1.getByRole('textbox', { name: /^Amount/ })).toHaveValue('100');
  await page.setViewportSize(desktop);
  await expect(amount).toHaveValue('100');
  await step1.getByRole('button', { name: 'Continue' }).click();
  const dialog = payDialog(page);
  await expect(dialog).toBeVisible();
  // A deposit comes in through a gateway: no balance to pay it from.
  await expect(dialog.getByRole('radio', { name: /^Balance/ })).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'Bank transfer' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('radio', { name: 'To the bank account (IBAN, SWIFT/BIC)' }).check();
  await dialog.getByRole('button', { name: 'I paid' }).click();
  await expect(dialog.getByRole('heading', { name: 'Waiting for your payment' })).toBeVisible();
  const tag = (await dialog.getByRole('heading', { level: 2 }).textContent())?.replace('Pay invoice ', '') ?? '';
  const { invoice } = await graphql<{ invoice: { id: string } }>(page, 'query ($id: ID!) { invoice(id: $id) { id } }', { id: tag });
  await devControl(request, '/dev/gateway/confirm', { invoice_id: Number(invoice.id) });
  await page.clock.fastForward(5_000);
  await expect(dialog.getByRole('status')).toHaveText('Paid. Thank you!');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  expect(Number(await available(page, 'EUR')) - Number(before)).toBeCloseTo(100, 2);
});

test('on a phone in the dark theme the payment dialog fits and passes axe; an unknown invoice says so', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await registerMember(page, 'pay-phone');
  await checkout(page);
  const axe = () => axeViolations(page, { include: '[role="dialog"]' });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await axe()).toEqual([]);
  await chooseCrypto(page);
  expect(await axe()).toEqual([]);
  expect(await fits()).toBe(true);
  await payDialog(page).getByRole('button', { name: 'Close' }).click();
  await page.goto('/invoice/999999');
  await expect(page.getByRole('status')).toHaveText('Invoice not found.');
});
