// Investment plans and the ROI calculator (issue 27) as the demo member on the Demo Portal: Starter activated
// with 100 USDT from the balance is listed active; stopping it early shows the quote before agreeing (the 11.20
// penalty of the 112.00 final amount) and pays exactly what it said; the calculator estimates Starter with 100
// as the server accrues it; both pages are clean for axe at phone and desktop widths.
import { expect, test, type Page } from '@playwright/test';
import { add, cents, subtract } from '../../domain/money';
import { axeViolations, signIn } from './support';

/** The member's USDT balance, read from the page's own session. */
async function usdtAvailable(page: Page): Promise<string> {
  const body = await page.evaluate(async () => {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${window.localStorage.getItem('auth-token')}` },
      body: JSON.stringify({ query: '{ me { wallet_balance { currency available } } }' }),
    });
    return (await response.json()) as { data: { me: { wallet_balance: { currency: string; available: string }[] } } };
  });
  return cents(body.data.me.wallet_balance.find((wallet) => wallet.currency === 'USDT')!.available);
}

test('activating Starter with 100 USDT lists it active; stopping it early shows the 11.20 penalty and pays what the quote said', async ({ page }) => {
  await signIn(page);
  await page.goto('/investments');
  const before = await usdtAvailable(page);

  await page.getByRole('article', { name: 'Starter', exact: true }).getByRole('button', { name: 'Activate' }).click();
  const activate = page.getByRole('dialog', { name: 'Activate Starter' });
  await activate.getByRole('textbox', { name: 'Amount, USDT' }).fill('100');
  await activate.getByRole('button', { name: 'Continue' }).click();
  await expect(activate.getByTestId('activate-final')).toHaveText('$112.00');
  expect(await axeViolations(page), 'the Activate dialog').toEqual([]);
  await activate.getByRole('button', { name: 'Confirm and invest' }).click();
  await expect(activate.getByRole('status')).toContainText('Your plan Starter is active: $100.00');
  await activate.getByRole('button', { name: 'Close' }).last().click();
  expect(await usdtAvailable(page)).toBe(cents(subtract(before, '100')));

  // Listed active, newest first, with the three figures side by side.
  const plan = page.getByRole('region', { name: 'My plans' }).getByTestId('my-plan').first();
  await expect(plan).toContainText('Starter · $100.00');
  await expect(plan.getByTestId('figure-stop-now')).toHaveText('$88.80');
  await expect(plan.getByTestId('figure-at-term')).toHaveText('$112.00');
  await expect(plan.getByTestId('figure-received')).toHaveText('$0.00');

  await plan.getByRole('button', { name: 'Stop early' }).click();
  const stop = page.getByRole('dialog', { name: 'Stop Starter early?' });
  // The quote, before agreeing: what they get now, the penalty as an amount, what they would have had.
  await expect(stop.getByTestId('stop-payout')).toHaveText('$88.80');
  await expect(stop.getByTestId('stop-penalty')).toHaveText('$11.20');
  await expect(stop.getByTestId('stop-final')).toHaveText('$112.00');
  expect(await usdtAvailable(page), 'nothing moves before the member agrees').toBe(cents(subtract(before, '100')));
  expect(await axeViolations(page), 'the Stop early dialog').toEqual([]);
  await stop.getByRole('button', { name: 'Stop the plan' }).click();
  await expect(stop.getByTestId('stop-result')).toHaveText('The plan is stopped: $88.80 went to your balance, the penalty was $11.20.');
  expect(await usdtAvailable(page)).toBe(cents(add(subtract(before, '100'), '88.80')));
  await stop.getByRole('button', { name: 'Close' }).last().click();

  // Stopped early shows as finished, with its penalty.
  await page.getByRole('region', { name: 'My plans' }).locator('label[for$="-finished"]').click();
  const finished = page.getByRole('region', { name: 'My plans' }).getByTestId('my-plan').first();
  await expect(finished).toContainText('Stopped early');
  await expect(finished.getByTestId('figure-penalty')).toHaveText('$11.20');
});

test('the calculator estimates Starter with 100 USDT as the server accrues it: profit 12.00, final 112.00, penalty 11.20', async ({ page }) => {
  await signIn(page);
  await page.goto('/calculator');
  const figures = page.getByRole('region', { name: 'Your figures' });
  await figures.getByRole('textbox', { name: 'Amount' }).fill('100');
  await figures.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: 'Starter' }).click();
  await expect(page.getByTestId('estimate-profit')).toHaveText('$12.00');
  await expect(page.getByTestId('estimate-final')).toHaveText('$112.00');
  await expect(page.getByTestId('estimate-penalty')).toHaveText('$11.20');
  await expect(page.getByRole('note')).toContainText('This is an estimate');
  const schedule = page.getByRole('table', { name: 'Schedule per period' });
  await expect(schedule.getByRole('row')).toHaveCount(8);
  await expect(schedule.getByRole('row').last()).toContainText('$100.00');

  // Activate from the result: the investments page with Starter and 100 filled in.
  await page.getByRole('link', { name: 'Activate' }).click();
  const activate = page.getByRole('dialog', { name: 'Activate Starter' });
  await expect(activate.getByRole('textbox', { name: 'Amount, USDT' })).toHaveValue('100');
});

for (const [label, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const) {
  test(`the investments page and the calculator are clean for axe at ${label} width`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page);
    await page.goto('/investments');
    await expect(page.getByRole('article', { name: 'Starter', exact: true })).toBeVisible();
    expect(await axeViolations(page), '/investments').toEqual([]);
    await page.goto('/calculator');
    const figures = page.getByRole('region', { name: 'Your figures' });
    await figures.getByRole('textbox', { name: 'Amount' }).fill('100');
    await figures.getByRole('combobox', { name: 'Plan' }).click();
    await page.getByRole('option', { name: 'Starter' }).click();
    await expect(page.getByRole('table', { name: 'Schedule per period' })).toBeVisible();
    await expect(page.locator('.recharts-surface')).toBeVisible();
    expect(await axeViolations(page), '/calculator').toEqual([]);
  });
}
