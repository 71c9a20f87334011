// The investment plans page: the model's paths on the real page as the demo member. The lists are the server's
// own; a failed load is the network failing. "The lists changed" is what the page's dialogs tell it once they
// moved money: here the member activates Starter with 100 USDT through its dialog (every plan the walk made is
// stopped again before the next path, so the balance lasts).
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { investPlansModel } from '../models/invest-plans.model';
import type { MachineDriver, PathContext } from './driver';
import { notice, signInFor } from './support';
import { errorJustSet, investPage, stopPlans } from './invest-support';

const made: string[] = [];
const filterLabels: Record<string, string> = { active: 'Active', finished: 'Finished' };

async function activateThroughDialog(ctx: PathContext) {
  await investPage.planCard(ctx, 'Starter').getByRole('button', { name: 'Activate' }).click();
  const dialog = ctx.page.getByRole('dialog', { name: 'Activate Starter' });
  await dialog.getByRole('textbox', { name: 'Amount, USDT' }).fill('100');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Confirm and invest' }).click();
  await expect(dialog.getByRole('status')).toContainText('Your plan Starter is active');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toHaveCount(0);
}

export const investPlansDriver: MachineDriver = {
  name: 'invest-plans',
  model: investPlansModel,
  operations: { loadPlans: 'InvestPlans' },
  async prepare(ctx) {
    await signInFor(ctx, 'demo');
    await stopPlans(ctx, made.splice(0));
    ctx.page.on('response', async (response) => {
      if (!response.url().endsWith('/graphql') || !/InvestActivate/.test(response.request().postData() ?? '')) return;
      const id = (await response.json().catch(() => null))?.data?.moduleInvestActivate?.id;
      if (id) made.push(id);
    });
  },
  async open(ctx) {
    await ctx.page.goto('/investments');
  },
  gestures: {
    retry: (ctx) => ctx.page.getByRole('button', { name: 'Try again' }).click(),
    // The segmented control's radios are hidden behind their labels: the member clicks the label.
    'filter.change': (ctx, event: { status: string }) => investPage.myPlans(ctx).locator(`label[for$="-${event.status}"]`).click(),
    'plans.changed': async (ctx) => {
      // Money moved again while the lists reload: the page loads them afresh. Its new call waits on the wire in
      // place of the one it left (whose late answer the page ignores), until the path's answer lets it go.
      const again = ctx.before?.matches({ ready: 'refreshing' }) ?? false;
      if (again) ctx.wire.hold('InvestPlans');
      await activateThroughDialog(ctx);
      if (again) await ctx.wire.release('InvestPlans');
    },
  },
  answers: {
    'xstate.done.actor.loadPlans': async (ctx) => ctx.wire.clear('InvestPlans'),
    'xstate.error.actor.loadPlans': async (ctx) => ctx.wire.failOnce('InvestPlans'),
  },
  delays: {},
  isPassing: () => false,
  screenName: (snapshot: AnyMachineSnapshot) => {
    const value = snapshot.value as string | { ready: string };
    const name = typeof value === 'string' ? value : `ready-${value.ready}`;
    return typeof value === 'string' ? name : `${name}-${snapshot.context.filter}${snapshot.context.error ? '-error' : ''}`;
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    if (snapshot.matches('loading')) {
      await expect(ctx.page.getByRole('status', { name: 'Loading investment plans' })).toBeVisible(now);
      return;
    }
    if (snapshot.matches('loadFailed')) {
      // The page's own alert (the toast is an alert too).
      await expect(ctx.page.getByRole('main').getByRole('alert')).toContainText('The investment plans could not be loaded.', now);
      await expect(notice(ctx).first()).toBeVisible(now);
      return;
    }
    await expect(investPage.planCard(ctx, 'Starter')).toBeVisible(now);
    await expect(investPage.planCard(ctx, 'Growth')).toBeVisible(now);
    await expect(investPage.myPlans(ctx).getByRole('radio', { name: filterLabels[snapshot.context.filter] })).toBeChecked(now);
    await expect(investPage.myPlans(ctx)).toHaveAttribute('aria-busy', snapshot.matches({ ready: 'refreshing' }) ? 'true' : 'false', now);
    if (errorJustSet(ctx, snapshot)) await expect(notice(ctx).first()).toBeVisible(now);
  },
};
