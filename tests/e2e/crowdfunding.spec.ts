// Crowdfunding (issue 28) on the Demo Portal: a visitor sees the projects and is asked to log in on Invest, and
// lands on the project after it; the demo member invests 100 USDT in Sea View Residence (the confirmation says
// what it pays and when), the briefcase shows the holding with its next payout, and a month later the payout job
// pays its 1.00 profit: the balance grows by exactly what the briefcase says was received. The pages pass axe at
// phone and desktop widths.
import { expect, test, type Page } from '@playwright/test';
import { add, cents, subtract } from '../../domain/money';
import { axeViolations, demoOrigin, devControl, logIn, signIn, whiteLabelUuid } from './support';

/** The member's USDT balance and crowdfunding received so far, read from the page's own session. */
async function figures(page: Page): Promise<{ usdt: string; received: string }> {
  const uuid = await whiteLabelUuid(page, demoOrigin);
  const body = await page.evaluate(async (whitelabel) => {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${window.localStorage.getItem('auth-token')}` },
      body: JSON.stringify({
        query: `query ($w: ID!) { me { wallet_balance { currency available } } moduleCrowdfundingBriefcase(whitelabel_uuid: $w) { total_received } }`,
        variables: { w: whitelabel },
      }),
    });
    return (await response.json()) as {
      data: { me: { wallet_balance: { currency: string; available: string }[] }; moduleCrowdfundingBriefcase: { total_received: string } };
    };
  }, uuid);
  return {
    usdt: cents(body.data.me.wallet_balance.find((wallet) => wallet.currency === 'USDT')!.available),
    received: cents(body.data.moduleCrowdfundingBriefcase.total_received),
  };
}

test('a visitor sees the projects, and Invest asks them to log in, then opens the project', async ({ page }) => {
  await page.goto('/projects');
  const card = page.getByRole('article', { name: 'Sea View Residence' });
  await expect(card.getByTestId('project-progress')).toContainText('paid');
  await expect(card.getByTestId('project-goal')).toHaveText(/^\$50\s000\.00$/);
  await expect(card.getByTestId('project-return')).toHaveText('12 % a year, paid monthly');
  await card.getByRole('link', { name: 'Log in to invest' }).click();
  await expect(page).toHaveURL(/\/login\?to=%2Fcrowdfunding%2F\d+$/);
  await logIn(page);
  await expect(page).toHaveURL(/\/crowdfunding\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Sea View Residence' })).toBeVisible();
  await expect(page.getByTestId('viewer-cap')).toContainText('your tariff allows $1');
});

test('the member invests 100 USDT; the briefcase shows it; a month later the payout job pays its 1.00 profit', async ({ page, request }) => {
  await signIn(page);
  await page.goto('/projects');
  await page.getByRole('article', { name: 'Sea View Residence' }).getByRole('link', { name: 'Invest' }).click();
  const panel = page.getByRole('region', { name: 'Invest' });
  await panel.getByRole('textbox', { name: /^Amount \(USDT\)/ }).fill('100');
  await panel.getByRole('button', { name: 'Continue' }).click();
  await expect(panel.getByTestId('invest-payouts')).toHaveText(/^You receive \$1\.00 every month, from .+ to .+\.$/);
  await expect(panel.getByTestId('invest-total')).toHaveText('In all: $112.00');
  const before = await figures(page);
  await panel.getByRole('button', { name: 'Confirm and invest' }).click();
  await expect(panel.getByTestId('invest-done')).toContainText('You invested $100.00');
  await expect(panel.getByTestId('invest-done')).toContainText('The first payout, $1.00, comes on');
  const invested = await figures(page);
  expect(invested.usdt).toBe(cents(subtract(before.usdt, '100')));

  await panel.getByRole('link', { name: 'Open the briefcase' }).click();
  await expect(page).toHaveURL(/\/briefcase$/);
  const row = page.getByTestId('holdings').getByRole('row').filter({ hasText: 'Sea View Residence' }).filter({ hasText: '$100.00' }).first();
  await expect(row).toContainText('Active');
  await expect(row.getByTestId('holding-next')).toContainText('$1.00');

  // A month and a day later, as the job sees it: the profit of the first month, once (a second run pays nothing more).
  const at = new Date(Date.now() + 32 * 24 * 60 * 60_000).toISOString();
  await devControl(request, '/dev/jobs/run', { job: 'crowdfunding.payouts', at });
  await devControl(request, '/dev/jobs/run', { job: 'crowdfunding.payouts', at });
  const paid = await figures(page);
  expect(subtract(paid.received, invested.received)).not.toBe('0');
  expect(paid.usdt).toBe(cents(add(invested.usdt, subtract(paid.received, invested.received))));
  await page.reload();
  await expect(row.getByRole('cell').nth(3)).toContainText('$1.00');
  await expect(page.getByTestId('payouts')).toContainText('Sea View Residence');
});

for (const [name, size] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test(`the projects, a project (light and dark) and the briefcase pass axe at ${name} width`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page);
    await page.goto('/projects');
    await expect(page.getByRole('article', { name: 'Sea View Residence' })).toBeVisible();
    expect(await axeViolations(page), '/projects').toEqual([]);
    await page.getByRole('article', { name: 'Sea View Residence' }).getByRole('link', { name: 'Invest' }).click();
    await expect(page.getByTestId('viewer-cap')).toBeVisible();
    expect(await axeViolations(page), '/crowdfunding/{id}').toEqual([]);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.getByTestId('viewer-cap')).toBeVisible();
    expect(await axeViolations(page), '/crowdfunding/{id}, dark').toEqual([]);
    await page.goto('/briefcase');
    await expect(page.getByTestId('holdings')).toBeVisible();
    expect(await axeViolations(page), '/briefcase').toEqual([]);
  });
}
