// Activating an investment plan: the model's paths on the real investments page as the demo member (USDT
// balance), through Starter's Activate (or the calculator's, which opens the dialog at once with Starter and
// 100 USDT). An activation that goes through is the server's own, and every plan the walk made is stopped
// again before the next path (the balance gets the payout back). A balance too small is staged from the
// server's refusal (the demo member's balance covers the path's amounts); a failed call is the network failing.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { investActivateModel } from '../models/invest-activate.model';
import { serverRefusal, type MachineDriver, type PathContext } from './driver';
import { notice, signInFor } from './support';
import { demoPlanId, errorJustSet, investPage, stopPlans } from './invest-support';

const dialog = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: 'Activate Starter' });
const amountField = (ctx: PathContext) => dialog(ctx).getByRole('textbox', { name: 'Amount, USDT' });
const amountErrors: Record<string, string | RegExp> = {
  required: 'Enter the amount to invest.',
  min: 'The minimum for this plan is $100.00.',
  max: /The maximum for this plan is \$10\s000\.00\./,
};

/** Plans the walks made, stopped before the next path so the balance lasts. */
const made: string[] = [];

export const investActivateDriver: MachineDriver = {
  name: 'invest-activate',
  model: investActivateModel,
  operations: { activatePlan: 'InvestActivate' },
  async prepare(ctx) {
    await signInFor(ctx, 'demo');
    await stopPlans(ctx, made.splice(0));
    ctx.state.starterId = await demoPlanId(ctx, 'Starter');
    // Every plan the page makes is noted, to be stopped before the next path.
    ctx.page.on('response', async (response) => {
      if (!response.url().endsWith('/graphql') || !/InvestActivate/.test(response.request().postData() ?? '')) return;
      const id = (await response.json().catch(() => null))?.data?.moduleInvestActivate?.id;
      if (id) made.push(id);
    });
  },
  async open(ctx) {
    const prefill = ctx.path.input as { prefill: { amount: string } | null };
    await ctx.page.goto(prefill.prefill ? `/investments?plan=${ctx.state.starterId}&amount=${prefill.prefill.amount}` : '/investments');
    await expect(investPage.planCard(ctx, 'Starter')).toBeVisible();
  },
  gestures: {
    'dialog.open': (ctx) => investPage.planCard(ctx, 'Starter').getByRole('button', { name: 'Activate' }).click(),
    'amount.change': (ctx, event: { value: string }) => amountField(ctx).fill(event.value),
    'activate.submit': (ctx) => dialog(ctx).getByRole('button', { name: 'Continue' }).click(),
    'activate.back': (ctx) => dialog(ctx).getByRole('button', { name: 'Back' }).click(),
    'activate.confirm': (ctx) => dialog(ctx).getByRole('button', { name: 'Confirm and invest' }).click(),
    'dialog.close': async (ctx) => {
      const cancel = dialog(ctx).getByRole('button', { name: 'Cancel' });
      if (await cancel.count()) return cancel.click();
      await dialog(ctx).getByRole('button', { name: 'Close' }).first().click();
    },
  },
  answers: {
    'xstate.done.actor.activatePlan': async (ctx, event) => {
      const output = event.output as { ok: boolean; reason?: string };
      if (output.ok) return ctx.wire.clear('InvestActivate');
      ctx.staged('the balance too small: the demo member has enough for the amount');
      ctx.wire.stage('InvestActivate', () => serverRefusal('conflict', 'InsufficientBalance', 'Insufficient balance for an invoice.'), true);
    },
    'xstate.error.actor.activatePlan': async (ctx) => ctx.wire.failOnce('InvestActivate'),
  },
  delays: {},
  isPassing: () => false,
  screenName: (snapshot: AnyMachineSnapshot) => {
    const value = snapshot.value as string | { open: string };
    const name = typeof value === 'string' ? value : `open-${value.open}`;
    return `${name}${snapshot.context.amountError ? `-${snapshot.context.amountError}` : ''}${snapshot.context.error ? '-error' : ''}`;
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    if (snapshot.matches('closed')) {
      await expect(investPage.planCard(ctx, 'Starter').getByRole('button', { name: 'Activate' })).toBeVisible(now);
      await expect(dialog(ctx)).toHaveCount(0, now);
      return;
    }
    await expect(dialog(ctx)).toBeVisible(now);
    if (snapshot.matches({ open: 'editing' })) {
      await expect(amountField(ctx)).toHaveValue(context.amount, now);
      if (context.amountError) await expect(dialog(ctx)).toContainText(amountErrors[context.amountError]!, now);
      if (context.error?.reason === 'InsufficientBalance' && errorJustSet(ctx, snapshot)) await expect(notice(ctx, 'Insufficient balance for an invoice.').first()).toBeVisible(now);
      return;
    }
    if (snapshot.matches({ open: 'activated' })) {
      await expect(dialog(ctx).getByRole('status')).toContainText('Your plan Starter is active: $100.00', now);
      return;
    }
    // Confirming (and the call under way): what is invested and what the plan pays at its term.
    await expect(dialog(ctx).getByTestId('activate-amount')).toHaveText('$100.00', now);
    await expect(dialog(ctx).getByTestId('activate-final')).toHaveText('$112.00', now);
    const confirm = dialog(ctx).getByRole('button', { name: 'Confirm and invest' });
    if (snapshot.matches({ open: 'activating' })) await expect(confirm).toHaveAttribute('data-loading', 'true', now);
    else await expect(confirm).toBeEnabled(now);
    if (errorJustSet(ctx, snapshot)) await expect(notice(ctx).first()).toBeVisible(now);
  },
};
