// The registration's model paths in the real form: on /register (after a purchase link in the store for the
// variant that has one stored), or in the store's "Create an account" dialog a guest gets on adding a
// monthly product. The code from the email is the server's own: a registration the path verifies is a real
// one of a new address, its code read from the dev mailbox; a wrong code is refused by the server. The
// server counts every registration and every mail per address (20 an hour, server/modules/auth/registration.ts),
// which the 53 paths of one run (twice over for the gallery) would pass many times: the other answers to
// Register and to "Send the code again" are the server's own in its form, given without reaching it (a
// registration no code follows, an address waiting for its code, an address taken, a resend the server's
// own 120 s would refuse because only the page's clock was moved on).
import { expect, type Locator } from '@playwright/test';
import type { EventObject } from 'xstate';
import { resendWait } from '../../domain/timing';
import { apiCall, demoOrigin, freshEmail, lastMail, whiteLabelUuid } from '../e2e/support';
import { registrationModel } from '../models/registration.model';
import { NotOnPage, serverRefusal, type MachineDriver, type PathContext } from './driver';
import { answerUnsent } from './support';

type Variant = { inDialog: boolean; hasStoredProducts: boolean; referralOnly: boolean };
const variantOf = (ctx: PathContext) => ctx.path.input as Variant;

const root = (ctx: PathContext): Locator =>
  variantOf(ctx).inDialog ? ctx.page.getByRole('dialog', { name: 'Create an account' }) : ctx.page.getByRole('main');
const codeField = (ctx: PathContext) => root(ctx).getByLabel('Code from the email', { exact: false });
const button = (ctx: PathContext, name: string | RegExp) => root(ctx).getByRole('button', { name, exact: typeof name === 'string' });

const texts = {
  network: 'Ooops! Something went wrong, please apply to the support chat.',
  incorrectCode: 'Incorrect verification code. The code must be 6 characters.',
  emailTaken: 'This email is already registered',
  referralOnly: 'Registration is possible via referral link only.',
  tooMany: (seconds: number) => `Too many attempts. Try again in ${seconds} s.`,
};

/** The server's answers in its own form (server/modules/auth/registration.ts, server/errors.ts). */
const answersOf = {
  registered: (email: string) => ({ data: { createUser: { id: '0', name: 'New Member', obfuscated_email: email.replace(/^(.).*@/, '$1***@') } } }),
  notVerified: serverRefusal('conflict', 'NotVerified', 'The email is not verified yet.'),
  referralOnly: serverRefusal('forbidden', 'ReferralLinkOnly', texts.referralOnly),
  emailTaken: {
    data: null,
    errors: [{ message: 'The given data was invalid.', extensions: { category: 'validation', fields: { email: ['This email is already registered'] }, codes: { email: ['emailTaken'] } } }],
  },
  codeSent: { data: { sendVerificationCode: { status: 'success', message: 'The code was sent.' } } },
  tooSoon: (seconds: number) => ({
    data: null,
    errors: [{ message: `Please wait ${seconds} s before asking for another code.`, extensions: { category: 'rate_limited', reason: 'TooManyAttempts', retry_after: seconds } }],
  }),
};

/**
 * Per answer of Register along the path, in order: whether the server makes it (a registration whose code
 * the path then types and the server takes, before the next registration), or has the address waiting for
 * its code already (registered through the API before the step that answers NotVerified).
 */
function realRegistrations(ctx: PathContext): (boolean | 'waiting')[] {
  const events = ctx.path.path.steps.map((step) => step.event as EventObject & { output?: { ok: boolean } });
  const registers = events.flatMap((event, index) => (event.type === 'xstate.done.actor.register' || event.type === 'xstate.error.actor.register' ? [index] : []));
  return registers.map((at, nth) => {
    const until = registers[nth + 1] ?? events.length;
    const done = events[at]!.type === 'xstate.done.actor.register';
    const verified = events.slice(at + 1, until).some((event) => event.type === 'xstate.done.actor.verifyCode' && event.output?.ok === true);
    if (!done || !verified) return false;
    return events[at]!.output?.ok === true ? true : 'waiting';
  });
}

/** A product of the demo shop, for the purchase link a visitor followed before registering. */
async function someProductId(ctx: PathContext): Promise<string> {
  const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  const { moduleProducts } = await apiCall<{ moduleProducts: { id: string }[] }>(ctx.page, demoOrigin, 'query ($uuid: ID!) { moduleProducts(whitelabel_uuid: $uuid) { id } }', {
    uuid,
  });
  return moduleProducts[0]!.id;
}

/** The path's address registered through the API (the server mails its code), as an earlier visit left it. */
async function registerThroughApi(ctx: PathContext) {
  const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  await apiCall(
    ctx.page,
    demoOrigin,
    `mutation ($email: String!, $uuid: ID!) {
      createUser(name: "New Member", email: $email, password: "Secret123", lang: "en", whitelabel_uuid: $uuid, source: "localhost") { id }
    }`,
    { email: ctx.state.email, uuid },
  );
}

/** The code the server mailed to the path's address last. */
async function mailedCode(ctx: PathContext): Promise<string> {
  const email = ctx.state.email as string;
  await expect.poll(async () => (await lastMail(ctx.request, email))?.text, { message: `a code mailed to ${email}` }).toMatch(/\b\d{6}\b/);
  return /\b(\d{6})\b/.exec((await lastMail(ctx.request, email))!.text)![1]!;
}

export const registrationDriver: MachineDriver = {
  name: 'registration',
  model: registrationModel,
  operations: { register: 'Register', verifyCode: 'VerifyEmail', sendCode: 'SendVerificationCode' },
  async prepare(ctx) {
    ctx.state.real = realRegistrations(ctx);
    ctx.state.email = freshEmail('paths-reg');
    if (variantOf(ctx).hasStoredProducts) ctx.state.productId = await someProductId(ctx);
  },
  async open(ctx) {
    const { inDialog, hasStoredProducts, referralOnly } = variantOf(ctx);
    if (referralOnly) throw new NotOnPage('No tenant of the demo data registers only through referral links (signup_reflink_only is off for all).');
    if (inDialog) {
      // A guest adds a monthly product: the store asks for an account at once.
      await ctx.page.goto('/store');
      await ctx.page.getByRole('main').getByRole('link', { name: 'Signals Bot' }).first().click();
      await ctx.page.getByRole('radio', { name: /^Monthly/ }).check();
      await ctx.page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(root(ctx)).toBeVisible();
      return;
    }
    if (hasStoredProducts) {
      // A purchase link followed in the store first (with its cycle: a bare numeric id is dropped by the address).
      await ctx.page.goto(`/store?products=${ctx.state.productId}:onetime`);
      await expect(ctx.page.getByRole('main').getByRole('link', { name: 'Signals Bot' }).first()).toBeVisible();
    }
    await ctx.page.goto('/register');
  },
  gestures: {
    'registration.submit': async (ctx, { values }) => {
      const form = root(ctx);
      await form.getByRole('textbox', { name: 'Name' }).fill(values.name);
      await form.getByRole('textbox', { name: 'Email' }).fill(ctx.state.email);
      const password = form.getByLabel('Password', { exact: false }).first();
      await password.fill(values.password);
      // Leaving the field checks it (a message moves the form down) before the checkbox is clicked.
      await password.press('Tab');
      await form.getByRole('checkbox').setChecked(values.terms);
      await button(ctx, 'Register').click();
    },
    'registration.edit': (ctx) => button(ctx, 'Change the email').click(),
    'code.change': async (ctx, { code }) => {
      const right = ctx.state.codeAnswer === 'right';
      ctx.state.codeAnswer = undefined;
      await codeField(ctx).fill(right && code.length === 6 ? await mailedCode(ctx) : code);
    },
    'code.submit': (ctx) => button(ctx, 'Confirm').click(),
    'code.resend': (ctx) => button(ctx, 'Send the code again').click(),
    'login.choose': (ctx) => button(ctx, 'Log in').click(),
  },
  answers: {
    'xstate.done.actor.register': async (ctx, event) => {
      const real = (ctx.state.real as (boolean | 'waiting')[]).shift();
      const output = event.output as { ok: boolean; reason?: string };
      if (output.ok) {
        // Each registration of the path is of a new address.
        ctx.state.email = freshEmail('paths-reg');
        if (real) return ctx.wire.clear('Register');
        ctx.staged('the account made and its code mailed (no code of it is typed; the server counts registrations per address)');
        return answerUnsent(ctx, 'Register', answersOf.registered(ctx.state.email));
      }
      if (output.reason === 'NotVerified') {
        if (real === 'waiting') await registerThroughApi(ctx);
        ctx.staged(
          real === 'waiting'
            ? 'the address registered before (through the API) and waiting for its code: registered again, answered without reaching the server, which counts registrations per address'
            : 'the address waits for its code (registered again: the server counts registrations per address)',
        );
        return answerUnsent(ctx, 'Register', answersOf.notVerified);
      }
      ctx.staged('registration only through a referral link (no tenant of the demo data has it)');
      return answerUnsent(ctx, 'Register', answersOf.referralOnly);
    },
    'xstate.error.actor.register': async (ctx) => {
      (ctx.state.real as unknown[]).shift();
      ctx.staged('the address is taken (the server counts registrations per address, refused ones too)');
      return answerUnsent(ctx, 'Register', answersOf.emailTaken);
    },
    'xstate.done.actor.verifyCode': async (ctx, event) => {
      // The server's own: the mailed code passes; a code not mailed is refused.
      ctx.state.codeAnswer = event.output.ok ? 'right' : 'wrong';
      ctx.wire.clear('VerifyEmail');
    },
    'xstate.error.actor.verifyCode': async (ctx) => ctx.wire.failOnce('VerifyEmail'),
    'xstate.done.actor.sendCode': async (ctx, event) => {
      if (event.output.ok) {
        ctx.staged('a new code mailed (the server counts mails per address, and its own 120 s have not passed)');
        return answerUnsent(ctx, 'SendVerificationCode', answersOf.codeSent);
      }
      ctx.staged('a new code refused as too soon');
      return answerUnsent(ctx, 'SendVerificationCode', answersOf.tooSoon(event.output.error.retryAfter ?? 30));
    },
    'xstate.error.actor.sendCode': async (ctx) => ctx.wire.failOnce('SendVerificationCode'),
  },
  delays: {
    'xstate.after.resendWait': (ctx) => ctx.page.clock.fastForward(resendWait),
  },
  isPassing: () => false,
  screenName: (snapshot) => {
    const { error } = snapshot.context;
    const name =
      typeof snapshot.value === 'string'
        ? snapshot.value
        : `awaitingCode.${(snapshot.value as { awaitingCode: { code: string; resend: string } }).awaitingCode.code}+${(snapshot.value as { awaitingCode: { resend: string } }).awaitingCode.resend}`;
    return error ? `${name}-error-${error.reason ?? error.code}` : name;
  },
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    const { inDialog, hasStoredProducts } = variantOf(ctx);
    if (snapshot.matches('registered')) {
      if (inDialog) {
        await expect(ctx.page.getByRole('dialog', { name: 'Create an account' })).toHaveCount(0, now);
        await expect(ctx.page).not.toHaveURL(/\/register/, now);
        return;
      }
      await expect(ctx.page).toHaveURL(hasStoredProducts ? /\/products$/ : /\/dashboard$/, now);
      // The member's menu: the side menu at desktop width, the bottom bar at phone width.
      await expect(ctx.page.getByRole('link', { name: 'Products', exact: true }).filter({ visible: true }).first()).toBeVisible(now);
      return;
    }
    if (snapshot.matches('loginChosen')) {
      if (inDialog) await expect(ctx.page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Log in', exact: true })).toBeEnabled(now);
      else {
        await expect(ctx.page).toHaveURL(/\/login$/, now);
        await expect(ctx.page.getByRole('main').getByRole('button', { name: 'Log in', exact: true })).toBeEnabled(now);
      }
      return;
    }
    const form = root(ctx).locator('form');
    await expect(form).toHaveAttribute('aria-busy', String(snapshot.hasTag('busy')), now);
    if (snapshot.matches('fillingForm') || snapshot.matches('registering')) {
      await expect(codeField(ctx)).toHaveCount(0, now);
      await expect(button(ctx, 'Register')).toBeVisible(now);
      const alert = root(ctx).getByTestId('registration-error');
      if (context.error) await expect(alert).toHaveText(errorText(context.error), now);
      else await expect(alert).toHaveCount(0, now);
      return;
    }
    // Step 2: the code.
    await expect(root(ctx).getByRole('status').filter({ hasText: 'We sent' })).toHaveText(
      `We sent a 6-digit code to ${ctx.state.email}. It is valid for 10 minutes.`,
      now,
    );
    await expect(root(ctx).getByTestId('registration-error')).toHaveCount(0, now);
    if (snapshot.matches({ awaitingCode: { resend: 'waiting' } })) {
      await expect(button(ctx, /^Send the code again in \d:\d\d$/)).toBeDisabled(now);
    } else if (snapshot.matches({ awaitingCode: { resend: 'available' } })) {
      await expect(button(ctx, 'Send the code again')).toBeEnabled(now);
    } else {
      await expect(button(ctx, 'Send the code again')).toHaveAttribute('data-loading', 'true', now);
    }
    if (snapshot.matches({ awaitingCode: { code: 'verifying' } })) {
      await expect(codeField(ctx)).toBeDisabled(now);
      return;
    }
    await expect(codeField(ctx)).toBeEnabled(now);
    await expect(codeField(ctx)).toHaveValue(context.code, now);
    if (context.error) await expect(root(ctx).getByText(errorText(context.error))).toBeVisible(now);
    else await expect(root(ctx).getByText(texts.incorrectCode)).toHaveCount(0, now);
  },
};

/** What the form says for the model's error, as the server's answer (or a lost call) shows it. */
function errorText(error: { code: string; reason?: string; retryAfter?: number; fieldCodes?: Record<string, string[]> }): string {
  if (error.code === 'network') return texts.network;
  if (error.fieldCodes?.email?.includes('emailTaken')) return texts.emailTaken;
  if (error.reason === 'ReferralLinkOnly') return texts.referralOnly;
  if (error.reason === 'TooManyAttempts') return texts.tooMany(error.retryAfter ?? 30);
  return texts.incorrectCode;
}
