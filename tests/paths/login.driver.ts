// The login's model paths in the real login form: on /login (after a purchase link in the store for the
// variant that has one stored), or in the store's registration dialog turned to "Log in" (a guest going to
// pay). Each answer of the server is its own: the demo member signs in at once, twofa@example.com is asked
// for its code, a TOTP code computed from its secret passes, a wrong code or a wrong recovery code is refused,
// a recovery code of the ones regenerated for the run passes, an unknown address is refused. What the
// server never answers at that step (a refused code at the password step, a two-factor demand or a wrong
// password once a code was sent) is its refusal in its own form, answered without reaching it: such a call
// would spend one of the sign-in failures the server allows per member and per address, which the paths of
// one run need for the refusals it does answer.
import { expect, type Locator } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { loginCodeReset } from '../../domain/timing';
import { apiCall, apiLogIn, currentTotpStep, demo, demoOrigin, nextTotpCode, totpCode, twofa, whiteLabelUuid } from '../e2e/support';
import { loginModel } from '../models/login.model';
import { serverRefusal, type MachineDriver, type PathContext } from './driver';
import { answerUnsent, memberCall } from './support';

type Variant = { inDialog: boolean; hasStoredProducts: boolean };
const variantOf = (ctx: PathContext) => ctx.path.input as Variant;

/** The form: the dialog's (turned to "Log in") or the page's. */
const form = (ctx: PathContext): Locator =>
  variantOf(ctx).inDialog ? ctx.page.getByRole('dialog', { name: 'Log in' }) : ctx.page.getByRole('main');
const emailField = (ctx: PathContext) => form(ctx).getByRole('textbox', { name: 'Email' });
const passwordField = (ctx: PathContext) => form(ctx).getByLabel('Password', { exact: false }).first();
const codeField = (ctx: PathContext) => form(ctx).getByLabel('Two-factor code', { exact: false });
const recoveryField = (ctx: PathContext) => form(ctx).getByRole('textbox', { name: 'Recovery code' });
const button = (ctx: PathContext, name: string) => form(ctx).getByRole('button', { name, exact: true });

const texts = {
  invalidLogin: 'Invalid login or password. Please try again.',
  incorrectCode: 'Incorrect verification code. The code must be 6 characters.',
  twoFaRequired: 'Two-factor code required.',
  network: 'Ooops! Something went wrong, please apply to the support chat.',
  recoveryFormat: 'Enter a recovery code as shown, like 7k2mq-x9b4d',
  timedOut: 'The time for the code ran out. Log in again.',
};

/** The server's refusals, as server/modules/auth/sign-in.ts words them. */
const refusals = {
  TwoFaError: serverRefusal('authentication', 'TwoFaError', texts.twoFaRequired),
  TwoFaCodeError: serverRefusal('authentication', 'TwoFaCodeError', 'Incorrect verification code.'),
  InvalidLogin: serverRefusal('authentication', 'InvalidLogin', texts.invalidLogin),
};

// The server takes each 30 s TOTP step once and only a later one than it last took: the run's last step,
// kept across its paths. A new worker does not know what an earlier one took, so it starts a step ahead.
let lastTotpStep = currentTotpStep() + 1;
async function totpNow() {
  const { code, step } = await nextTotpCode(twofa.secret, lastTotpStep);
  lastTotpStep = step;
  return code;
}
/** A 6-digit code the server refuses now (none of the steps it takes). */
function wrongTotp(typed: string) {
  const step = currentTotpStep();
  const valid = [-1, 0, 1, 2].map((offset) => totpCode(twofa.secret, step + offset));
  let code = typed;
  while (valid.includes(code)) code = String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
  return code;
}

// Recovery codes of twofa@example.com, regenerated once per worker (the seed has none; each works once).
let recoveryCodes: string[] = [];
async function recoveryCode(ctx: PathContext): Promise<string> {
  if (recoveryCodes.length === 0) {
    const session = await apiLogIn(ctx.page, twofa, { code: await totpNow() });
    const { regenerateRecoveryCodes } = await memberCall<{ regenerateRecoveryCodes: { recovery_codes: string[] } }>(
      { ...ctx, state: { token: session.access_token } },
      'mutation ($code: String!) { regenerateRecoveryCodes(twofa_verification_code: $code) { recovery_codes } }',
      { code: await totpNow() },
    );
    recoveryCodes = [...regenerateRecoveryCodes.recovery_codes];
  }
  return recoveryCodes.shift()!;
}

/** The member whose password the form is given, as the answer it is to get needs. */
type Member = 'demo' | 'twofa' | 'unknown';
const credentialsOf = (member: Member) =>
  member === 'demo'
    ? demo
    : member === 'twofa'
      ? twofa
      : // An address nobody has: refused as a wrong password is, counted against that name alone.
        { email: `nobody-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`, password: 'Wrong12345' };

/** Which step of the form the call the answer is for starts from. */
const stepOf = (ctx: PathContext) =>
  ctx.before?.matches({ twoFactor: 'enteringRecoveryCode' }) ? 'recovery' : ctx.before?.matches('twoFactor') ? 'code' : 'password';

/** A product of the demo shop, for the purchase link a member followed before logging in. */
async function someProductId(ctx: PathContext): Promise<string> {
  const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  const { moduleProducts } = await apiCall<{ moduleProducts: { id: string }[] }>(
    ctx.page,
    demoOrigin,
    'query ($uuid: ID!) { moduleProducts(whitelabel_uuid: $uuid) { id } }',
    { uuid },
  );
  return moduleProducts[0]!.id;
}

export const loginDriver: MachineDriver = {
  name: 'login',
  model: loginModel,
  operations: { signIn: 'Login' },
  async prepare(ctx) {
    ctx.state.member = 'demo' satisfies Member;
    if (variantOf(ctx).hasStoredProducts && !variantOf(ctx).inDialog) ctx.state.productId = await someProductId(ctx);
  },
  async open(ctx) {
    const { inDialog, hasStoredProducts } = variantOf(ctx);
    if (inDialog) {
      // A guest adds a monthly product: the store asks for an account at once; the dialog turns to "Log in".
      await ctx.page.goto('/store');
      await ctx.page.getByRole('main').getByRole('link', { name: 'Signals Bot' }).first().click();
      await ctx.page.getByRole('radio', { name: /^Monthly/ }).check();
      await ctx.page.getByRole('button', { name: 'Add to cart' }).click();
      const registration = ctx.page.getByRole('dialog', { name: 'Create an account' });
      await registration.getByRole('button', { name: 'Log in' }).click();
      await expect(form(ctx)).toBeVisible();
      return;
    }
    // A purchase link followed in the store first: it is kept for the login that follows.
    if (hasStoredProducts) {
      // With its cycle: a bare numeric id (/store?products=7) reads as a number in the address and is dropped.
      await ctx.page.goto(`/store?products=${ctx.state.productId}:onetime`);
      await expect(ctx.page.getByRole('main').getByRole('link', { name: 'Signals Bot' }).first()).toBeVisible();
    }
    await ctx.page.goto('/login');
  },
  gestures: {
    'credentials.submit': async (ctx) => {
      const { email, password } = credentialsOf(ctx.state.member);
      await emailField(ctx).fill(email);
      await passwordField(ctx).fill(password);
      await button(ctx, 'Log in').click();
    },
    'code.change': async (ctx, event) => {
      if (ctx.before?.matches({ twoFactor: 'enteringRecoveryCode' })) return recoveryField(ctx).fill(event.code);
      // A complete code is sent at once: the code the app shows now, or one it refuses, as the answer needs.
      const answer = ctx.state.codeAnswer as 'right' | 'wrong' | undefined;
      ctx.state.codeAnswer = undefined;
      const code = event.code.length < 6 ? event.code : answer === 'right' ? await totpNow() : wrongTotp(event.code);
      await codeField(ctx).fill(code);
    },
    'code.submit': async (ctx) => {
      // The member types one of the recovery codes saved when two-factor was turned on.
      if (ctx.state.codeAnswer === 'right' && ctx.before?.matches({ twoFactor: 'enteringRecoveryCode' })) {
        await recoveryField(ctx).fill(await recoveryCode(ctx));
      }
      ctx.state.codeAnswer = undefined;
      await button(ctx, 'Confirm').click();
    },
    'code.cancel': (ctx) => button(ctx, 'Back').click(),
    'recovery.use': (ctx) => button(ctx, 'Lost your phone? Use a recovery code').click(),
    'recovery.cancel': (ctx) => button(ctx, 'Use a code from the app').click(),
  },
  answers: {
    'xstate.done.actor.signIn': async (ctx, event) => {
      const output = event.output as { ok: boolean; reason?: keyof typeof refusals };
      const step = stepOf(ctx);
      if (step === 'password') {
        if (output.ok) ctx.state.member = 'demo';
        else if (output.reason === 'InvalidLogin') ctx.state.member = 'unknown';
        else ctx.state.member = 'twofa';
        if (output.reason === 'TwoFaCodeError') {
          ctx.staged('a refused code, answered to the password alone (the server asks for the code then)');
          await answerUnsent(ctx, 'Login', refusals.TwoFaCodeError);
        }
        return;
      }
      if (output.ok || output.reason === 'TwoFaCodeError') {
        ctx.state.codeAnswer = output.ok ? 'right' : 'wrong';
        return;
      }
      ctx.staged(
        output.reason === 'TwoFaError'
          ? 'the code asked for again once one was sent (the server checks the code sent)'
          : 'a wrong password once the code was sent (the password was right a step before)',
      );
      await answerUnsent(ctx, 'Login', refusals[output.reason!]);
    },
    'xstate.error.actor.signIn': async (ctx) => {
      if (stepOf(ctx) === 'password') ctx.state.member = 'twofa';
      ctx.wire.failOnce('Login');
    },
  },
  delays: {
    'xstate.after.loginCodeReset': (ctx) => ctx.page.clock.fastForward(loginCodeReset),
  },
  // Busy states are checked where the walk holds the call (the member goes back or the time runs out).
  isPassing: () => false,
  screenName: (snapshot) => {
    const name = typeof snapshot.value === 'string' ? snapshot.value : `twoFactor.${(snapshot.value as { twoFactor: string }).twoFactor}`;
    const { error, codeTimedOut } = snapshot.context;
    if (snapshot.matches('editingCredentials') && codeTimedOut) return `${name}-timed-out`;
    return error ? `${name}-error-${error.reason ?? error.code}` : name;
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    const { inDialog, hasStoredProducts } = variantOf(ctx);
    if (snapshot.matches('loggedIn')) {
      if (inDialog) {
        // Signed in from the dialog: the page stays where it was, the login form is gone.
        await expect(ctx.page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0, now);
        await expect(ctx.page).toHaveURL(/\/store/, now);
        return;
      }
      await expect(ctx.page).toHaveURL(hasStoredProducts ? /\/products$/ : /\/dashboard$/, now);
      // The member's menu: the side menu at desktop width, the bottom bar at phone width.
      await expect(ctx.page.getByRole('link', { name: 'Products', exact: true }).filter({ visible: true }).first()).toBeVisible(now);
      return;
    }
    await expect(form(ctx).locator('form')).toHaveAttribute('aria-busy', String(snapshot.hasTag('busy')), now);
    const timedOut = ctx.page.getByText(texts.timedOut);
    if (context.codeTimedOut) await expect(timedOut).toBeVisible(now);
    else await expect(timedOut).toHaveCount(0, now);
    if (snapshot.matches('editingCredentials')) {
      await expect(codeField(ctx)).toHaveCount(0, now);
      await expect(recoveryField(ctx)).toHaveCount(0, now);
      await expect(button(ctx, 'Log in')).toBeEnabled(now);
      const alert = form(ctx).getByTestId('login-error');
      if (context.error) await expect(alert).toHaveText(alertText(context.error), now);
      else await expect(alert).toHaveCount(0, now);
      return;
    }
    // The code step: the password step's fields stay, read-only, with what was typed.
    await expect(emailField(ctx)).toHaveAttribute('readonly', '', now);
    await expect(emailField(ctx)).toHaveValue(twofa.email, now);
    await expect(button(ctx, 'Back')).toBeEnabled(now);
    await expect(form(ctx).getByTestId('login-error')).toHaveCount(0, now);
    const recovery = snapshot.hasTag('recovery');
    const field = recovery ? recoveryField(ctx) : codeField(ctx);
    await expect(recovery ? codeField(ctx) : recoveryField(ctx)).toHaveCount(0, now);
    if (snapshot.hasTag('busy')) {
      await expect(field).toBeDisabled(now);
      return;
    }
    await expect(field).toBeEnabled(now);
    await expect(field).toHaveValue(context.code, now);
    await expect(button(ctx, recovery ? 'Use a code from the app' : 'Lost your phone? Use a recovery code')).toBeEnabled(now);
    const message = !context.error ? null : context.error.code === 'validation' ? texts.recoveryFormat : texts.incorrectCode;
    if (message) await expect(form(ctx).getByText(message)).toBeVisible(now);
    else {
      await expect(form(ctx).getByText(texts.incorrectCode)).toHaveCount(0, now);
      await expect(form(ctx).getByText(texts.recoveryFormat)).toHaveCount(0, now);
    }
  },
};

/** What the form's alert says for the model's error, as the real server's refusal (or a lost call) shows it. */
function alertText(error: NonNullable<AnyMachineSnapshot['context']['error']>): string {
  if (error.code === 'network') return texts.network;
  if (error.reason === 'TwoFaCodeError') return texts.incorrectCode;
  if (error.reason === 'TwoFaError') return texts.twoFaRequired;
  return texts.invalidLogin;
}
