// Tariffs on a fresh database: buying an investment tariff on Acme, upgrading it with the difference shown as
// the server charges it, and the Demo Portal's owner activating a quarterly platform subscription. Each
// checkout ends on /invoice/{id}?pay=true, where the payments area's dialog opens; the member pays from the
// balance there, and the pages show the result.
import { expect, test, type Page } from '@playwright/test';
import { addMonths } from '../../domain/pricing';
import { acmeOrigin, axeViolations, demo, signIn } from './support';

const owner = { email: 'owner@example.com', password: 'Demo12345' };

/** A GraphQL call as the signed-in member of the page's portal, sent from the page (its own address). */
async function gql(page: Page, query: string, variables: Record<string, unknown> = {}) {
  const body = await page.evaluate(
    async ([query, variables]) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${window.localStorage.getItem('auth-token')}` },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data?: any; errors?: unknown[] };
    },
    [query, variables] as const,
  );
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** The invoice the page opened to pay (/invoice/{id}?pay=true). */
async function openedInvoice(page: Page) {
  await expect(page).toHaveURL(/\/invoice\/[^/?]+\?pay=true$/);
  return decodeURIComponent(/\/invoice\/([^/?]+)/.exec(page.url())![1]!);
}

/** Pays the opened invoice from the balance in the payment dialog, through to the thank-you page. */
async function payFromBalance(page: Page, invoiceId: string) {
  const dialog = page.getByRole('dialog', { name: /^Pay invoice INV-/ });
  await dialog.getByRole('radio', { name: /^Balance/ }).check();
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/thankyou\/INV-[0-9A-F]+$/);
  expect((await invoiceOf(page, invoiceId)).status).toBe('paid');
}

const invoiceOf = async (page: Page, id: string) =>
  (await gql(page, `query ($id: ID!) { invoice(id: $id) { total kind status items { subject } } }`, { id })).invoice;

test('Acme: invest in a tariff from the balance, then upgrade it paying the difference shown', async ({ page }) => {
  await signIn(page, demo, { origin: acmeOrigin });
  await page.goto(`${acmeOrigin}/tariffs`);
  // The page reads as investments in investment mode: its one heading, the document's title.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Investments');
  await expect(page).toHaveTitle(/^Investments \| /);
  const starter = page.getByRole('article', { name: 'Starter Portfolio' });
  await starter.getByRole('radio', { name: /^Quarterly/ }).check();
  await expect(starter.getByRole('radio', { name: /^Quarterly/ })).toHaveAccessibleName(/\(\$90\.00 a month\)/);
  await starter.getByRole('button', { name: 'Invest' }).click();

  const bought = await openedInvoice(page);
  expect(await invoiceOf(page, bought)).toMatchObject({
    kind: 'tariff',
    status: 'unpaid',
    total: '270.00',
    items: [{ subject: 'Starter Portfolio' }],
  });
  await payFromBalance(page, bought);

  await page.goto(`${acmeOrigin}/tariffs`);
  await expect(page.getByText('Your current tariff: Starter Portfolio')).toBeVisible();
  await expect(starter.getByText('Your investment')).toBeVisible();
  await expect(page.getByTestId('purchase-badge').first()).toContainText('Active until');

  // The upgrade to Growth: 270 paid for a quarter that has just begun counts almost in full.
  const growth = page.getByRole('article', { name: 'Growth Portfolio' });
  await growth.getByRole('button', { name: 'Upgrade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade your tariff' });
  await expect(dialog.getByRole('table', { name: 'How the difference is computed' })).toContainText('days left of');
  await expect(dialog.getByRole('radio', { name: /^Quarterly/ })).toBeChecked();
  const shown = (await dialog.getByTestId('upgrade-difference').innerText()).replace(/[^\d.]/g, '');
  // 675 for Growth quarterly less the credit for the days left of Starter's quarter.
  expect(Number(shown)).toBeGreaterThan(405);
  expect(Number(shown)).toBeLessThan(420);
  await dialog.getByRole('button', { name: 'Upgrade and pay' }).click();

  const upgrade = await openedInvoice(page);
  const invoice = await invoiceOf(page, upgrade);
  expect(invoice).toMatchObject({ kind: 'upgrade', status: 'unpaid' });
  expect(invoice.total).toBe(shown);
  await payFromBalance(page, upgrade);

  await page.goto(`${acmeOrigin}/tariffs`);
  await expect(page.getByText('Your current tariff: Growth Portfolio')).toBeVisible();
  await expect(growth.getByText('Your investment')).toBeVisible();
  // A lower tariff asks first, showing what would be lost; keeping the current one is one click.
  await starter.getByRole('button', { name: 'Invest' }).click();
  const before = page.getByRole('dialog', { name: 'Before you switch' });
  // Growth's "Everything in Starter" is Starter's features: kept, not lost.
  const lose = before.getByRole('region', { name: 'You lose' });
  await expect(lose.getByRole('listitem')).toHaveText(['Growth and thematic funds', 'Monthly rebalancing', 'Analyst calls']);
  await expect(before.getByRole('region', { name: 'You keep' }).getByRole('listitem')).toHaveText(['Diversified index portfolio', 'Quarterly rebalancing', 'Monthly report']);
  await before.getByRole('button', { name: 'Keep Growth Portfolio' }).click();
  await expect(before).toBeHidden();
  await expect(page).toHaveURL(/\/tariffs$/);
});

test('the Demo Portal owner activates a quarterly subscription; paid, it is active for three months', async ({ page }) => {
  await signIn(page, owner);
  await page.goto('/subscriptions');
  await expect(page.getByTestId('subscription-state')).toHaveText('Not active');
  await page.getByRole('button', { name: 'Activate subscription' }).click();
  const modal = page.getByRole('dialog', { name: 'Platform subscription' });
  await expect(modal.getByRole('radio', { name: /^Monthly/ })).toBeChecked();
  await modal.getByRole('radio', { name: /^Quarterly/ }).check();
  await modal.getByRole('button', { name: 'Continue' }).click();

  const invoiceId = await openedInvoice(page);
  expect(await invoiceOf(page, invoiceId)).toMatchObject({ kind: 'subscription', status: 'unpaid', total: '135.00' });
  await payFromBalance(page, invoiceId);
  const paidAt = new Date();

  await page.goto('/subscriptions');
  await expect(page.getByTestId('subscription-state')).toHaveText('Active');
  const till = addMonths(paidAt, 3);
  const expected = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(till);
  await expect(page.getByTestId('subscription-till')).toHaveText(`Active until ${expected}`);
  await expect(page.getByRole('button', { name: 'Change subscription' })).toBeVisible();
});

test('a member who does not own the portal sees the subscription but cannot activate it', async ({ page }) => {
  await signIn(page);
  await page.goto('/subscriptions');
  await expect(page.getByText('The portal’s owner manages the subscription.')).toBeVisible();
  await expect(page.getByRole('button', { name: /subscription$/ })).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the tariffs page, the upgrade dialog and the subscription modal pass axe on a phone (${theme})`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, owner);
    await page.goto('/subscriptions');
    await page.getByRole('button', { name: /subscription$/ }).click();
    await expect(page.getByRole('dialog', { name: 'Platform subscription' })).toBeVisible();
    expect(await axeViolations(page), 'subscription modal').toEqual([]);

    await signIn(page, demo, { origin: acmeOrigin });
    await page.goto(`${acmeOrigin}/tariffs`);
    await expect(page.getByRole('article')).toHaveCount(3);
    expect(await axeViolations(page), '/tariffs').toEqual([]);
    const upgrade = page.getByRole('button', { name: 'Upgrade' }).first();
    if (await upgrade.isVisible()) {
      await upgrade.click();
      await expect(page.getByTestId('upgrade-difference')).toBeVisible();
      expect(await axeViolations(page), 'upgrade dialog').toEqual([]);
    }
  });
}

test("the right sidebar's Upgrade opens the upgrade dialog on a portal without a tariffs page", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.goto('/dashboard');
  const panel = page.getByRole('complementary', { name: 'Your account' });
  // The tariff's first three description lines, each on a line of its own.
  expect(await panel.getByText('The signals feed').innerText()).toBe('The signals feed\nWeekly market review\nEmail support');
  // The Demo Portal sells products, not a pricing table: /tariffs is not there, so Upgrade stays on the dashboard.
  await panel.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/dashboard\?upgrade=true$/);
  const dialog = page.getByRole('dialog', { name: 'Upgrade your tariff' });
  await expect(dialog.getByTestId('upgrade-difference')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
});
