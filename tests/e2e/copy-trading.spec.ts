// Copy trading's links (issue 32) on the Demo Portal. The demo member (whose Binance main follows strategy 03 and whose
// Bybit swing waits for an answer on 01) adds a third account with a sandbox key, asks to follow the trader's
// "Momentum Alts" (02) with it: the request is pending with the trader's 24-hour review counted down. The trader
// (another browser context) accepts it on /investors; the member's panel, looking every 15 s on Playwright's clock,
// shows the connection active; on /connection/{id} they pause it and disconnect it with a reason. /connection and
// /investors pass axe at phone width in the dark theme and at desktop width in the light one.
import { expect, test, type Page } from '@playwright/test';
import { connectionPoll, linkRequestPoll } from '../../domain/timing';
import { axeViolations, demoOrigin, devControl, memberApi, signIn, whiteLabelUuid } from './support';

const momentumAlts = { id: '5c0a7e00-0032-4c0d-8e00-000000000002', name: 'Momentum Alts' };
const trader = { email: 'trader@example.com', password: 'Demo12345' };

/** Adds an exchange account through /my-accounts with a sandbox key that passes every check; its id. */
async function addAccount(page: Page, name: string) {
  await page.goto('/my-accounts');
  await page.getByRole('button', { name: 'Add account' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add an exchange account' });
  await drawer.getByLabel(/^Account name/).fill(name);
  await drawer.getByRole('combobox', { name: /^Exchange/ }).selectOption({ label: 'Binance' });
  await drawer.getByLabel(/^API key/).fill(`valid-e2e-copy-${Date.now().toString(36)}`);
  await drawer.getByLabel(/^Secret/).fill('e2e-copy-secret');
  await drawer.getByRole('button', { name: 'Check and add' }).click();
  await expect(page).toHaveURL(/\/my-account\/[^/]+$/);
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

test('the demo member asks to follow Momentum Alts, the trader accepts, and the member pauses and disconnects the connection', async ({ page, browser }) => {
  await page.clock.install();
  await signIn(page);
  const accountId = await addAccount(page, 'Copy desk');

  await page.goto(`/copy-trading/${momentumAlts.id}`);
  const panel = page.getByRole('region', { name: `Copy ${momentumAlts.name}` });
  // Only the new account may follow it (Binance main follows 03, Bybit swing waits on 01, OKX spare is disconnected).
  const account = panel.getByRole('combobox', { name: /^Account/ });
  await expect(account).toHaveValue(accountId);
  await expect(account.locator('option')).toHaveCount(2);
  await expect(panel.getByRole('textbox', { name: /^Lot size, %/ })).toHaveValue('100');
  await expect(panel.getByRole('textbox', { name: /^Lot size, %/ })).toHaveAccessibleDescription(/Copies the trader’s trades 1:1/);
  await panel.getByRole('textbox', { name: /^Lot size, %/ }).fill('50');
  await expect(panel.getByRole('textbox', { name: /^Lot size, %/ })).toHaveAccessibleDescription(/Copies the trader’s trades 1:2/);
  await panel.getByRole('textbox', { name: /^Drawdown limit, %/ }).fill('30');
  await panel.getByRole('button', { name: 'Ask to follow' }).click();

  await expect(panel.getByTestId('link-pending')).toContainText('Request sent with Copy desk. The trader reviews it within 24 hours.');
  await expect(panel.getByTestId('review-time-left')).toHaveText(/^Time left to review: 23 h 5\d min$/);
  await expect(panel.getByTestId('summary-lot-size')).toHaveText('50 % (1:2)');
  await expect(panel.getByTestId('summary-drawdown')).toHaveText('30 %');
  // An hour later on the member's clock the review has an hour less.
  await page.clock.runFor(60 * 60_000);
  await expect(panel.getByTestId('review-time-left')).toHaveText(/^Time left to review: 22 h 5\d min$/);

  // The trader accepts it on /investors, in their own browser context.
  const traderContext = await browser.newContext();
  const traderPage = await traderContext.newPage();
  await signIn(traderPage, trader);
  await traderPage.goto('/investors');
  // The trader sees the member by first name and initial, and the account by its exchange only.
  const request = traderPage.getByTestId('investor-request').filter({ hasText: `Demo M. asks to follow ${momentumAlts.name}` });
  await expect(request).toContainText('Binance');
  await expect(request).not.toContainText('Copy desk');
  await expect(request).toContainText('50 % (1:2)');
  await expect(request.getByTestId('request-time-left')).toHaveText(/^2[23] h \d+ min$/);
  await request.getByRole('button', { name: 'Accept Demo M.’s request' }).click();
  await expect(traderPage.getByTestId('investor-follower').filter({ hasText: 'Demo M.' }).filter({ hasText: momentumAlts.name })).toBeVisible();
  await expect(request).toHaveCount(0);
  await traderContext.close();

  // The member's panel looks again within 15 s: accepted, and once the key is linked, the connection is active.
  await page.clock.runFor(linkRequestPoll);
  await expect(panel).toHaveAttribute('data-step', /^(keyPending|linked)$/);
  if ((await panel.getAttribute('data-step')) === 'keyPending') {
    await expect(panel.getByTestId('key-time-left')).toHaveText(/^Time left to link the key: 1 d 2\d h$/);
    await devControl(page.request, '/dev/jobs/run', { job: 'copytrading.connections' });
    await page.clock.runFor(connectionPoll);
  }
  await expect(panel.getByTestId('link-linked')).toContainText('You follow this strategy with Copy desk.');
  await panel.getByRole('link', { name: 'Open the connection' }).click();

  await expect(page).toHaveURL(/\/connection\/[^/]+$/);
  const connection = page.getByTestId('connection-page');
  await expect(connection.getByRole('heading', { name: `Copying ${momentumAlts.name}` })).toBeVisible();
  await expect(connection).toContainText('Active');
  await expect(connection.getByTestId('connection-account')).toHaveText('Copy desk · binance');
  await expect(connection.getByTestId('summary-lot-size')).toHaveText('50 % (1:2)');

  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(connection.getByTestId('connection-note')).toHaveAttribute('data-status', 'paused');
  await expect(connection.getByTestId('connection-note')).toContainText('Paused: no trades are copied until you resume.');
  await expect(page.getByRole('button', { name: 'Resume' })).toBeEnabled();

  await page.getByRole('button', { name: 'Disconnect' }).click();
  const disconnect = page.getByRole('region', { name: 'Disconnect from the strategy' });
  await disconnect.getByRole('button', { name: 'Disconnect' }).click();
  await expect(disconnect.getByRole('textbox', { name: /^Reason/ })).toHaveAccessibleDescription(/This field is required/);
  await disconnect.getByRole('textbox', { name: /^Reason/ }).fill('Trying another strategy');
  await expect(disconnect.getByRole('textbox', { name: /^Reason/ })).toHaveAccessibleDescription(/23 of 400 characters/);
  await disconnect.getByRole('button', { name: 'Disconnect' }).click();
  await expect(connection.getByTestId('connection-note')).toHaveAttribute('data-status', 'disconnected');
  await expect(connection.getByTestId('connection-note')).toContainText('Reason: Trying another strategy');
  await expect(page.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
});

// The phone run in the dark theme, the desktop one in the light: both schemes are checked once.
for (const [name, size, theme] of [
  ['phone', { width: 390, height: 844 }, 'dark'],
  ['desktop', { width: 1280, height: 900 }, 'light'],
] as const) {
  test(`/connection and /investors pass axe at ${name} width in the ${theme} theme`, async ({ page, browser }) => {
    await page.setViewportSize(size);
    await page.addInitScript((scheme) => window.localStorage.setItem('theme', scheme), theme);
    const session = await signIn(page);
    const { myConnections } = await memberApi<{ myConnections: { id: string; strategy: { name: string } }[] }>(
      page,
      session.access_token,
      'query ($uuid: ID!) { myConnections(whitelabel_uuid: $uuid) { id strategy { name } } }',
      { uuid: await whiteLabelUuid(page, demoOrigin) },
    );
    await page.goto(`/connection/${myConnections[0]!.id}`);
    await expect(page.getByTestId('connection-page')).toBeVisible();
    await expect(page.getByTestId('copied-trade').first()).toBeVisible();
    expect(await axeViolations(page), '/connection/{id}').toEqual([]);
    // The copied trades never make the page scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const traderContext = await browser.newContext({ viewport: size });
    const traderPage = await traderContext.newPage();
    await traderPage.addInitScript((scheme) => window.localStorage.setItem('theme', scheme), theme);
    await signIn(traderPage, trader);
    await traderPage.goto('/investors');
    await expect(traderPage.getByTestId('investors-page')).toBeVisible();
    await expect(traderPage.getByTestId('investor-follower').first()).toBeVisible();
    expect(await axeViolations(traderPage), '/investors').toEqual([]);
    expect(await traderPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await traderContext.close();
  });
}
