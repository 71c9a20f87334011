// The two-factor activation's model paths in the security page's dialog, against the real server: the demo
// member (two-factor off) for the paths that never turn it on, a member of the path's own (registered through
// the API) for those that do, so the demo member stays off for the next path. The secret is the server's own;
// codes the model types are typed as they are (the server refuses them, as it refuses a wrong code), except on
// the way to a successful activation, where the member types the mailed code and the authenticator's code of
// the secret the page shows. The server's refusals are its own: five wrong codes void the attempt (the driver
// spends the attempt's other tries through the API), a code asked for within a minute of the last is held back.
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { twoFaResendWait } from '../../domain/timing';
import { apiRegister, nextTotpCode, signIn, startSignedIn, demoOrigin, currentTotpStep } from '../e2e/support';
import { activationModel } from '../models/two-factor-activation.model';
import { serverRefusal, type MachineDriver, type PathContext } from './driver';
import {
  arrangeEmailCode,
  codeField,
  dialogButton,
  errorText,
  expectEmailCodeButton,
  expectTwoFactorStatus,
  failEmailCode,
  holdInOrder,
  installInOrder,
  lastCodeSentAt,
  mailedCode,
  memberAnswer,
  nextAnswerSucceeds,
  pathEvents,
  securityDialog,
  settlesInOrder,
} from './two-factor-support';

const dialog = (ctx: PathContext) => securityDialog(ctx, 'Turn on two-factor authentication');
const emailField = (ctx: PathContext) => codeField(dialog(ctx), 'Code from the email');
const authField = (ctx: PathContext) => codeField(dialog(ctx), 'Code from the authenticator app');

async function typeEmailCode(ctx: PathContext, modelCode: string) {
  let code = modelCode;
  if (nextAnswerSucceeds(ctx, 'activate')) {
    if ((await lastCodeSentAt(ctx)) === null) {
      // The page's own call for the code is still on its way (the model types the code before it is answered).
      ctx.staged('a code mailed through the API before the member types it (the page asked for one; its answer is still on the way)');
      await memberAnswer(ctx, 'mutation { generateEmailVerificationCode(method: "google2fa") { status } }');
    }
    code = await mailedCode(ctx);
  }
  await emailField(ctx).fill(code);
  ctx.state.emailTyped = code;
}

async function typeAuthCode(ctx: PathContext, modelCode: string) {
  let code = modelCode;
  if (nextAnswerSucceeds(ctx, 'activate')) {
    code = (await nextTotpCode(ctx.state.secret)).code;
    ctx.state.authStep = currentTotpStep();
  }
  await authField(ctx).fill(code);
  ctx.state.authTyped = code;
}

const operations = { generateSecret: 'GenerateTwoFaSecret', sendEmailCode: 'GenerateEmailVerificationCode', activate: 'ActivateTwoFa' };

/** An answer arranged, its call held until its own step (see holdInOrder). */
const inOrder =
  (actor: keyof typeof operations, arrange: (ctx: PathContext, event: any) => Promise<void>) => async (ctx: PathContext, event: any) => {
    holdInOrder(ctx, operations, operations[actor], event);
    await arrange(ctx, event);
  };

export const twoFactorActivationDriver: MachineDriver = {
  name: 'two-factor-activation',
  model: activationModel,
  operations,
  async prepare(ctx) {
    await installInOrder(ctx);
    const activates = pathEvents(ctx).some((event) => event.type === 'xstate.done.actor.activate' && event.output?.ok);
    if (activates) {
      const { email, session } = await apiRegister(ctx.page, 'paths-twofa');
      await startSignedIn(ctx.page, demoOrigin, session);
      ctx.state.token = session.access_token;
      ctx.state.email = email;
    } else {
      ctx.state.token = (await signIn(ctx.page)).access_token;
      ctx.state.email = 'demo@example.com';
    }
  },
  async open(ctx) {
    await ctx.page.goto('/security');
    await expect(ctx.page.getByTestId('twofa-status')).toHaveText('Off');
  },
  gestures: {
    'dialog.open': (ctx) => ctx.page.getByRole('main').getByRole('button', { name: 'Turn on' }).click(),
    'method.continue': (ctx) => dialogButton(dialog(ctx), 'Continue').click(),
    'step.back': (ctx) => dialogButton(dialog(ctx), 'Back').click(),
    'backup.toggle': async (ctx, event) => {
      const checkbox = dialog(ctx).getByRole('checkbox', { name: 'I have saved the key in a safe place' });
      await checkbox.setChecked(event.saved);
    },
    'step.continue': async (ctx) => {
      // The key the member adds to the authenticator app.
      ctx.state.secret = (await dialog(ctx).getByTestId('twofa-secret').textContent())!.trim();
      await dialogButton(dialog(ctx), 'Continue').click();
    },
    'emailCode.send': (ctx) => dialogButton(dialog(ctx), 'Send the email code').click(),
    'emailCode.change': (ctx, event) => typeEmailCode(ctx, event.code),
    'authCode.change': (ctx, event) => typeAuthCode(ctx, event.code),
    'activation.submit': async (ctx) => {
      // The authenticator shows a new code every 30 s: the member types the current one if it changed.
      if (nextAnswerSucceeds(ctx, 'activate') && ctx.state.authStep !== currentTotpStep()) await typeAuthCode(ctx, '');
      await dialogButton(dialog(ctx), 'Activate').click();
    },
    'recovery.saved': (ctx, event) => dialog(ctx).getByRole('checkbox', { name: 'I have saved these codes' }).setChecked(event.saved),
    'dialog.close': (ctx) => dialog(ctx).getByRole('button', { name: 'Close' }).first().click(),
  },
  answers: {
    'xstate.done.actor.generateSecret': inOrder('generateSecret', async (ctx, event) => {
      if (event.output.ok) return ctx.wire.clear('GenerateTwoFaSecret');
      ctx.staged("the server's refusal for a member whose two-factor is on (this member's is off)");
      ctx.wire.stage('GenerateTwoFaSecret', () => serverRefusal('conflict', 'TwoFaAlreadyOn', 'Two-factor authentication is already on.'), true);
    }),
    'xstate.error.actor.generateSecret': inOrder('generateSecret', async (ctx) => ctx.wire.failOnce('GenerateTwoFaSecret')),
    'xstate.done.actor.sendEmailCode': inOrder('sendEmailCode', (ctx, event) => arrangeEmailCode(ctx, event.output)),
    'xstate.error.actor.sendEmailCode': inOrder('sendEmailCode', async (ctx) => failEmailCode(ctx)),
    'xstate.done.actor.activate': inOrder('activate', async (ctx, event) => {
      ctx.wire.clear('ActivateTwoFa');
      if (event.output.ok || event.output.error.reason !== 'TwoFaNotStarted') return;
      // The attempt's other tries spent with wrong codes (another tab): the page's try is the one that voids it.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const answer = await memberAnswer(
          ctx,
          'mutation { activateTwoFa(method: "google2fa", email_verification_code: "000000", twofa_verification_code: "000000") { status } }',
        );
        if (answer.errors?.[0]?.extensions?.reason === 'TwoFaNotStarted') break;
      }
    }),
    'xstate.error.actor.activate': inOrder('activate', async (ctx) => ctx.wire.failOnce('ActivateTwoFa')),
  },
  settles: settlesInOrder(['generateSecret', 'sendEmailCode', 'activate']),
  delays: {
    'xstate.after.twoFaResendWait.': (ctx) => ctx.page.clock.fastForward(twoFaResendWait),
    // The server names its own wait, at most the minute between two codes.
    'xstate.after.serverWait.': (ctx) => ctx.page.clock.fastForward(twoFaResendWait),
  },
  isPassing: () => false,
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    if (snapshot.matches('closed')) {
      await expect(dialog(ctx)).toHaveCount(0, now);
      await expectTwoFactorStatus(ctx, ctx.state.activated === true);
      return;
    }
    const modal = dialog(ctx);
    await expect(modal).toBeVisible(now);
    const error = context.error ? errorText(context.error) : null;
    if (snapshot.hasTag('step1')) {
      await expect(modal.getByText('Step 1 of 3: choose the method')).toBeVisible(now);
      await expect(modal.getByRole('radio', { name: 'Google Authenticator' })).toBeChecked(now);
      if (snapshot.hasTag('busy')) await expect(dialogButton(modal, 'Continue')).toHaveAttribute('data-loading', 'true', now);
      else await expect(dialogButton(modal, 'Continue')).toBeEnabled(now);
    }
    if (snapshot.hasTag('step2')) {
      await expect(modal.getByText('Step 2 of 3: save the key')).toBeVisible(now);
      await expect(modal.getByTestId('twofa-secret')).toHaveText(/^[A-Z2-7]{16,}$/, now);
      await expect(modal.getByRole('img', { name: /QR code to add .* to your authenticator app/ })).toBeVisible(now);
      await expect(modal.getByRole('checkbox', { name: 'I have saved the key in a safe place' })).toBeChecked({ checked: context.backupSaved, ...now });
      if (context.backupSaved) await expect(dialogButton(modal, 'Continue')).toBeEnabled(now);
      else await expect(dialogButton(modal, 'Continue')).toBeDisabled(now);
    }
    if (snapshot.hasTag('step3')) {
      await expect(modal.getByText('Step 3 of 3: confirm with two codes')).toBeVisible(now);
      await expect(emailField(ctx)).toHaveValue(context.emailCode ? ctx.state.emailTyped : '', now);
      await expect(authField(ctx)).toHaveValue(context.authCode ? ctx.state.authTyped : '', now);
      await expectEmailCodeButton(modal, snapshot);
      if (snapshot.hasTag('busy')) {
        await expect(dialogButton(modal, 'Activate')).toHaveAttribute('data-loading', 'true', now);
        await expect(dialogButton(modal, 'Back')).toBeDisabled(now);
      } else await expect(dialogButton(modal, 'Back')).toBeEnabled(now);
    }
    if (snapshot.hasTag('success')) {
      ctx.state.activated = true;
      await expect(modal.getByRole('status')).toHaveText('Two-factor authentication is on. From now on you sign in with a code from the app.', now);
      await expect(modal.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10, now);
      await expect(modal.getByRole('checkbox', { name: 'I have saved these codes' })).toBeChecked({ checked: context.recoverySaved, ...now });
      if (context.recoverySaved) await expect(dialogButton(modal, 'Done')).toBeEnabled(now);
      else await expect(dialogButton(modal, 'Done')).toBeDisabled(now);
    }
    if (error) await expect(modal.getByText(error).first()).toBeVisible(now);
    else await expect(modal.getByRole('alert')).toHaveCount(0, now);
  },
  screenName: (snapshot: AnyMachineSnapshot) => activationScreen(snapshot),
};

/** One screen per step and email-button state, and the error a step shows. */
function activationScreen(snapshot: AnyMachineSnapshot): string {
  const value = snapshot.value as any;
  const base =
    typeof value === 'string'
      ? value
      : typeof value.open === 'string'
        ? `open.${value.open}`
        : `open.enteringCodes.${value.open.enteringCodes.emailCode}+${value.open.enteringCodes.form}`;
  return snapshot.context.error ? `${base}-error` : base;
}
