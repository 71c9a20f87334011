// The email link's model paths on the real /verifyemail page: the link the server mailed to a new address
// (registered through the API) confirms it and signs the member in; a link with a token the server never
// issued is refused by it; a lost call is a network error on the wire.
import { expect } from '@playwright/test';
import { apiCall, demoOrigin, freshEmail, lastMail, whiteLabelUuid } from '../e2e/support';
import { verifyEmailModel } from '../models/verify-email.model';
import type { MachineDriver, PathContext } from './driver';

/** A new address registered through the API: the link of the mail the server sent it. */
async function mailedLink(ctx: PathContext): Promise<string> {
  const email = freshEmail('paths-link');
  const uuid = await whiteLabelUuid(ctx.page, demoOrigin);
  await apiCall(
    ctx.page,
    demoOrigin,
    `mutation ($email: String!, $uuid: ID!) {
      createUser(name: "Linked Member", email: $email, password: "Secret123", lang: "en", whitelabel_uuid: $uuid, source: "localhost") { id }
    }`,
    { email, uuid },
  );
  await expect.poll(async () => (await lastMail(ctx.request, email))?.text, { message: `a link mailed to ${email}` }).toMatch(/\/verifyemail\//);
  return /(\/verifyemail\/\S+)/.exec((await lastMail(ctx.request, email))!.text)![1]!;
}

/** A link in the mail's form whose token the server never issued. */
const unknownLink = () => `/verifyemail/${'0'.repeat(40)}?email=${encodeURIComponent(freshEmail('paths-link'))}`;

export const verifyEmailDriver: MachineDriver = {
  name: 'verify-email',
  model: verifyEmailModel,
  operations: { verifyLink: 'VerifyEmail' },
  prepare: async () => {},
  open: (ctx) => ctx.page.goto(ctx.state.link).then(() => undefined),
  gestures: {},
  answers: {
    'xstate.done.actor.verifyLink': async (ctx, event) => {
      ctx.state.link = event.output.ok ? await mailedLink(ctx) : unknownLink();
    },
    'xstate.error.actor.verifyLink': async (ctx) => {
      ctx.state.link = unknownLink();
      ctx.wire.failOnce('VerifyEmail');
    },
  },
  delays: {},
  isPassing: () => false,
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    if (snapshot.matches('verified')) {
      await expect(ctx.page).toHaveURL(/\/dashboard$/, now);
      // The member's menu: the side menu at desktop width, the bottom bar at phone width.
      await expect(ctx.page.getByRole('link', { name: 'Products', exact: true }).filter({ visible: true }).first()).toBeVisible(now);
      return;
    }
    if (snapshot.matches('failed')) {
      await expect(ctx.page.getByRole('alert')).toHaveText('Account activation failed: check the link.', now);
      await expect(ctx.page.getByText('Checking your link…')).toHaveCount(0, now);
      return;
    }
    await expect(ctx.page.getByText('Checking your link…')).toBeVisible(now);
  },
};
