// Upgrading the current tariff: the model paths through My tariff's Upgrade on the demo member's dashboard
// (its Basic tariff, paid monthly, upgrades to Pro and Elite) and the real upgrade dialog, priced and checked
// out by the server. What the server cannot be brought to answer for that member (a purchase bought one-time,
// an upgrade gone, a tariff ended meanwhile) is staged from its own answer; a failed call is the network
// failing. The invoice made opens on its own page: a "close" there is the member going back to the dashboard.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { subtract } from '../../domain/money';
import { upgradeModel } from '../models/upgrade.model';
import { signIn } from '../e2e/support';
import { serverRefusal, type MachineDriver, type PathContext } from './driver';
import { notice } from './support';

const cycleLabels: Record<string, RegExp> = { onetime: /^One-time/, monthly: /^Monthly/, quartally: /^Quarterly/, annually: /^Yearly/ };
const reasonTexts: Record<string, string> = {
  UpgradeNotAvailable: 'This upgrade is not available for your current tariff any more.',
  PurchaseNotFound: 'Your current tariff was not found. It may have ended.',
};
const refusals: Record<string, ReturnType<typeof serverRefusal>> = {
  UpgradeNotAvailable: serverRefusal('conflict', 'UpgradeNotAvailable', 'This tariff cannot be upgraded to that one.'),
  PurchaseNotFound: serverRefusal('not_found', 'PurchaseNotFound', 'No running tariff of yours has this id.'),
};

/** The dashboard's My tariff widget (the right sidebar has one too, which leads here). */
const myTariff = (ctx: PathContext) => ctx.page.getByTestId('widget-my_tariff').getByRole('region', { name: 'My tariff' });
const dialog = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: 'Upgrade your tariff' });
const onInvoice = (ctx: PathContext) => /\/invoice\/[^/?]+\?pay=true$/.test(ctx.page.url());

type Cart = Record<string, any>;

/** The server's quote for the cycle asked, with the current purchase shown as bought one-time (counts in full). */
const asOnetime = (cart: Cart): Cart => ({
  ...cart,
  current_billing_cycle: 'onetime',
  current_active_till: null,
  days_left: null,
  days_in_cycle: null,
  credit: cart.current_price,
  diff_price: subtract(cart.new_price, cart.current_price),
  new_active_till: null,
});

export const upgradeDriver: MachineDriver = {
  name: 'upgrade',
  model: upgradeModel,
  operations: { priceUpgrade: 'UpgradeCart', checkout: 'UpgradeCheckout' },
  async prepare(ctx) {
    await signIn(ctx.page);
  },
  async open(ctx) {
    // The staged one-time quote asks the server for the year (the model's quote for it).
    await ctx.page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { query?: string; variables?: Record<string, unknown> } | null;
      if (!ctx.state.askYearly || !/query UpgradeCart\b/.test(body?.query ?? '')) return route.fallback();
      ctx.state.askYearly = false;
      return route.fallback({ postData: JSON.stringify({ ...body!, variables: { ...body!.variables, billing_cycle: 'annually' } }) });
    });
    await ctx.page.goto('/dashboard');
    await expect(myTariff(ctx)).toBeVisible();
  },
  gestures: {
    'dialog.open': (ctx) => myTariff(ctx).getByRole('button', { name: 'Upgrade' }).click(),
    'cycle.change': (ctx, event: { cycle: string }) => dialog(ctx).getByRole('radio', { name: cycleLabels[event.cycle] }).click(),
    'upgrade.confirm': (ctx) => dialog(ctx).getByRole('button', { name: 'Upgrade and pay' }).click(),
    retry: (ctx) => dialog(ctx).getByRole('button', { name: 'Try again' }).click(),
    'dialog.close': async (ctx) => {
      // The invoice's page: the member goes back to the dashboard, where the dialog is closed.
      if (onInvoice(ctx)) {
        await ctx.page.goBack();
        await expect(ctx.page).toHaveURL(/\/dashboard$/);
        return;
      }
      // Cancel where the dialog offers it, else its close button.
      const cancel = dialog(ctx).getByRole('button', { name: 'Cancel' });
      if ((await cancel.count()) && (await cancel.isEnabled())) await cancel.click();
      else await dialog(ctx).getByRole('button', { name: 'Close' }).first().click();
    },
  },
  answers: {
    'xstate.done.actor.priceUpgrade': async (ctx, event) => {
      const output = event.output as { ok: boolean; reason?: string; value?: { currentBillingCycle: string } };
      if (!output.ok) {
        ctx.staged(`the upgrade refused (${output.reason}): the member's tariff upgrades to Pro`);
        return ctx.wire.stage('UpgradeCart', () => refusals[output.reason!], true);
      }
      if (output.value!.currentBillingCycle !== 'onetime') return ctx.wire.clear('UpgradeCart');
      // The server's quote for the year, for a purchase bought one-time (the demo member's is monthly).
      ctx.staged("the server's yearly quote, for a tariff bought one-time");
      ctx.wire.stage('UpgradeCart', (answer) => ({ ...answer, data: { moduleProductsUpgradeCart: asOnetime(answer.data.moduleProductsUpgradeCart) } }), true);
      ctx.state.askYearly = true;
    },
    'xstate.error.actor.priceUpgrade': async (ctx) => ctx.wire.failOnce('UpgradeCart'),
    'xstate.done.actor.checkout': async (ctx, event) => {
      const output = event.output as { ok: boolean; reason?: string };
      if (output.ok) return ctx.wire.clear('UpgradeCheckout');
      ctx.staged(`the checkout refused (${output.reason}): the member's tariff runs on`);
      ctx.wire.stage('UpgradeCheckout', () => refusals[output.reason!], true);
    },
    'xstate.error.actor.checkout': async (ctx) => ctx.wire.failOnce('UpgradeCheckout'),
  },
  delays: {},
  isPassing: () => false,
  screenName: (snapshot: AnyMachineSnapshot) => {
    const value = snapshot.value as string | { open: string };
    const name = typeof value === 'string' ? value : `open-${value.open}`;
    return `${name}${snapshot.context.error && typeof value !== 'string' && value.open === 'reviewing' ? '-error' : ''}`;
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    if (snapshot.matches('closed')) {
      await expect(myTariff(ctx)).toBeVisible(now);
      await expect(dialog(ctx)).toHaveCount(0, now);
      return;
    }
    if (snapshot.matches({ open: 'paying' })) {
      // The portal goes to the invoice of the difference, open to be paid.
      await expect(ctx.page).toHaveURL(/\/invoice\/[^/?]+\?pay=true$/, now);
      await expect(ctx.page.getByRole('dialog', { name: /^Pay invoice INV-/ })).toBeVisible(now);
      return;
    }
    const body = dialog(ctx);
    await expect(body).toBeVisible(now);
    const alert = body.getByRole('alert');
    const confirm = body.getByRole('button', { name: 'Upgrade and pay' });
    if (snapshot.matches({ open: 'unavailable' })) {
      // The notifier says the server's reason; the dialog what is left to do.
      await expect(notice(ctx, reasonTexts[context.error.reason]!).first()).toBeVisible(now);
      await expect(alert).toHaveText('The upgrade cannot go ahead. Close the dialog to choose again.', now);
      await expect(confirm).toHaveCount(0, now);
      return;
    }
    if (snapshot.matches({ open: 'pricingFailed' })) {
      await expect(notice(ctx).first()).toBeVisible(now);
      await expect(alert).toHaveText('The upgrade could not be priced.', now);
      await expect(body.getByRole('button', { name: 'Try again' })).toBeEnabled(now);
      return;
    }
    if (snapshot.matches({ open: 'pricing' })) await expect(body.getByRole('status')).toHaveText(/Pricing the upgrade/, now);
    if (snapshot.matches({ open: 'reviewing' })) await expect(confirm).toBeEnabled(now);
    if (snapshot.matches({ open: 'checkingOut' })) await expect(confirm).toHaveAttribute('data-loading', 'true', now);
    if (context.quote) {
      await expect(body.getByTestId('upgrade-difference')).toHaveText(/\d+\.\d\d/, now);
      const table = body.getByRole('table', { name: 'How the difference is computed' });
      if (context.quote.daysLeft !== null) await expect(table).toContainText(/\d+ of \d+ days left/, now);
      else await expect(table).toContainText('one-time, counts in full', now);
      await expect(body.getByRole('radio', { name: cycleLabels[context.cycle] })).toBeChecked(now);
    }
    // A failed checkout is said in the notifier, not in the dialog.
    await expect(alert).toHaveCount(0, now);
    if (context.error) await expect(notice(ctx).first()).toBeVisible(now);
  },
};
