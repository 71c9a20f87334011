// Exchange accounts and services (issue 31) on the Demo Portal. A new member adds an OKX account (the passphrase
// field shows; Binance shows none) with an `invalid-` key: the checklist names the failed check and nothing typed
// is lost; with a `valid-` key the account's page opens and it is listed; then they disconnect it with a reason.
// The demo member's services show their limits as meters. The three pages pass axe at phone and desktop widths, in
// both themes.
import { expect, test } from '@playwright/test';
import { apiRegister, axeViolations, demoOrigin, memberApi, signIn, startSignedIn, whiteLabelUuid } from './support';

test('an OKX account refused for its key keeps everything typed, goes through with a valid key, is listed, and is disconnected with a reason', async ({ page }) => {
  const { session } = await apiRegister(page, 'trading');
  await startSignedIn(page, demoOrigin, session);
  await page.goto('/my-accounts');
  await expect(page.getByTestId('accounts-empty')).toBeVisible();
  await page.getByRole('button', { name: 'Add account' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add an exchange account' });
  const exchange = drawer.getByRole('combobox', { name: /^Exchange/ });
  // A Binance-like exchange needs no passphrase: no such field.
  await exchange.selectOption({ label: 'Binance' });
  await expect(drawer.getByLabel(/^API key/)).toBeVisible();
  await expect(drawer.getByLabel(/^Passphrase/)).toHaveCount(0);
  await exchange.selectOption({ label: 'OKX' });
  const typed = { name: 'My OKX', api_key: 'invalid-okx-key-7', secret: 'okx-secret-1', passphrase: 'okx-phrase-1' };
  await drawer.getByLabel(/^Account name/).fill(typed.name);
  await drawer.getByLabel(/^API key/).fill(typed.api_key);
  await drawer.getByLabel(/^Secret/).fill(typed.secret);
  await drawer.getByLabel(/^Passphrase/).fill(typed.passphrase);
  await drawer.getByRole('button', { name: 'Check and add' }).click();

  // The first check failed with its cause; the rest were not reached; every field keeps what was typed.
  await expect(drawer.getByTestId('key-check-credentials')).toHaveAttribute('data-state', 'failed');
  await expect(drawer.getByTestId('key-check-reason')).toHaveText('API key invalid on an account connection: create a new key and edit the account.');
  await expect(drawer.getByTestId('key-check-qualified')).toHaveAttribute('data-state', 'notReached');
  await expect(drawer.getByLabel(/^Account name/)).toHaveValue(typed.name);
  await expect(exchange.locator('option:checked')).toHaveText('OKX');
  await expect(drawer.getByLabel(/^API key/)).toHaveValue(typed.api_key);
  await expect(drawer.getByLabel(/^Secret/)).toHaveValue(typed.secret);
  await expect(drawer.getByLabel(/^Passphrase/)).toHaveValue(typed.passphrase);
  expect(await axeViolations(page, { include: '[role="dialog"]' }), 'the form with a refused key').toEqual([]);

  await drawer.getByLabel(/^API key/).fill('valid-okx-key-7');
  await drawer.getByRole('button', { name: 'Check and add' }).click();
  await expect(page).toHaveURL(/\/my-account\/[^/]+$/);
  const account = page.getByTestId('account-page');
  await expect(account.getByRole('heading', { name: 'My OKX' })).toBeVisible();
  await expect(account).toContainText('Connected');
  await expect(page.getByTestId('account-key')).toHaveText('····ey-7');
  await expect(page.getByTestId('connections-empty')).toContainText('No connections yet.');

  await page.getByRole('button', { name: 'Disconnect' }).click();
  const disconnect = page.getByRole('region', { name: 'Disconnect the account' });
  await disconnect.getByRole('textbox', { name: /^Reason/ }).fill('Moving my funds elsewhere');
  await expect(disconnect.getByRole('textbox', { name: /^Reason/ })).toHaveAccessibleDescription(/25 of 400 characters/);
  await disconnect.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByTestId('account-disconnected')).toContainText('Reason: Moving my funds elsewhere');
  await expect(account).toContainText('Disconnected');

  await page.getByRole('link', { name: 'All accounts' }).click();
  const listed = page.getByRole('article', { name: 'My OKX' });
  await expect(listed).toContainText('OKX');
  await expect(listed).toContainText('Disconnected');
  await expect(listed).toContainText('····ey-7');
});

test('the services page shows each limit against its use as meters, with the exchanges covered by name', async ({ page }) => {
  await signIn(page);
  await page.goto('/services');
  const service = page.getByRole('article', { name: 'Copy Trading Pro' });
  await expect(service.getByRole('progressbar', { name: /^\d+ of 3 exchange accounts$/ })).toBeVisible();
  await expect(service.getByRole('progressbar', { name: /^\d+ of 5 copy-trading linkings$/ })).toBeVisible();
  await expect(service.getByRole('list', { name: 'Exchanges covered' })).toContainText('Binance');
  await expect(service.getByRole('list', { name: 'Exchanges covered' })).toContainText('OKX');
});

// The phone run in the dark theme, the desktop one in the light: both schemes are checked once.
for (const [name, size, theme] of [
  ['phone', { width: 390, height: 844 }, 'dark'],
  ['desktop', { width: 1280, height: 900 }, 'light'],
] as const) {
  test(`the accounts, account and services pages pass axe at ${name} width in the ${theme} theme`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.addInitScript((scheme) => window.localStorage.setItem('theme', scheme), theme);
    const session = await signIn(page);
    await page.goto('/my-accounts');
    await expect(page.getByRole('article', { name: 'Binance main' })).toBeVisible();
    expect(await axeViolations(page), '/my-accounts').toEqual([]);
    const { myAccounts } = await memberApi<{ myAccounts: { id: string; name: string }[] }>(
      page,
      session.access_token,
      'query ($uuid: ID!) { myAccounts(whitelabel_uuid: $uuid) { id name } }',
      { uuid: await whiteLabelUuid(page, demoOrigin) },
    );
    await page.goto(`/my-account/${myAccounts.find((account) => account.name === 'OKX spare')!.id}`);
    await expect(page.getByTestId('account-disconnected')).toBeVisible();
    expect(await axeViolations(page), '/my-account/{id}').toEqual([]);
    await page.goto('/services');
    await expect(page.getByRole('article', { name: 'Copy Trading Pro' })).toBeVisible();
    expect(await axeViolations(page), '/services').toEqual([]);
  });
}
