// Disconnecting an exchange account: the model's paths on the Demo Portal's real /my-account/{id}, each as a new
// member with "Binance main" made through the API (a sandbox key). A disconnect that goes through is the server's
// own; a reason the server refuses is staged without reaching it; a failed call is the network failing.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { accountDisconnectModel } from '../models/account-disconnect.model';
import { demoOrigin } from '../e2e/support';
import type { MachineDriver, PathContext } from './driver';
import { answerUnsent, notice, signInFor } from './support';
import { freshValidKey, makeAccount, validationRefusal } from './trading-support';

const section = (ctx: PathContext) => ctx.page.getByRole('region', { name: 'Disconnect the account' });
const reasonField = (ctx: PathContext) => section(ctx).getByRole('textbox', { name: /^Reason/ });
const reasonTexts: Record<string, RegExp> = { required: /This field is required/, 'maxLength:400': /Use at most 400 characters/ };

export const accountDisconnectDriver: MachineDriver = {
  name: 'account-disconnect',
  model: accountDisconnectModel,
  operations: { disconnectAccount: 'TradingAccountDisconnect' },
  async prepare(ctx) {
    await signInFor(ctx, 'empty');
    ctx.state.accountId = await makeAccount(ctx, 'Binance main', 'binance', freshValidKey('a1b2'));
  },
  async open(ctx) {
    await ctx.page.goto(`${demoOrigin}/my-account/${ctx.state.accountId}`);
  },
  gestures: {
    'disconnect.open': (ctx) => ctx.page.getByRole('main').getByRole('button', { name: 'Disconnect' }).click(),
    'disconnect.cancel': (ctx) => section(ctx).getByRole('button', { name: 'Keep connected' }).click(),
    'reason.change': (ctx, event: { value: string }) => reasonField(ctx).fill(event.value),
    'disconnect.confirm': (ctx) => section(ctx).getByRole('button', { name: 'Disconnect' }).click(),
  },
  answers: {
    'xstate.done.actor.disconnectAccount': async (ctx) => ctx.wire.clear('TradingAccountDisconnect'),
    'xstate.error.actor.disconnectAccount': async (ctx, event: { error: { code: string } }) => {
      if (event.error.code !== 'validation') return ctx.wire.failOnce('TradingAccountDisconnect');
      ctx.staged('the server refused the reason');
      await answerUnsent(ctx, 'TradingAccountDisconnect', validationRefusal('reason', 'maxLength:400', 'Use at most 400 characters'));
    },
  },
  delays: {},
  isPassing: (snapshot) => snapshot.matches('disconnecting'),
  screenName: (snapshot: AnyMachineSnapshot) => `${String(snapshot.value)}${snapshot.context.reasonError ? `-${snapshot.context.reasonError.replace(':', '-')}` : ''}`,
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    const main = ctx.page.getByRole('main');
    if (snapshot.matches('done')) {
      await expect(ctx.page.getByTestId('account-disconnected')).toContainText(`Reason: ${context.reason.trim()}`, now);
      await expect(main.getByRole('button', { name: 'Disconnect' })).toHaveCount(0, now);
      return;
    }
    if (snapshot.matches('closed')) {
      await expect(section(ctx)).toHaveCount(0, now);
      await expect(main.getByRole('button', { name: 'Disconnect' })).toBeEnabled(now);
      return;
    }
    await expect(reasonField(ctx)).toHaveValue(context.reason, now);
    await expect(reasonField(ctx)).toHaveAccessibleDescription(new RegExp(`${context.reason.length} of 400 characters`), now);
    if (context.reasonError) await expect(reasonField(ctx)).toHaveAccessibleDescription(reasonTexts[context.reasonError]!, now);
    if (context.error && context.error.code === 'network') await expect(notice(ctx).first()).toBeVisible(now);
    await expect(section(ctx).getByRole('button', { name: 'Disconnect' })).toBeEnabled(now);
  },
};
