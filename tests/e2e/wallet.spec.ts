// Withdrawals on a fresh database: without two-factor the form explains and links to Security; the seeded
// withdrawals show every status and filter by it; with two-factor a bad IBAN is refused, a good one makes a
// `new` request and the wallet's available balance drops by the amount; canceling gives it back. The balance
// page, its wallet cards and the account panel lead to the withdrawals, and each balance says what it counts.
import { expect, test } from '@playwright/test';
import { axeViolations, currentTotpStep, demo, devControl, nextTotpCode, signIn, twofa } from './support';

test('without two-factor the withdrawal form explains; the list shows every status and filters by it', async ({ page }) => {
  await signIn(page);
  await page.goto('/withdrawals');
  const form = page.getByRole('region', { name: 'Request a withdrawal' });
  await expect(form.getByTestId('withdrawal-needs-2fa')).toContainText('Turn on two-factor authentication to withdraw.');
  await expect(form.getByRole('button', { name: 'Request withdrawal' })).toHaveCount(0);
  const list = page.getByRole('region', { name: 'My withdrawals' });
  const rows = list.getByTestId('withdrawal-row');
  await expect(rows).toHaveCount(5);
  for (const status of ['New', 'Requested', 'Pending', 'Canceled', 'Completed']) await expect(rows.getByText(status, { exact: true })).toBeVisible();
  await list.getByRole('combobox', { name: 'Status' }).selectOption('canceled');
  await expect(page).toHaveURL(/status=canceled/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Canceled');
  expect(await axeViolations(page, { include: 'main', tags: 'all' })).toEqual([]);
  await form.getByRole('link', { name: 'Turn on two-factor authentication' }).click();
  await expect(page).toHaveURL(/\/security$/);
});

test('with two-factor: a bad IBAN is refused, a good one makes a new request and locks the amount; canceling gives it back', async ({ page }) => {
  // Two codes, each taken once: the next step's to sign in (another test may have taken the current one), a
  // later one for the withdrawal (which may wait for its step to come).
  test.slow();
  const signInCode = await nextTotpCode(twofa.secret, currentTotpStep());
  await signIn(page, twofa, { code: signInCode.code });
  // The EUR card's Withdraw opens the form on the EUR wallet.
  await page.goto('/balance');
  await page.getByRole('region', { name: 'My wallets' }).getByTestId('wallet-EUR').getByRole('link', { name: 'Withdraw EUR' }).click();
  await expect(page).toHaveURL(/\/withdrawals\?currency=EUR$/);

  const form = page.getByRole('region', { name: 'Request a withdrawal' });
  const wallet = form.getByRole('combobox', { name: 'Wallet' });
  await expect(wallet.locator('option:checked')).toHaveText('EUR · €250.00');
  await form.getByRole('textbox', { name: 'Amount' }).fill('100');
  await form.getByRole('textbox', { name: 'Account holder' }).fill('Two-Factor Member');
  await form.getByRole('textbox', { name: 'IBAN' }).fill('DE89 3704 0044 0532 0130 01');
  await form.getByRole('checkbox', { name: 'I confirm that I have access to this wallet or account' }).check();
  await form.getByLabel('Code from the authenticator app').fill((await nextTotpCode(twofa.secret, signInCode.step)).code);
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(form.getByText('This IBAN is not valid')).toBeVisible();

  await form.getByRole('textbox', { name: 'IBAN' }).fill('DE89 3704 0044 0532 0130 00');
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  const done = form.getByRole('status');
  await expect(done).toContainText('Your withdrawal of €100.00 is requested (status: New).');
  await expect(done).toContainText('Payouts take 1-3 working days.');

  const list = page.getByRole('region', { name: 'My withdrawals' });
  const row = list.getByTestId('withdrawal-row').first();
  await expect(row).toContainText('€100.00');
  await expect(row).toContainText('IBAN •••• 3000');
  await expect(row).toContainText('New');

  await form.getByRole('button', { name: 'Request another withdrawal' }).click();
  await wallet.selectOption('EUR');
  await expect(wallet.locator('option:checked')).toHaveText('EUR · €150.00');

  await row.getByRole('button', { name: 'Cancel the withdrawal of €100.00' }).click();
  await expect(page.getByText('The withdrawal is canceled and the amount is back in your wallet.')).toBeVisible();
  await expect(row).toContainText('Canceled');
  await expect(row.getByRole('button', { name: /^Cancel the withdrawal/ })).toHaveCount(0);
  // The form follows the wallet: the amount is available again.
  await expect(wallet.locator('option:checked')).toHaveText('EUR · €250.00');
});

test('the balance page: wallets without BTC and AIV, the history switches ranges, transactions filter by type and page', async ({ page }) => {
  await signIn(page);
  await page.goto('/balance');
  const wallets = page.getByRole('region', { name: 'My wallets' });
  await expect(wallets.getByTestId('wallet-USDT')).toBeVisible();
  await expect(wallets.getByTestId('wallet-EUR')).toContainText('€');
  await expect(wallets.getByTestId('wallet-BTC')).toHaveCount(0);
  await expect(wallets.getByTestId('wallet-AIV')).toHaveCount(0);

  const history = page.getByRole('region', { name: 'Balance history' });
  const chart = history.getByTestId('history-chart');
  await expect(chart).toHaveAttribute('data-points', '30');
  await history.getByText('12 months').click();
  await expect(page).toHaveURL(/range=12m/);
  await expect(chart).toHaveAttribute('data-points', '12');
  await expect(history.getByTestId('history-AffiliatePayout')).not.toHaveText(/^\$0\.00$/);
  await history.getByText('7 days').click();
  await expect(chart).toHaveAttribute('data-points', '7');

  const transactions = page.getByRole('region', { name: 'Transactions' });
  const rows = transactions.getByTestId('transaction-row');
  await expect(rows).toHaveCount(20);
  await transactions.getByRole('button', { name: 'Show more' }).click();
  await expect(rows).toHaveCount(40);
  await transactions.getByRole('combobox', { name: 'Transaction type' }).selectOption({ label: 'Referral bonus' });
  await expect(page).toHaveURL(/type=REFERRAL_BONUS/);
  await expect(rows.first()).toContainText('Referral bonus');
  const types = await rows.locator('td:nth-child(2) p:first-child').allTextContents();
  expect(new Set(types)).toEqual(new Set(['Referral bonus']));
  expect(await axeViolations(page, { include: 'main', tags: 'all' })).toEqual([]);
});

test('the balance page in Ukrainian: notes built from their figures, no English sentence; the type filter in groups', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'uk'));
  await signIn(page);
  await page.goto('/balance?type=WITHDRAWAL');
  const transactions = page.getByRole('region', { name: 'Транзакції' });
  const notes = transactions.getByTestId('transaction-note');
  await expect(notes.first()).toHaveText(/^Виведення №\d+$/);
  const filter = transactions.getByRole('combobox', { name: 'Тип транзакції' });
  await filter.selectOption({ label: 'Оплата рахунку' });
  await expect(page).toHaveURL(/type=INVOICE/);
  await expect(notes.first()).toHaveText(/^(Оплата: .+|Рахунок .+ оплачено)$/);
  await filter.selectOption({ label: 'Усі типи' });
  await expect(transactions.getByTestId('transaction-row')).toHaveCount(20);
  const texts = await notes.allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  // The server's English notes (its seed's and its services') never show.
  for (const text of texts) expect(text).not.toMatch(/Copy trading result|Monthly management fee|Withdrawal|Invoice|Deposit|Opening balance|payout|period/);
  const groups = await filter.locator('optgroup').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptGroupElement).label));
  expect(groups).toEqual(['Бонуси', 'Рахунки і платежі', 'Поповнення і виведення', 'Інвестиції', 'Трейдинг', 'Краудфандинг', 'Аірдропи і токени', 'Лотереї', 'Адміністратор']);
  // Every type sits in a group; only "All types" stands outside.
  expect(await filter.locator('optgroup option').count()).toBe((await filter.locator('option').count()) - 1);
  expect(await filter.locator('optgroup option').count()).toBeGreaterThan(40);
  expect(await axeViolations(page, { include: 'main', tags: 'all' })).toEqual([]);
});

test('the balance page, its wallet cards and the side panel lead to the withdrawals; each balance says what it counts', async ({ page }) => {
  await signIn(page);
  await page.goto('/balance');
  // The header's figure is every wallet's available + locked in USDT; the history's is what is available now.
  // (Amounts as such are not asserted: specs before this one pay from the demo member's balance.)
  await expect(page.getByRole('link', { name: /^Total, all wallets: \$[\d\s]+\.\d{2}$/ })).toBeVisible();
  const history = page.getByRole('region', { name: 'Balance history' });
  await expect(history.getByTestId('history-caption')).toHaveText('Available balance of all wallets, valued in USDT (without what is locked)');
  await expect(history.getByText(/available now \$[\d\s]+\.\d{2}/)).toBeVisible();
  const wallets = page.getByRole('region', { name: 'My wallets' });
  const usdt = wallets.getByTestId('wallet-USDT');
  await expect(usdt.getByTestId('wallet-total')).toHaveText(/^\$[\d\s]+\.\d{2}$/);
  await expect(usdt.getByTestId('wallet-total-label')).toHaveText('Total in this wallet: available + locked');
  await expect(usdt.getByRole('link', { name: 'Withdraw USDT' })).toHaveAttribute('href', '/withdrawals?currency=USDT');

  await wallets.getByRole('link', { name: 'Withdraw', exact: true }).click();
  await expect(page).toHaveURL(/\/withdrawals$/);
  await expect(page.getByRole('region', { name: 'Request a withdrawal' })).toBeVisible();

  await page.getByRole('complementary').getByRole('link', { name: 'Withdraw', exact: true }).click();
  await expect(page).toHaveURL(/\/withdrawals$/);
  await expect(page.getByRole('complementary').getByTestId('panel-balance-label')).toHaveText('Total, all wallets: available and locked, valued in USDT');
});

test('while withdrawals are suspended the balance page says why instead of offering Withdraw', async ({ page }) => {
  const overdue = (count: number) => devControl(page.request, '/dev/user-settings', { email: demo.email, overdue_trader_fee_invoices: count });
  await overdue(1);
  try {
    await signIn(page);
    await page.goto('/balance');
    const wallets = page.getByRole('region', { name: 'My wallets' });
    await expect(wallets.getByTestId('wallets-withdrawals-suspended')).toContainText('Withdrawals are suspended because of overdue invoices.');
    await expect(wallets.getByRole('link', { name: /^Withdraw/ })).toHaveCount(0);
    await wallets.getByRole('link', { name: 'Pay the overdue invoices' }).click();
    await expect(page).toHaveURL(/\/invoices$/);
  } finally {
    await overdue(0);
  }
});
