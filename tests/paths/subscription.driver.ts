// The platform subscription modal: the model paths on the real subscriptions page, as the Demo Portal's owner
// (who has no subscription running: every opening is Activate). Continue makes the real invoice of the period
// and opens it to pay; a close on the invoice's page is the owner going back to the subscriptions page. The
// refusals the server gives only to others (not the owner, a period the provider does not offer) are staged
// from its own words; a failed call is the network failing.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { subscriptionModel } from '../models/subscription.model';
import { signIn } from '../e2e/support';
import { serverRefusal, type MachineDriver, type PathContext } from './driver';
import { notice } from './support';

const owner = { email: 'owner@example.com', password: 'Demo12345' };
const periodLabels: Record<string, RegExp> = { monthly: /^Monthly/, quarterly: /^Quarterly/, semiannual: /^Semiannual/, annual: /^Annual/ };
const refusals: Record<string, { text: string; answer: ReturnType<typeof serverRefusal> }> = {
  NotTenantOwner: {
    text: 'Only the portal’s owner can activate the subscription.',
    answer: serverRefusal('forbidden', 'NotTenantOwner', 'Only the portal’s owner can activate the subscription.'),
  },
  SubscriptionUnavailable: {
    text: 'The subscription is not available for this period.',
    answer: serverRefusal('conflict', 'SubscriptionUnavailable', 'The subscription is not available for this period.'),
  },
};

const modal = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: 'Platform subscription' });
const onInvoice = (ctx: PathContext) => /\/invoice\/[^/?]+\?pay=true$/.test(ctx.page.url());

export const subscriptionDriver: MachineDriver = {
  name: 'subscription',
  model: subscriptionModel,
  operations: { activate: 'ActivateSubscription' },
  async prepare(ctx) {
    await signIn(ctx.page, owner);
  },
  async open(ctx) {
    await ctx.page.goto('/subscriptions');
    await expect(ctx.page.getByTestId('subscription-state')).toHaveText('Not active');
  },
  gestures: {
    'dialog.open': (ctx) => ctx.page.getByRole('button', { name: 'Activate subscription' }).click(),
    'period.change': (ctx, event: { period: string }) => modal(ctx).getByRole('radio', { name: periodLabels[event.period] }).click(),
    'subscription.submit': (ctx) => modal(ctx).getByRole('button', { name: 'Continue' }).click(),
    'dialog.close': async (ctx) => {
      // The invoice's page: the owner goes back to the subscriptions page, where the modal is closed.
      if (onInvoice(ctx)) {
        await ctx.page.goBack();
        await expect(ctx.page).toHaveURL(/\/subscriptions$/);
        return;
      }
      await modal(ctx).getByRole('button', { name: 'Close' }).first().click();
    },
  },
  answers: {
    'xstate.done.actor.activate': async (ctx, event) => {
      const output = event.output as { ok: boolean; reason?: string };
      if (output.ok) return ctx.wire.clear('ActivateSubscription');
      ctx.staged(`the activation refused (${output.reason}): the owner may activate every offered period`);
      ctx.wire.stage('ActivateSubscription', () => refusals[output.reason!]!.answer, true);
    },
    'xstate.error.actor.activate': async (ctx) => ctx.wire.failOnce('ActivateSubscription'),
  },
  delays: {},
  isPassing: (snapshot) => snapshot.matches({ open: 'activating' }),
  screenName: (snapshot: AnyMachineSnapshot) => {
    const value = snapshot.value as string | { open: string };
    const name = typeof value === 'string' ? value : `open-${value.open}`;
    return `${name}${snapshot.context.error && typeof value !== 'string' ? '-error' : ''}`;
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    if (snapshot.matches('closed')) {
      await expect(modal(ctx)).toHaveCount(0, now);
      await expect(ctx.page.getByRole('button', { name: 'Activate subscription' })).toBeEnabled(now);
      return;
    }
    if (snapshot.matches({ open: 'paying' })) {
      // The portal goes to the invoice of the period, open to be paid.
      await expect(ctx.page).toHaveURL(/\/invoice\/[^/?]+\?pay=true$/, now);
      await expect(ctx.page.getByRole('dialog', { name: /^Pay invoice INV-/ })).toBeVisible(now);
      return;
    }
    const body = modal(ctx);
    await expect(body).toBeVisible(now);
    await expect(body.getByRole('radio', { name: periodLabels[context.period] })).toBeChecked(now);
    // The prices of the provider settings, with the price per month of the longer periods.
    await expect(body.getByRole('radio', { name: /^Quarterly\s*\$135\.00\s*\(\$45\.00 a month\)/ })).toBeVisible(now);
    await expect(body.getByRole('button', { name: 'Continue' })).toBeEnabled(now);
    // A refusal or a failed call is said in the notifier, not in the modal.
    await expect(body.getByRole('alert')).toHaveCount(0, now);
    if (context.error) await expect(notice(ctx, refusals[context.error.reason]?.text).first()).toBeVisible(now);
  },
};
