// The new password's model paths on the real /newpassword page: the link the server mailed to a member of
// the path's own (registered through the API, then a reset asked for), so the demo members keep their
// passwords; a link whose token the server never issued is refused by it; a lost call is a network error.
import { expect } from '@playwright/test';
import { apiCall, demoOrigin, freshEmail, lastMail, whiteLabelUuid } from '../e2e/support';
import { newPasswordModel } from '../models/new-password.model';
import type { MachineDriver, PathContext } from './driver';

const form = (ctx: PathContext) => ctx.page.getByRole('main');
const texts = {
  network: 'Ooops! Something went wrong, please apply to the support chat.',
  invalidLink: 'This link is not valid any more. Ask for a new one.',
  saved: 'Your new password is set.',
};

/** The reset link mailed to a new member of the path's own. */
async function mailedLink(ctx: PathContext): Promise<string> {
  const email = freshEmail('paths-reset');
  const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  await apiCall(
    ctx.page,
    demoOrigin,
    `mutation ($email: String!, $uuid: ID!) {
      createUser(name: "Forgetful Member", email: $email, password: "Secret123", lang: "en", whitelabel_uuid: $uuid, source: "localhost") { id }
    }`,
    { email, uuid },
  );
  await apiCall(ctx.page, demoOrigin, 'mutation ($email: String!, $uuid: ID!) { forgotPassword(whitelabel_uuid: $uuid, email: $email) { status } }', { email, uuid });
  await expect.poll(async () => (await lastMail(ctx.request, email))?.text, { message: `a reset link mailed to ${email}` }).toMatch(/\/newpassword\//);
  return /(\/newpassword\/\S+)/.exec((await lastMail(ctx.request, email))!.text)![1]!;
}

/** A link in the mail's form whose token the server never issued. */
const unknownLink = () => `/newpassword/${'0'.repeat(40)}?email=${encodeURIComponent('demo@example.com')}`;

export const newPasswordDriver: MachineDriver = {
  name: 'new-password',
  model: newPasswordModel,
  operations: { setPassword: 'ResetPassword' },
  async prepare(ctx) {
    // The page opens the link before the answer's step: the path's answer decides which link it is.
    const saved = ctx.path.path.steps.some((step) => (step.event as { type: string; output?: { ok: boolean } }).type === 'xstate.done.actor.setPassword' && (step.event as { output: { ok: boolean } }).output.ok);
    ctx.state.link = saved ? await mailedLink(ctx) : unknownLink();
  },
  async open(ctx) {
    await ctx.page.goto(ctx.state.link);
  },
  gestures: {
    'password.submit': async (ctx, event) => {
      await form(ctx).getByRole('textbox', { name: 'New password', exact: true }).fill(event.password);
      await form(ctx).getByRole('textbox', { name: 'Repeat the new password' }).fill(event.confirmation);
      await form(ctx).getByRole('button', { name: 'Save the new password' }).click();
    },
  },
  answers: {
    // The link the page opened is the answer's (prepare).
    'xstate.done.actor.setPassword': async () => {},
    'xstate.error.actor.setPassword': async (ctx) => ctx.wire.failOnce('ResetPassword'),
  },
  delays: {},
  isPassing: () => false,
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    if (snapshot.matches('saved')) {
      await expect(form(ctx).getByRole('status')).toHaveText(texts.saved, now);
      await expect(form(ctx).getByRole('link', { name: 'Log in' })).toBeVisible(now);
      return;
    }
    if (snapshot.matches('linkInvalid')) {
      await expect(form(ctx).getByRole('alert')).toHaveText(texts.invalidLink, now);
      await expect(form(ctx).getByRole('button', { name: 'Save the new password' })).toHaveCount(0, now);
      return;
    }
    await expect(form(ctx).locator('form')).toHaveAttribute('aria-busy', String(snapshot.hasTag('busy')), now);
    await expect(form(ctx).getByRole('button', { name: 'Save the new password' })).toBeVisible(now);
    const alert = form(ctx).getByRole('alert');
    if (context.error) await expect(alert).toHaveText(texts.network, now);
    else await expect(alert).toHaveCount(0, now);
  },
};
