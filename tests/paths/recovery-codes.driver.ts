// New recovery codes' model paths in the security page's dialog, against the real server: each path has a
// member of its own with two-factor on (registered and turned on through the API). Codes the model types are
// typed as they are (the server refuses a wrong one), except on the way to new codes, where the member types
// the authenticator's current code of the member's secret.
import { expect } from '@playwright/test';
import { currentTotpStep, nextTotpCode } from '../e2e/support';
import { recoveryCodesModel } from '../models/recovery-codes.model';
import type { MachineDriver, PathContext } from './driver';
import {
  codeField,
  dialogButton,
  errorText,
  memberWithTwoFactor,
  nextAnswerSucceeds,
  securityDialog,
} from './two-factor-support';

const dialog = (ctx: PathContext) => securityDialog(ctx, 'New recovery codes');
const authField = (ctx: PathContext) => codeField(dialog(ctx), 'Code from the authenticator app');

async function typeCode(ctx: PathContext, modelCode: string) {
  let code = modelCode;
  // A whole code on the way to new codes is the app's current one (a part of one stays as the model types it).
  if (nextAnswerSucceeds(ctx, 'regenerate') && modelCode.length === 6) {
    const next = await nextTotpCode(ctx.state.secret, ctx.state.lastStep);
    code = next.code;
    ctx.state.typedStep = next.step;
  }
  await authField(ctx).fill(code);
  ctx.state.typed = code;
}

export const recoveryCodesDriver: MachineDriver = {
  name: 'recovery-codes',
  model: recoveryCodesModel,
  operations: { regenerate: 'RegenerateRecoveryCodes' },
  prepare: (ctx) => memberWithTwoFactor(ctx),
  async open(ctx) {
    await ctx.page.goto('/security');
    await expect(ctx.page.getByTestId('recovery-codes-left')).toHaveText('10 left, for signing in without your phone.');
  },
  gestures: {
    'dialog.open': (ctx) => ctx.page.getByRole('main').getByRole('button', { name: 'Make new codes' }).click(),
    'authCode.change': (ctx, event) => typeCode(ctx, event.code),
    'codes.request': async (ctx) => {
      // The app shows a new code every 30 s: the member types the current one if it changed.
      if (nextAnswerSucceeds(ctx, 'regenerate') && ctx.state.typedStep !== undefined && ctx.state.typedStep < currentTotpStep()) await typeCode(ctx, '000000');
      await dialogButton(dialog(ctx), 'Make new codes').click();
    },
    'codes.saved': (ctx, event) => dialog(ctx).getByRole('checkbox', { name: 'I have saved these codes' }).setChecked(event.saved),
    'dialog.close': (ctx) => dialog(ctx).getByRole('button', { name: 'Close' }).first().click(),
  },
  answers: {
    'xstate.done.actor.regenerate': async (ctx, event) => {
      ctx.wire.clear('RegenerateRecoveryCodes');
      if (event.output.ok) ctx.state.lastStep = ctx.state.typedStep;
    },
    'xstate.error.actor.regenerate': async (ctx) => ctx.wire.failOnce('RegenerateRecoveryCodes'),
  },
  delays: {},
  isPassing: () => false,
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    if (snapshot.matches('closed')) {
      await expect(dialog(ctx)).toHaveCount(0, now);
      await expect(ctx.page.getByTestId('recovery-codes-left')).toHaveText('10 left, for signing in without your phone.', now);
      await expect(ctx.page.getByRole('main').getByRole('button', { name: 'Make new codes' })).toBeEnabled(now);
      return;
    }
    const modal = dialog(ctx);
    await expect(modal).toBeVisible(now);
    if (snapshot.matches({ open: 'showingCodes' })) {
      await expect(modal.getByRole('status')).toHaveText('Your new recovery codes are ready. The old ones no longer work.', now);
      await expect(modal.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10, now);
      await expect(modal.getByRole('checkbox', { name: 'I have saved these codes' })).toBeChecked({ checked: context.saved, ...now });
      if (context.saved) await expect(dialogButton(modal, 'Done')).toBeEnabled(now);
      else await expect(dialogButton(modal, 'Done')).toBeDisabled(now);
      return;
    }
    await expect(authField(ctx)).toHaveValue(context.authCode ? ctx.state.typed : '', now);
    if (snapshot.hasTag('busy')) await expect(dialogButton(modal, 'Make new codes')).toHaveAttribute('data-loading', 'true', now);
    else await expect(dialogButton(modal, 'Make new codes')).toBeEnabled(now);
    if (context.error) await expect(modal.getByText(errorText(context.error))).toBeVisible(now);
  },
  screenName: (snapshot) => `${typeof snapshot.value === 'string' ? snapshot.value : `open.${(snapshot.value as any).open}`}${snapshot.context.error ? '-error' : ''}`,
};
