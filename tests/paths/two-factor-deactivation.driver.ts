// The two-factor deactivation's model paths in the security page's dialog, against the real server: each path
// has a member of its own with two-factor on (registered and turned on through the API), so no path finds a
// member another path turned off. Codes the model types are typed as they are (the server refuses them as it
// refuses a wrong code), except on the way to turning two-factor off, where the member types the mailed code
// and a recovery code from the activation (or the authenticator's code). The server's refusals are its own:
// a wrong code counts against the mailed code, five void it (the driver spends its other tries through the
// API), a code asked for within a minute of the last is held back.
import { expect } from '@playwright/test';
import { twoFaResendWait } from '../../domain/timing';
import { nextTotpCode } from '../e2e/support';
import { deactivationModel } from '../models/two-factor-deactivation.model';
import type { MachineDriver, PathContext } from './driver';
import {
  arrangeEmailCode,
  codeField,
  dialogButton,
  ensureLiveCode,
  errorText,
  expectEmailCodeButton,
  expectTwoFactorStatus,
  failEmailCode,
  holdInOrder,
  installInOrder,
  mailedCode,
  memberAnswer,
  memberWithTwoFactor,
  nextAnswerSucceeds,
  securityDialog,
  settlesInOrder,
  spendLiveCode,
} from './two-factor-support';

const dialog = (ctx: PathContext) => securityDialog(ctx, 'Turn off two-factor authentication');
const emailField = (ctx: PathContext) => codeField(dialog(ctx), 'Code from the email');
const authField = (ctx: PathContext) => codeField(dialog(ctx), 'Code from the authenticator app');
const recoveryField = (ctx: PathContext) => codeField(dialog(ctx), 'Recovery code');

const wrongTry = (ctx: PathContext) =>
  memberAnswer(
    ctx,
    'mutation { deactivateTwoFa(method: "google2fa", email_verification_code: "000000", twofa_verification_code: "000000") { status } }',
  );

const operations = { sendEmailCode: 'GenerateEmailVerificationCode', deactivate: 'DeactivateTwoFa' };

const inOrder =
  (actor: keyof typeof operations, arrange: (ctx: PathContext, event: any) => Promise<void>) => async (ctx: PathContext, event: any) => {
    holdInOrder(ctx, operations, operations[actor], event);
    await arrange(ctx, event);
  };

async function type(ctx: PathContext, field: 'email' | 'auth' | 'recovery', modelCode: string) {
  let code = modelCode;
  if (nextAnswerSucceeds(ctx, 'deactivate')) {
    if (field === 'email') {
      await ensureLiveCode(ctx);
      code = await mailedCode(ctx);
    } else if (field === 'auth') {
      const next = await nextTotpCode(ctx.state.secret, ctx.state.lastStep);
      code = next.code;
      ctx.state.lastStep = next.step;
    } else code = ctx.state.recoveryCodes[0];
  }
  const input = field === 'email' ? emailField(ctx) : field === 'auth' ? authField(ctx) : recoveryField(ctx);
  await input.fill(code);
  (ctx.state.typed ??= {})[field] = code;
}

export const twoFactorDeactivationDriver: MachineDriver = {
  name: 'two-factor-deactivation',
  model: deactivationModel,
  operations,
  async prepare(ctx) {
    await installInOrder(ctx);
    await memberWithTwoFactor(ctx);
  },
  async open(ctx) {
    await ctx.page.goto('/security');
    await expect(ctx.page.getByTestId('twofa-status')).toHaveText('On, with Google Authenticator');
  },
  gestures: {
    'dialog.open': (ctx) => ctx.page.getByRole('main').getByRole('button', { name: 'Turn off' }).first().click(),
    'emailCode.send': (ctx) => dialogButton(dialog(ctx), 'Send the email code').click(),
    'emailCode.change': (ctx, event) => type(ctx, 'email', event.code),
    'authCode.change': (ctx, event) => type(ctx, 'auth', event.code),
    'recovery.toggle': (ctx, event) =>
      dialog(ctx)
        .getByRole('button', { name: event.use ? 'Lost your phone? Use a recovery code' : 'Use a code from the app' })
        .click(),
    'recovery.change': (ctx, event) => type(ctx, 'recovery', event.code),
    'deactivation.submit': (ctx) => dialogButton(dialog(ctx), 'Turn off').click(),
    'dialog.close': (ctx) => dialog(ctx).getByRole('button', { name: 'Close' }).first().click(),
  },
  answers: {
    'xstate.done.actor.sendEmailCode': inOrder('sendEmailCode', (ctx, event) => arrangeEmailCode(ctx, event.output)),
    'xstate.error.actor.sendEmailCode': inOrder('sendEmailCode', async (ctx) => failEmailCode(ctx)),
    'xstate.done.actor.deactivate': inOrder('deactivate', async (ctx, event) => {
      ctx.wire.clear('DeactivateTwoFa');
      const reason = event.output.ok ? null : event.output.error.reason;
      // A wrong code is checked against a live mailed code; with none the server says it has expired.
      if (reason === 'TwoFaCodeError') await ensureLiveCode(ctx);
      if (reason === 'CodeExpired') await spendLiveCode(ctx, () => wrongTry(ctx));
    }),
    'xstate.error.actor.deactivate': inOrder('deactivate', async (ctx) => ctx.wire.failOnce('DeactivateTwoFa')),
  },
  settles: settlesInOrder(['sendEmailCode', 'deactivate']),
  delays: {
    'xstate.after.twoFaResendWait.': (ctx) => ctx.page.clock.fastForward(twoFaResendWait),
    'xstate.after.serverWait.': (ctx) => ctx.page.clock.fastForward(twoFaResendWait),
  },
  isPassing: () => false,
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    if (snapshot.matches('closed')) {
      await expect(dialog(ctx)).toHaveCount(0, now);
      await expectTwoFactorStatus(ctx, ctx.state.deactivated !== true);
      return;
    }
    const modal = dialog(ctx);
    await expect(modal).toBeVisible(now);
    if (snapshot.hasTag('success')) {
      ctx.state.deactivated = true;
      await expect(modal.getByRole('status')).toHaveText('Two-factor authentication is off.', now);
      await expect(dialogButton(modal, 'Close')).toBeEnabled(now);
      return;
    }
    const typed = (ctx.state.typed ?? {}) as Record<string, string>;
    await expect(emailField(ctx)).toHaveValue(context.emailCode ? typed.email! : '', now);
    if (context.useRecovery) {
      await expect(recoveryField(ctx)).toHaveValue(context.recoveryCode ? typed.recovery! : '', now);
      await expect(authField(ctx)).toHaveCount(0, now);
      await expect(modal.getByRole('button', { name: 'Use a code from the app' })).toBeVisible(now);
    } else {
      await expect(authField(ctx)).toHaveValue(context.authCode ? typed.auth! : '', now);
      await expect(recoveryField(ctx)).toHaveCount(0, now);
      await expect(modal.getByRole('button', { name: 'Lost your phone? Use a recovery code' })).toBeVisible(now);
    }
    await expectEmailCodeButton(modal, snapshot);
    if (snapshot.hasTag('busy')) await expect(dialogButton(modal, 'Turn off')).toHaveAttribute('data-loading', 'true', now);
    else await expect(dialogButton(modal, 'Turn off')).toBeEnabled(now);
    if (context.error) await expect(modal.getByText(errorText(context.error)).first()).toBeVisible(now);
    else await expect(modal.getByRole('alert')).toHaveCount(0, now);
  },
  screenName: (snapshot) => {
    const value = snapshot.value as any;
    const base =
      typeof value === 'string'
        ? value
        : value.open === 'deactivated'
          ? 'open.deactivated'
          : `open.enteringCodes.${value.open.enteringCodes.emailCode}+${value.open.enteringCodes.form}`;
    // The recovery-code field and an error each shown once, not with every state of the email button.
    if (!base.endsWith('notSent+editing')) return base;
    return `${base}${snapshot.context.error ? '-error' : snapshot.context.useRecovery ? '-recovery' : ''}`;
  },
};
