// The staking wallet's model path on the real settings page (the demo tenant has the staking module), as the
// demo member (another address saved first): the address typed with the model's spaces and saved by the real server (trimmed), then saved
// again when the network fails.
import { expect } from '@playwright/test';
import { stakingWalletModel } from '../models/staking-wallet.model';
import { signIn } from '../e2e/support';
import type { MachineDriver, PathContext } from './driver';
import { memberCall } from './support';

const section = (ctx: PathContext) => ctx.page.getByRole('region', { name: 'Staking wallet' });
const addressField = (ctx: PathContext) => section(ctx).getByRole('textbox', { name: 'Wallet address' });
const saveButton = (ctx: PathContext) => section(ctx).getByRole('button', { name: 'Save' });

export const stakingWalletDriver: MachineDriver = {
  name: 'staking-wallet',
  model: stakingWalletModel,
  operations: { saveWallet: 'ModuleStakingUpdateWallet' },
  async prepare(ctx) {
    ctx.state.token = (await signIn(ctx.page)).access_token;
    // Another address saved first: the page shows the saved address only when the wallet it fetches changed.
    await memberCall(ctx, 'mutation { moduleStakingUpdateWallet(input: { wallet_address: "0x0000000000000000000000000000000000000001" }) { status } }');
  },
  async open(ctx) {
    await ctx.page.goto('/settings');
    await expect(addressField(ctx)).toBeEnabled();
  },
  gestures: {
    'wallet.submit': async (ctx, event) => {
      await addressField(ctx).fill(event.address);
      ctx.state.typed = event.address;
      await saveButton(ctx).click();
    },
  },
  answers: {
    'xstate.done.actor.saveWallet': async (ctx) => ctx.wire.clear('ModuleStakingUpdateWallet'),
    'xstate.error.actor.saveWallet': async (ctx) => ctx.wire.failOnce('ModuleStakingUpdateWallet'),
  },
  delays: {},
  isPassing: () => false,
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    await expect(section(ctx)).toBeVisible(now);
    if (snapshot.hasTag('busy')) await expect(saveButton(ctx)).toHaveAttribute('data-loading', 'true', now);
    else await expect(saveButton(ctx)).toBeEnabled(now);
    const alert = section(ctx).getByRole('alert');
    if (context.error) await expect(alert).toHaveText('Ooops! Something went wrong, please apply to the support chat.', now);
    else await expect(alert).toHaveCount(0, now);
    if (ctx.state.typed === undefined) return;
    if (snapshot.matches('editing') && !context.error) {
      // Saved: the notice, and the wallet fetched again shows the address trimmed.
      await expect(ctx.page.getByText('Saved successfully.').first()).toBeVisible(now);
      await expect(addressField(ctx)).toHaveValue(context.address, now);
    } else await expect(addressField(ctx)).toHaveValue(ctx.state.typed, now);
  },
  screenName: (snapshot) => `${String(snapshot.value)}${snapshot.context.error ? '-error' : snapshot.context.address ? '-saved' : ''}`,
};
