// Licenses and the roadmap (issue 30) on the Demo Portal. A member who bought Portfolio Tracker Pro (3 licenses)
// requests one: it joins the list as pending and the stock shows one less; the operator accepts it (dev control)
// and the key shows with its copy button. A member with no products is told why before (instead of) the form. On
// the roadmap a member votes for an item and takes the vote back. Both pages pass axe at phone and desktop widths.
import { expect, test } from '@playwright/test';
import { apiRegister, axeViolations, devControl, signIn, startSignedIn, demoOrigin } from './support';
import { buyLicensedProduct, licenseRequestsOf } from './licenses-support';

test('a license request joins the list as pending, the operator accepts it and the key shows with a copy button', async ({ page, request, context }) => {
  const { session } = await apiRegister(page, 'licenses');
  await buyLicensedProduct(page, request, session.access_token, 'Portfolio Tracker Pro');
  await startSignedIn(page, demoOrigin, session);
  await page.goto('/licenses');
  const form = page.getByRole('region', { name: 'Request a license' });
  // The only product with licenses left is chosen already.
  await expect(form.getByRole('combobox', { name: /^Product/ })).toHaveValue(/.+/);
  await expect(form.getByRole('combobox', { name: /^Product/ }).locator('option:checked')).toHaveText('Portfolio Tracker Pro (3 left)');
  await expect(page.getByTestId('license-requests-empty')).toHaveText('No license requests yet.');
  await form.getByRole('textbox', { name: /^Broker account number/ }).fill('U 1000');
  await form.getByRole('button', { name: 'Request a license' }).click();
  await expect(form.getByRole('textbox', { name: /^Broker account number/ })).toHaveAccessibleDescription(/Use letters, digits, dots and dashes only/);
  await form.getByRole('textbox', { name: /^Broker account number/ }).fill('U-1000');
  await form.getByRole('textbox', { name: /^Comment/ }).fill('For my desk.');
  await form.getByRole('button', { name: 'Request a license' }).click();

  const card = page.getByRole('article', { name: 'Portfolio Tracker Pro' });
  await expect(card).toContainText('U-1000');
  await expect(card).toContainText('Pending');
  await expect(form.getByTestId('license-created')).toContainText('Your request for Portfolio Tracker Pro is sent');
  await expect(form.getByRole('textbox', { name: /^Broker account number/ })).toHaveValue('');
  await expect(form.getByRole('combobox', { name: /^Product/ }).locator('option:checked')).toHaveText('Portfolio Tracker Pro (2 left)');

  const [made] = await licenseRequestsOf(page, session.access_token);
  const decided = await devControl(request, '/dev/licenses/status', { request_id: made!.id, status: 'accepted' });
  const { license_key: key } = (await decided.json()) as { license_key: string };
  await page.reload();
  await expect(card).toContainText('Accepted');
  await expect(card.getByTestId('license-key')).toContainText(key);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: 'Copy the license key' }).click();
  await expect(card.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
});

test('a member with no products is told why before the form, with the way to the products', async ({ page }) => {
  const { session } = await apiRegister(page, 'licenses');
  await startSignedIn(page, demoOrigin, session);
  await page.goto('/licenses');
  const panel = page.getByRole('region', { name: 'Request a license' });
  await expect(panel.getByTestId('license-refusal')).toContainText('A license request is impossible when no products are bought.');
  await expect(panel.getByRole('button', { name: 'Request a license' })).toHaveCount(0);
  await panel.getByRole('link', { name: 'See the products' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('a vote for a roadmap item counts at once and stays; a second click takes it back; the items follow the language switch', async ({ page }) => {
  const { session } = await apiRegister(page, 'roadmap');
  await startSignedIn(page, demoOrigin, session);
  await page.goto('/roadmap');
  const item = page.getByRole('region', { name: 'Planned' }).getByRole('article').first();
  const title = (await item.getByRole('heading').textContent())!;
  const vote = item.getByRole('button', { name: `Vote for ${title}` });
  const count = async () => Number((await item.getByTestId('roadmap-votes').textContent())!.match(/\d+/)![0]);
  await expect(vote).toHaveAttribute('aria-pressed', 'false');
  const before = await count();
  await vote.click();
  await expect(vote).toHaveAttribute('aria-pressed', 'true');
  await expect(item.getByTestId('roadmap-votes')).toHaveText(`${before + 1} vote${before + 1 === 1 ? '' : 's'}`);
  await page.reload();
  await expect(vote).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(count).toBe(before + 1);
  await vote.click();
  await expect(vote).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(vote).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(count).toBe(before);

  // The items come in the language the header's switch chose (the tenant wrote a Russian text for this one).
  await expect(page.getByRole('heading', { name: 'Mobile app' })).toBeVisible();
  await page.getByTestId('language-switch').selectOption('ru');
  await expect(page.getByRole('heading', { name: 'Мобильное приложение' })).toBeVisible();
});

for (const [name, size] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test(`the licenses page (its form or refusal, an accepted key) and the roadmap pass axe at ${name} width`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page);
    await page.goto('/licenses');
    await expect(page.getByTestId('license-key').first()).toBeVisible();
    expect(await axeViolations(page), '/licenses').toEqual([]);
    await page.goto('/roadmap');
    await expect(page.getByRole('region', { name: 'Done' })).toBeVisible();
    expect(await axeViolations(page), '/roadmap').toEqual([]);
  });
}
