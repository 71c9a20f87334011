// Lotteries (issue 29) on the Demo Portal: the demo member buys 2 tickets of the Demo Raffle (5 USDT each): their
// numbers show at once and in My lotteries; another member buys the rest, so the raffle is filled; the draw job
// draws it once; whoever holds the winning ticket gets the 80 USDT prize (checked on the balance of each member the
// test holds); "Verify the draw" says the published seed and winners match. The pages pass axe at phone and
// desktop widths.
import { expect, test, type Page } from '@playwright/test';
import { add, cents } from '../../domain/money';
import { apiRegister, availableIn, axeViolations, demoOrigin, devControl, memberApi, signIn, whiteLabelUuid } from './support';

const usdt = (page: Page, token: string) => availableIn(page, token, 'USDT');

test('2 tickets bought show at once and in My lotteries; filled by another member, drawn once, the prize paid, the draw verifies', async ({ page, request }) => {
  const demo = await signIn(page);
  const uuid = await whiteLabelUuid(page, demoOrigin);
  await page.goto('/lotteries');
  await page.getByRole('article', { name: 'Demo Raffle' }).getByRole('link', { name: 'Buy tickets' }).click();
  const panel = page.getByRole('region', { name: 'Buy tickets' });
  await panel.getByRole('textbox', { name: /^Tickets/ }).fill('2');
  await panel.getByRole('button', { name: 'Continue' }).click();
  await expect(panel.getByTestId('buy-confirmation')).toContainText('Demo Raffle: 2 × $5.00 = $10.00, from your balance.');
  expect(await axeViolations(page), 'the raffle page, confirming').toEqual([]);
  await panel.getByRole('button', { name: 'Confirm and buy' }).click();
  await expect(panel.getByTestId('buy-done')).toContainText(/Your tickets: #\d+, #\d+/);
  const mine = (await panel.getByTestId('buy-done').textContent())!.match(/#(\d+)/g)!.map((ticket) => Number(ticket.slice(1)));
  await page.getByRole('link', { name: 'My lotteries' }).first().click();
  const row = page.getByTestId('entries').getByRole('row').filter({ hasText: 'Demo Raffle' });
  await expect(row.getByTestId('entry-tickets')).toHaveText(mine.map((ticket) => `#${ticket}`).join(', '));
  await expect(row.getByTestId('entry-result')).toHaveText('Not drawn yet');

  // Another member buys every ticket left (at most 10 each), through the API.
  const other = await apiRegister(page, 'raffle');
  const { depositFunds } = await memberApi<{ depositFunds: { id: string } }>(page, other.session.access_token, 'mutation { depositFunds(amount: "100", currency: "USDT") { id } }');
  await memberApi(page, other.session.access_token, 'mutation ($u: ID!, $id: ID!) { setInvoiceGateway(whitelabel_uuid: $u, invoice_id: $id, gateway: "bank_transfer") { id } }', { u: uuid, id: depositFunds.id });
  await devControl(request, '/dev/gateway/confirm', { invoice_id: depositFunds.id });
  const raffle = await memberApi<{ moduleLotteries: { id: string; name: string; tickets_total: number; tickets_sold: number }[] }>(
    page,
    other.session.access_token,
    'query ($u: ID!) { moduleLotteries(whitelabel_uuid: $u, status: "active") { id name tickets_total tickets_sold } }',
    { u: uuid },
  ).then((answer) => answer.moduleLotteries.find((entry) => entry.name === 'Demo Raffle')!);
  const bought = await memberApi<{ moduleLotteryBuyTickets: { tickets: number[] } }>(
    page,
    other.session.access_token,
    'mutation ($u: ID!, $id: ID!, $qty: Int!) { moduleLotteryBuyTickets(whitelabel_uuid: $u, raffle_id: $id, qty: $qty) { tickets } }',
    { u: uuid, id: raffle.id, qty: raffle.tickets_total - raffle.tickets_sold },
  );
  const before = { demo: await usdt(page, demo.access_token), other: await usdt(page, other.session.access_token) };

  // The draw job, twice at once: one draw, one prize.
  await Promise.all([devControl(request, '/dev/jobs/run', { job: 'lotteries.draw' }), devControl(request, '/dev/jobs/run', { job: 'lotteries.draw' })]);
  await page.goto(`/lotteries/${raffle.id}`);
  const winners = page.getByTestId('winners');
  await expect(winners).toBeVisible();
  const winning = Number((await winners.getByRole('row').nth(1).getByRole('cell').nth(1).textContent())!.replace('#', ''));
  const prize = '80.00';
  expect(await usdt(page, demo.access_token)).toBe(mine.includes(winning) ? cents(add(before.demo, prize)) : before.demo);
  expect(await usdt(page, other.session.access_token)).toBe(bought.moduleLotteryBuyTickets.tickets.includes(winning) ? cents(add(before.other, prize)) : before.other);

  await page.getByRole('button', { name: 'Verify the draw' }).click();
  await expect(page.getByTestId('proof-result')).toContainText('It matches');
  expect(await axeViolations(page), 'the drawn raffle with its proof').toEqual([]);
});

for (const [name, size] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test(`the lotteries, a premium raffle and My lotteries pass axe at ${name} width`, async ({ page }) => {
    await page.setViewportSize(size);
    await signIn(page);
    await page.goto('/lotteries');
    await expect(page.getByRole('article', { name: 'Premium Gold Raffle' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Premium Gold Raffle' }).getByTestId('raffle-blocked')).toContainText('It comes with Pro, Elite.');
    expect(await axeViolations(page), '/lotteries').toEqual([]);
    await page.getByRole('article', { name: 'Premium Gold Raffle' }).getByRole('link', { name: 'View' }).click();
    await expect(page.getByTestId('buy-blocked')).toContainText('This raffle is for members with a premium tariff.');
    expect(await axeViolations(page), 'a premium raffle').toEqual([]);
    await page.goto('/my-lotteries');
    await expect(page.getByRole('heading', { name: 'My lotteries', level: 1 })).toBeVisible();
    expect(await axeViolations(page), '/my-lotteries').toEqual([]);
  });
}
