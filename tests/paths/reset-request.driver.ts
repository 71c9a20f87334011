// The reset request's model path on the real /resetpassword page: the server mails the demo member a link
// (its answer is the same for any address). The server refuses a request only once its mails per address
// are spent (20 an hour, not to be reached on demand: it answers a repeat within 60 s as it answers the
// first, silently sending nothing): that refusal is its own in its form, given without reaching it.
import { expect } from '@playwright/test';
import { resetRequestModel } from '../models/reset-request.model';
import { type MachineDriver, type PathContext } from './driver';
import { answerUnsent } from './support';

const form = (ctx: PathContext) => ctx.page.getByRole('main');
const emailField = (ctx: PathContext) => form(ctx).getByRole('textbox', { name: 'Email' });

const texts = {
  network: 'Ooops! Something went wrong, please apply to the support chat.',
  tooMany: (seconds: number) => `Too many attempts. Try again in ${seconds} s.`,
};

export const resetRequestDriver: MachineDriver = {
  name: 'reset-request',
  model: resetRequestModel,
  operations: { requestReset: 'ForgotPassword' },
  prepare: async () => {},
  async open(ctx) {
    await ctx.page.goto('/login');
    await form(ctx).getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(ctx.page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  },
  gestures: {
    'reset.submit': async (ctx, event) => {
      await emailField(ctx).fill(event.email);
      await form(ctx).getByRole('button', { name: 'Send the link' }).click();
    },
    'reset.again': (ctx) => form(ctx).getByRole('button', { name: 'Use another email' }).click(),
  },
  answers: {
    'xstate.done.actor.requestReset': async (ctx, event) => {
      if (event.output.ok) return ctx.wire.clear('ForgotPassword');
      const seconds = event.output.error.retryAfter ?? 60;
      ctx.staged("the address's mails spent (20 an hour: the server's own refusal, in its form)");
      await answerUnsent(ctx, 'ForgotPassword', {
        data: null,
        errors: [{ message: `Too many requests from your address. Try again in ${seconds} s.`, extensions: { category: 'rate_limited', reason: 'TooManyAttempts', retry_after: seconds } }],
      });
    },
    'xstate.error.actor.requestReset': async (ctx) => ctx.wire.failOnce('ForgotPassword'),
  },
  delays: {},
  isPassing: () => false,
  async expectScreen(ctx, snapshot) {
    const now = { timeout: 1 };
    const { context } = snapshot;
    if (snapshot.matches('sent')) {
      await expect(form(ctx).getByRole('status')).toContainText(context.email, now);
      await expect(form(ctx).getByRole('button', { name: 'Use another email' })).toBeEnabled(now);
      await expect(emailField(ctx)).toHaveCount(0, now);
      return;
    }
    await expect(form(ctx).locator('form')).toHaveAttribute('aria-busy', String(snapshot.hasTag('busy')), now);
    await expect(form(ctx).getByRole('button', { name: 'Send the link' })).toBeVisible(now);
    const alert = form(ctx).getByRole('alert');
    if (!context.error) await expect(alert).toHaveCount(0, now);
    else await expect(alert).toHaveText(context.error.code === 'network' ? texts.network : texts.tooMany(context.error.retryAfter ?? 60), now);
  },
};
