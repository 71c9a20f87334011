// The member status's model paths on the demo member's dashboard. Each settings the model receives is the
// server's own: set through /dev/user-settings (status, unpaid and overdue trader-fee invoices), then the
// member's settings poll (60 s on Playwright's clock) brings it to the page. View invoices in the suspended
// dialog is the member's click; the flow keeps running on the invoices page.
import { expect } from '@playwright/test';
import { userSettingsPoll } from '../../domain/timing';
import { demo, devControl } from '../e2e/support';
import { memberStatusModel } from '../models/member-status.model';
import type { MachineDriver, PathContext } from './driver';
import { signInFor } from './support';

const suspendedDialog = (ctx: PathContext) => ctx.page.getByRole('dialog', { name: 'Your account is suspended' });
const banner = (ctx: PathContext) => ctx.page.getByTestId('warning-banner');

type Settings = { status: string; unpaid_trader_fee_invoices: number; overdue_trader_fee_invoices: number };
const setSettings = (ctx: PathContext, settings: Settings) => devControl(ctx.request, '/dev/user-settings', { email: demo.email, ...settings });

export const memberStatusDriver: MachineDriver = {
  name: 'member-status',
  model: memberStatusModel,
  operations: {},
  async prepare(ctx) {
    // The demo member as the model starts it: active, nothing due (an earlier path may have left it otherwise).
    await setSettings(ctx, { status: 'active', unpaid_trader_fee_invoices: 0, overdue_trader_fee_invoices: 0 });
    await signInFor(ctx, 'demo');
  },
  async open(ctx) {
    // The member's settings have come once: the flow runs (the dashboard's layout differs by width).
    const settings = ctx.page.waitForResponse((response) => /query UserSettings\b/.test(response.request().postData() ?? ''));
    await ctx.page.goto('/dashboard');
    await settings;
    await expect(ctx.page.getByRole('main')).toBeVisible();
  },
  gestures: {
    'settings.received': async (ctx, event) => {
      const { status, unpaid_trader_fee_invoices, overdue_trader_fee_invoices } = event as Settings;
      await setSettings(ctx, { status, unpaid_trader_fee_invoices, overdue_trader_fee_invoices });
      // The next settings poll brings them.
      const answered = ctx.page.waitForResponse((response) => /query UserSettings\b/.test(response.request().postData() ?? ''));
      await ctx.page.clock.fastForward(userSettingsPoll);
      await answered;
    },
    'invoices.open': async (ctx) => {
      await suspendedDialog(ctx).getByRole('button', { name: 'View invoices' }).click();
      await expect(ctx.page).toHaveURL(/\/invoices$/);
    },
  },
  answers: {},
  delays: {},
  isPassing: () => false,
  screenName: (snapshot) => {
    const account = snapshot.matches({ account: { suspended: 'notified' } })
      ? 'suspended'
      : snapshot.matches({ account: { suspended: 'acknowledged' } })
        ? 'suspended-invoices'
        : 'active';
    return `${account}+${String((snapshot.value as { banner: string }).banner)}`;
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    if (snapshot.hasTag('suspendedDialog')) {
      await expect(suspendedDialog(ctx)).toContainText(
        'Your account has been suspended because of unpaid invoices. Pay them to use your account again.',
        now,
      );
      // It cannot be dismissed: View invoices is its only button.
      await expect(suspendedDialog(ctx).getByRole('button')).toHaveCount(1, now);
    } else await expect(suspendedDialog(ctx)).toHaveCount(0, now);
    if (snapshot.matches({ account: { suspended: 'acknowledged' } })) await expect(ctx.page).toHaveURL(/\/invoices$/, now);
    if (snapshot.hasTag('overdueBanner')) {
      await expect(banner(ctx)).toHaveAttribute('data-banner', 'overdue', now);
      await expect(banner(ctx)).toHaveClass(/blinking-banner/, now);
      await expect(banner(ctx)).toContainText('You have overdue invoices: copy trading and withdrawals are suspended until they are paid.', now);
      await expect(banner(ctx).getByRole('link', { name: 'Pay the invoices' })).toHaveAttribute('href', '/invoices', now);
    } else if (snapshot.hasTag('unpaidBanner')) {
      await expect(banner(ctx)).toHaveAttribute('data-banner', 'unpaid', now);
      await expect(banner(ctx)).not.toHaveClass(/blinking-banner/, now);
      await expect(banner(ctx)).toContainText('You have unpaid invoices.', now);
      await expect(banner(ctx).getByRole('link', { name: 'View invoices' })).toHaveAttribute('href', '/invoices', now);
    } else await expect(banner(ctx)).toHaveCount(0, now);
  },
};
