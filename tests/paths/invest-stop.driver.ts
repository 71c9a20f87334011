// Stopping an investment plan early: the model's paths on the real investments page as the demo member, on
// Starter plans of 100 USDT made through the API before the walk (one per opening of the dialog, so each
// opening finds an active plan). Quotes and stops are the server's own: a plan stopped at once pays 88.80 and
// gives up 11.20 of its 112.00. A plan that has finished meanwhile is staged from the server's refusal; a failed
// call is the network failing. The walk's plans still active afterwards are stopped before the next path.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { investStopModel } from '../models/invest-stop.model';
import { serverRefusal, type MachineDriver, type PathContext } from './driver';
import { notice, signInFor } from './support';
import { activateStarter, errorJustSet, investPage, stopPlans } from './invest-support';

const dialog = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: 'Stop Starter early?' });
const finishedRefusal = serverRefusal('conflict', 'InvestmentFinished', 'This plan has finished.');

/** Plans the walks made, stopped before the next path. */
const made: string[] = [];

export const investStopDriver: MachineDriver = {
  name: 'invest-stop',
  model: investStopModel,
  operations: { quoteStop: 'InvestStopQuote', stopPlan: 'InvestStop' },
  async prepare(ctx) {
    await signInFor(ctx, 'demo');
    await stopPlans(ctx, made.splice(0));
    const openings = ctx.path.path.steps.filter((step) => step.event.type === 'dialog.open').length;
    for (let index = 0; index < openings; index += 1) made.push(await activateStarter(ctx));
  },
  async open(ctx) {
    await ctx.page.goto('/investments');
    await expect(investPage.myPlanCards(ctx).first()).toBeVisible();
  },
  gestures: {
    // The newest active plan (the list is newest first): one the walk made.
    'dialog.open': (ctx) => investPage.myPlanCards(ctx).first().getByRole('button', { name: 'Stop early' }).click(),
    retry: (ctx) => dialog(ctx).getByRole('button', { name: 'Try again' }).click(),
    'stop.confirm': (ctx) => dialog(ctx).getByRole('button', { name: 'Stop the plan' }).click(),
    'dialog.close': async (ctx) => {
      for (const name of ['Keep the plan', 'Cancel']) {
        const button = dialog(ctx).getByRole('button', { name });
        if ((await button.count()) && (await button.isEnabled())) return button.click();
      }
      await dialog(ctx).getByRole('button', { name: 'Close' }).first().click();
    },
  },
  answers: {
    'xstate.done.actor.quoteStop': async (ctx, event) => {
      if ((event.output as { ok: boolean }).ok) return ctx.wire.clear('InvestStopQuote');
      ctx.staged('the plan finished meanwhile: it is active');
      ctx.wire.stage('InvestStopQuote', () => finishedRefusal, true);
    },
    'xstate.error.actor.quoteStop': async (ctx) => ctx.wire.failOnce('InvestStopQuote'),
    'xstate.done.actor.stopPlan': async (ctx, event) => {
      if ((event.output as { ok: boolean }).ok) return ctx.wire.clear('InvestStop');
      ctx.staged('the plan finished meanwhile: it is active (the stop goes through, the page is told it had finished)');
      ctx.wire.stage('InvestStop', () => finishedRefusal, true);
    },
    'xstate.error.actor.stopPlan': async (ctx) => ctx.wire.failOnce('InvestStop'),
  },
  delays: {},
  isPassing: () => false,
  screenName: (snapshot: AnyMachineSnapshot) => {
    const value = snapshot.value as string | { open: string };
    const name = typeof value === 'string' ? value : `open-${value.open}`;
    return `${name}${snapshot.context.error && name === 'open-reviewing' ? '-error' : ''}`;
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    if (snapshot.matches('closed')) {
      await expect(investPage.myPlans(ctx)).toBeVisible(now);
      await expect(dialog(ctx)).toHaveCount(0, now);
      return;
    }
    const body = dialog(ctx);
    await expect(body).toBeVisible(now);
    if (snapshot.matches({ open: 'quoting' })) {
      await expect(body.getByRole('status')).toHaveText(/Working out what stopping now pays/, now);
      return;
    }
    if (snapshot.matches({ open: 'quoteFailed' })) {
      await expect(body.getByRole('alert')).toHaveText('What stopping now pays could not be worked out.', now);
      await expect(notice(ctx).first()).toBeVisible(now);
      return;
    }
    if (snapshot.matches({ open: 'finished' })) {
      await expect(body.getByRole('alert')).toHaveText('Nothing was stopped. The list shows how the plan ended.', now);
      await expect(notice(ctx, 'This plan has already finished.').first()).toBeVisible(now);
      return;
    }
    if (snapshot.matches({ open: 'stopped' })) {
      await expect(body.getByTestId('stop-result')).toHaveText('The plan is stopped: $88.80 went to your balance, the penalty was $11.20.', now);
      return;
    }
    // Before agreeing: what they get now, what they give up, what they would have had.
    await expect(body.getByTestId('stop-payout')).toHaveText('$88.80', now);
    await expect(body.getByTestId('stop-penalty')).toHaveText('$11.20', now);
    await expect(body.getByTestId('stop-final')).toHaveText('$112.00', now);
    const confirm = body.getByRole('button', { name: 'Stop the plan' });
    if (snapshot.matches({ open: 'stopping' })) await expect(confirm).toHaveAttribute('data-loading', 'true', now);
    else await expect(confirm).toBeEnabled(now);
    if (errorJustSet(ctx, snapshot)) await expect(notice(ctx).first()).toBeVisible(now);
  },
};
