// Deals (issue 30) on the Demo Portal. On a phone, a member the demo member invited files a deal request through
// the three steps (what they typed survives leaving the page); the operator (dev control) moves it to meeting and
// the timeline shows the date it got there; then completes it, twice at once: the demo member, the sponsor, is
// credited the referrer fee once and sees it in team deals. The deals page passes axe at phone and desktop widths.
import { expect, test, type Page } from '@playwright/test';
import { add, cents } from '../../domain/money';
import { apiLogIn, apiRegister, availableIn, axeViolations, demoOrigin, memberApi, runnerHeaders, signIn, startSignedIn } from './support';

const usd = (page: Page, token: string) => availableIn(page, token, 'USD');

test('a deal filed on a phone reaches meeting on its timeline; completed twice at once, the sponsor’s fee is credited once', async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const demo = await apiLogIn(page);
  const { me } = await memberApi<{ me: { refid: string } }>(page, demo.access_token, '{ me { refid } }');
  const member = await apiRegister(page, 'deals', { name: 'Marta Bondar', sponsor: me.refid });
  await startSignedIn(page, demoOrigin, member.session);
  await page.goto('/deals');
  await page.getByRole('tab', { name: 'New request' }).click();
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Next' }).click();
  await expect(main.getByTestId('deal-first_name')).toHaveAccessibleDescription('This field is required');
  expect(await axeViolations(page), 'the request form naming its problems, on a phone').toEqual([]);
  await main.getByRole('textbox', { name: /^First name/ }).fill('Marta');

  // Leaving the page keeps what was typed.
  await page.goto('/dashboard');
  await page.goto('/deals');
  await expect(main.getByRole('textbox', { name: /^First name/ })).toHaveValue('Marta');

  await main.getByRole('textbox', { name: /^Last name/ }).fill('Bondar');
  await main.getByRole('textbox', { name: /^Job/ }).fill('Dentist');
  await main.getByRole('combobox', { name: /^Marital status/ }).selectOption('married');
  await main.getByRole('combobox', { name: /^Kids/ }).selectOption('1');
  await main.getByRole('button', { name: 'Next' }).click();
  await main.getByRole('combobox', { name: /^Distance to the sea/ }).selectOption('first_line');
  await main.getByRole('combobox', { name: /^Payment scheme/ }).selectOption('cash');
  await main.getByRole('combobox', { name: /^Readiness/ }).selectOption('now');
  await main.getByRole('button', { name: 'Next' }).click();
  await main.getByRole('textbox', { name: /^Contacts/ }).fill('+34 600 123 456, mornings');
  expect(await axeViolations(page), 'the request form on a phone').toEqual([]);
  await main.getByRole('button', { name: 'Send the request' }).click();
  await expect(main.getByTestId('deal-filed')).toContainText(/Deal No\. \d+ is New\./);
  const dealId = /Deal No\. (\d+)/.exec((await main.getByTestId('deal-filed').textContent())!)![1]!;

  // The operator moves it to meeting: the timeline shows the date it got there.
  const moved = await page.request.post('/dev/deals/status', { data: { deal_id: dealId, status: 'meeting' }, headers: runnerHeaders });
  expect(moved.ok()).toBe(true);
  await page.reload();
  await page.getByRole('tab', { name: 'My deals' }).click();
  const timeline = main.getByTestId(`deal-${dealId}-timeline`);
  await expect(main.getByTestId(`deal-${dealId}`).getByText('Meeting', { exact: true }).first()).toBeVisible();
  await expect(timeline.locator('[data-stage="meeting"]')).toHaveAttribute('data-reached', 'true');
  await expect(timeline.locator('[data-stage="completed"]')).toHaveAttribute('data-reached', 'false');
  expect(await axeViolations(page), 'my deals on a phone').toEqual([]);

  // Completed twice at once: one credit of the sponsor's referrer fee (10 % of the 6,000.00 fee).
  const before = await usd(page, demo.access_token);
  const completions = await Promise.all(
    [0, 1].map(() =>
      page.request.post('/dev/deals/status', {
        data: { deal_id: dealId, status: 'completed', transaction_amount: '200000.00', transaction_fee: '6000.00' },
        headers: runnerHeaders,
      }),
    ),
  );
  expect(completions.filter((response) => response.ok())).toHaveLength(1);
  expect(await usd(page, demo.access_token)).toBe(cents(add(before, '600.00')));
  await page.reload();
  await expect(main.getByTestId(`deal-${dealId}-amount`)).toHaveText(/^\$200\s?000\.00$/);
  await expect(main.getByTestId(`deal-${dealId}-referrer-fee`)).toHaveText('$600.00');

  // The sponsor sees it among team deals, with what they earned.
  const sponsor = await browser.newPage();
  await signIn(sponsor);
  await sponsor.goto('/deals?tab=team');
  const teamDeal = sponsor.getByRole('main').getByTestId(`deal-${dealId}`);
  await expect(teamDeal).toContainText('Marta B.');
  await expect(teamDeal.getByTestId(`deal-${dealId}-referrer-fee`)).toHaveText('$600.00');
  await expect(teamDeal).toContainText('Credited');
  await expect(teamDeal).not.toContainText('+34 600');
});

test('the demo member’s deals and team deals pass axe at desktop width', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/deals');
  await expect(page.getByTestId('deals-mine')).toBeVisible();
  expect(await axeViolations(page), 'my deals').toEqual([]);
  await page.getByRole('tab', { name: 'Team deals' }).click();
  await expect(page.getByTestId('deals-team')).toBeVisible();
  expect(await axeViolations(page), 'team deals').toEqual([]);
});
