// Buying raffle tickets: the model's paths on the Demo Portal's real raffle page, each as a new member. The path's
// first load says which page it opens, for real: the Premium Gold Raffle on sale to a member with Pro (it gives
// access) and 1,000 USDT (100 tickets, at most 20 a member: room for every path's tickets), the drawn Autumn Raffle,
// the Premium Gold Raffle as a member with no tariff (blocked), or a raffle that does not exist. A purchase that goes
// through is the server's own. What the server cannot answer at that step is staged from its own answer: a later
// load that finds the raffle changed (drawn, blocked, gone), a refusal "sold out" for a raffle with tickets left; a
// failed call is the network failing.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { RafflePage } from '../../machines/lotteries/buy-tickets.types';
import { buyTicketsModel } from '../models/buy-tickets.model';
import { demoOrigin, whiteLabelUuid } from '../e2e/support';
import { serverRefusal, type MachineDriver, type PathContext } from './driver';
import { fundWithTariff, memberCall, notice, signInFor } from './support';

type Variant = 'onSale' | 'drawn' | 'blocked' | 'missing';

const variantOf = (page: RafflePage): Variant =>
  !page.raffle ? 'missing' : page.raffle.status !== 'active' ? 'drawn' : page.raffle.viewerCanEnter ? 'onSale' : 'blocked';

const loadVariants = (ctx: PathContext): Variant[] =>
  ctx.path.path.steps
    .map((step) => step.event as { type: string; output?: RafflePage })
    .filter((event) => event.type === 'xstate.done.actor.loadPage')
    .map((event) => variantOf(event.output!));

const quantityField = (ctx: PathContext) => ctx.page.getByRole('textbox', { name: /^Tickets/ });
const panel = (ctx: PathContext) => ctx.page.getByRole('region', { name: 'Buy tickets' });
const button = (ctx: PathContext, name: string) => ctx.page.getByRole('main').getByRole('button', { name, exact: true });

/** A raffle's answer changed to what a load of `variant` finds (from the server's own answer). */
function changed(variant: Variant) {
  return (answer: any) => {
    const lottery = answer?.data?.moduleLottery;
    if (!lottery) return answer;
    if (variant === 'missing') return serverRefusal('not_found', 'NotFound', 'No such raffle.');
    if (variant === 'drawn') return { data: { moduleLottery: { ...lottery, status: 'filled', viewer_can_enter: false, viewer_reason: 'SoldOut' } } };
    if (variant === 'blocked') return { data: { moduleLottery: { ...lottery, viewer_can_enter: false, viewer_reason: 'PremiumRequired' } } };
    return answer;
  };
}

export const buyTicketsDriver: MachineDriver = {
  name: 'buy-tickets',
  model: buyTicketsModel,
  operations: { loadPage: 'Lottery', buyTickets: 'LotteryBuyTickets' },
  async prepare(ctx) {
    const first = loadVariants(ctx)[0] ?? 'onSale';
    ctx.state.real = first;
    await signInFor(ctx, 'empty');
    if (first === 'onSale') await fundWithTariff(ctx, 'Pro', '1000');
    const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
    const { moduleLotteries: raffles } = await memberCall<{ moduleLotteries: { id: string; name: string; status: string }[] }>(
      ctx,
      'query ($uuid: ID!) { moduleLotteries(whitelabel_uuid: $uuid, status: null) { id name status } }',
      { uuid },
    );
    const premium = raffles.find((raffle) => raffle.name === 'Premium Gold Raffle')!;
    const drawn = raffles.find((raffle) => raffle.status === 'finished')!;
    ctx.state.raffleId = first === 'missing' ? '999999' : first === 'drawn' ? drawn.id : premium.id;
    ctx.state.raffleName = first === 'drawn' ? drawn.name : premium.name;
  },
  async open(ctx) {
    await ctx.page.goto(`${demoOrigin}/lotteries/${ctx.state.raffleId}`);
  },
  gestures: {
    'quantity.change': async (ctx, event: { value: string }) => {
      // What the field does not take (a leading zero) is typed key by key and dropped as it is typed.
      await quantityField(ctx).fill('');
      if (event.value) await quantityField(ctx).pressSequentially(event.value);
    },
    'buy.submit': (ctx) => button(ctx, 'Continue').click(),
    'buy.back': (ctx) => button(ctx, 'Back').click(),
    'buy.confirm': (ctx) => button(ctx, 'Confirm and buy').click(),
    'buy.again': (ctx) => button(ctx, 'Buy more').click(),
    'load.retry': (ctx) => button(ctx, 'Try again').click(),
  },
  answers: {
    'xstate.done.actor.loadPage': async (ctx, event: { output: RafflePage }) => {
      const variant = variantOf(event.output);
      if (variant === ctx.state.real) return ctx.wire.clear('Lottery');
      ctx.staged(`the raffle found ${variant} on a later load`);
      ctx.wire.stage('Lottery', changed(variant), true);
    },
    'xstate.error.actor.loadPage': async (ctx) => ctx.wire.failOnce('Lottery'),
    'xstate.done.actor.buyTickets': async (ctx, event: { output: { ok: boolean } }) => {
      if (event.output.ok) return ctx.wire.clear('LotteryBuyTickets');
      ctx.staged('the raffle sold out between the page and Confirm');
      ctx.wire.stage('LotteryBuyTickets', () => serverRefusal('conflict', 'SoldOut', 'Only 1 tickets are left.'), true);
    },
    'xstate.error.actor.buyTickets': async (ctx) => ctx.wire.failOnce('LotteryBuyTickets'),
  },
  delays: {},
  isPassing: (snapshot) =>
    snapshot.hasTag('loading') || snapshot.matches({ ready: 'buying' }) || snapshot.matches({ ready: 'refreshing' }) || snapshot.matches({ ready: { bought: 'reloading' } }),
  screenName: (snapshot: AnyMachineSnapshot) => {
    const value = snapshot.value as string | { ready: string | { bought: string } };
    const name = typeof value === 'string' ? value : typeof value.ready === 'string' ? value.ready : 'bought';
    return `${name}${snapshot.context.quantityError ? `-${snapshot.context.quantityError}` : ''}`;
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    const main = ctx.page.getByRole('main');
    if (snapshot.matches('loadFailed')) {
      await expect(main.getByRole('alert')).toContainText('The raffle could not be loaded.', now);
      return;
    }
    if (snapshot.matches('missing')) {
      await expect(main).toContainText('This portal has no such raffle.', now);
      await expect(main.getByRole('link', { name: 'See all raffles' })).toBeVisible(now);
      return;
    }
    await expect(main.getByRole('heading', { name: ctx.state.raffleName, exact: true })).toBeVisible(now);
    await expect(main.getByTestId('raffle-tickets-left')).toContainText('tickets left', now);
    if (snapshot.matches({ ready: 'closed' })) {
      await expect(panel(ctx)).toHaveCount(0, now);
      await expect(main.getByTestId('raffle-result')).toBeVisible(now);
      return;
    }
    if (snapshot.matches({ ready: 'blocked' })) {
      await expect(panel(ctx).getByTestId('buy-blocked')).toContainText('This raffle is for members with a premium tariff.', now);
      await expect(panel(ctx).getByRole('link', { name: 'See the tariffs' })).toBeVisible(now);
      return;
    }
    if (snapshot.matches({ ready: 'bought' })) {
      await expect(panel(ctx).getByTestId('buy-done')).toContainText(/Your tickets: #\d+/, now);
      return;
    }
    await expect(quantityField(ctx)).toHaveValue(context.quantity, now);
    if (context.quantityError === 'required') await expect(panel(ctx)).toContainText('Enter how many tickets', now);
    if (context.quantityError === 'max') await expect(panel(ctx)).toContainText('You can buy at most', now);
    if (snapshot.matches({ ready: 'confirming' })) {
      await expect(panel(ctx).getByTestId('buy-confirmation')).toContainText(`${ctx.state.raffleName}: ${context.quantity} × $25.00`, now);
      await expect(button(ctx, 'Confirm and buy')).toBeEnabled(now);
    } else {
      await expect(panel(ctx).getByTestId('buy-confirmation')).toHaveCount(0, now);
    }
    if (snapshot.matches({ ready: 'choosing' })) await expect(button(ctx, 'Continue')).toBeEnabled(now);
    if (context.error) await expect(notice(ctx).first()).toBeVisible(now);
  },
};
