// Buying a coin from a merchant: the model paths on the Demo Portal's real merchant page, as the demo member
// (1 250.50 USDT). The coin is SOL (sold), or DOGE where the path's tenant does not sell the coin. The server's
// own answers throughout, but one: a quote that expires on the server between the page's price and Buy (the
// server's 15 minutes run on its own clock, which the page's Playwright clock does not move) is staged from the
// server's refusal. Buy makes the real invoice and opens it to pay; a failed call is the network failing.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { merchantBuyModel } from '../models/merchant-buy.model';
import { exchangeRateLock } from '../../domain/timing';
import { demoOrigin } from '../e2e/support';
import { serverRefusal, type MachineDriver, type PathContext } from './driver';
import { notice, signInFor } from './support';

const amountField = (ctx: PathContext) => ctx.page.getByRole('textbox', { name: /^You pay \(USDT\)/ });
const button = (ctx: PathContext, name: string) => ctx.page.getByRole('main').getByRole('button', { name, exact: true });
const quoteExpired = serverRefusal('conflict', 'QuoteExpired', 'This price has expired. Get a new quote to buy at the current rate.');

/** Whether the path's tenant sells the coin (the model's load answers the coin, or none). */
const sells = (ctx: PathContext) =>
  !ctx.path.path.steps.some((step) => {
    const event = step.event as { type: string; output?: { asset?: unknown } };
    return event.type === 'xstate.done.actor.loadOffer' && event.output?.asset === null;
  });

export const merchantBuyDriver: MachineDriver = {
  name: 'merchant-buy',
  model: merchantBuyModel,
  operations: { loadOffer: 'MerchantAssets', getQuote: 'MerchantQuote', buyQuote: 'MerchantBuy' },
  async prepare(ctx) {
    ctx.state.symbol = sells(ctx) ? 'SOL' : 'DOGE';
    await signInFor(ctx, 'demo');
  },
  async open(ctx) {
    await ctx.page.goto(`${demoOrigin}/merchants/buy/${ctx.state.symbol}`);
  },
  gestures: {
    'amount.change': async (ctx, event: { value: string }) => {
      // What the field does not take (a leading zero) is typed key by key and dropped as it is typed.
      await amountField(ctx).fill('');
      if (event.value) await amountField(ctx).pressSequentially(event.value);
    },
    'quote.request': (ctx) => button(ctx, 'Get a price').click(),
    'quote.buy': (ctx) => button(ctx, 'Buy and pay').click(),
    'quote.refresh': (ctx) => button(ctx, 'Get a new price').click(),
    'amount.edit': (ctx) => button(ctx, 'Change the amount').click(),
    'load.retry': (ctx) => button(ctx, 'Try again').click(),
  },
  answers: {
    'xstate.done.actor.loadOffer': async (ctx) => ctx.wire.clear('MerchantAssets'),
    'xstate.error.actor.loadOffer': async (ctx) => ctx.wire.failOnce('MerchantAssets'),
    'xstate.done.actor.getQuote': async (ctx) => ctx.wire.clear('MerchantQuote'),
    'xstate.error.actor.getQuote': async (ctx) => ctx.wire.failOnce('MerchantQuote'),
    'xstate.done.actor.buyQuote': async (ctx, event: { output: { ok: boolean } }) => {
      if (event.output.ok) return ctx.wire.clear('MerchantBuy');
      ctx.staged('the quote expired on the server');
      ctx.wire.stage('MerchantBuy', () => quoteExpired, true);
    },
    'xstate.error.actor.buyQuote': async (ctx) => ctx.wire.failOnce('MerchantBuy'),
  },
  delays: {
    'xstate.after.quoteLock.': async (ctx) => ctx.page.clock.fastForward(exchangeRateLock + 1_000),
  },
  isPassing: (snapshot) => snapshot.hasTag('busy') || snapshot.hasTag('loading'),
  screenName: (snapshot: AnyMachineSnapshot) => `${String(snapshot.value)}${snapshot.context.amountError ? `-${snapshot.context.amountError}` : ''}`,
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    const main = ctx.page.getByRole('main');
    if (snapshot.matches('paying')) {
      await expect(ctx.page).toHaveURL(/\/invoice\/[^/?]+\?pay=true$/, now);
      await expect(ctx.page.getByRole('dialog', { name: /^Pay invoice INV-/ })).toBeVisible(now);
      return;
    }
    if (snapshot.matches('loadFailed')) {
      await expect(main.getByRole('alert')).toContainText('The price could not be loaded.', now);
      return;
    }
    if (snapshot.matches('notSold')) {
      await expect(main).toContainText('This portal does not sell DOGE.', now);
      await expect(main.getByRole('link', { name: 'Go to Balance' })).toBeVisible(now);
      return;
    }
    await expect(main.getByRole('heading', { name: 'Buy Solana (SOL)' })).toBeVisible(now);
    await expect(amountField(ctx)).toHaveValue(context.amount, now);
    if (context.amountError === 'min') await expect(main).toContainText('The minimum amount is 10 USDT', now);
    if (context.amountError === 'required') await expect(main).toContainText('Enter the amount', now);
    if (snapshot.matches('quoted')) {
      await expect(main.getByTestId('merchant-quote-rate')).toHaveText(/^1 SOL = \$150\.00$/, now);
      await expect(main.getByTestId('merchant-quote-get')).toHaveText('You get 1 SOL', now);
      await expect(main.getByTestId('merchant-lock')).toHaveText(/^Price held for 1[45]:\d\d$/, now);
      await expect(button(ctx, 'Buy and pay')).toBeEnabled(now);
    } else {
      await expect(main.getByTestId('merchant-quote')).toHaveCount(0, now);
    }
    if (snapshot.matches('expired')) await expect(main.getByTestId('merchant-expired')).toContainText('This price has expired', now);
    if (snapshot.matches('editing')) await expect(button(ctx, 'Get a price')).toBeEnabled(now);
    // A failed call is said in the notifier; an expired price says so on the page instead.
    if (context.error && !snapshot.matches('expired')) await expect(notice(ctx).first()).toBeVisible(now);
  },
};
