// Course access, the model's paths on the real course view: the demo member's "Members' club" course, which comes
// with the platform subscription (server/modules/learning/demo-data.ts). The model opens it while the subscription
// is active, so the Demo Portal's owner activates the subscription for real before the first walk (a month, paid
// from the owner's balance, as tests/e2e/tariffs.spec.ts does): the open course, its lessons and their reopening
// are the server's own. The server cannot end a paid subscription, so the subscription's answers that say it is
// not active (for the member, or for the owner, who may renew it) are staged from the server's own answer with
// `active` (and `can_activate`) changed; a lost answer is a dropped call. The tab is hidden and shown as the
// browser tells the page; the 30 s poll is Playwright's clock.
import { expect, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { subscriptionPoll } from '../../domain/timing';
import type { SubscriptionStatus } from '../../machines/learning/course-access.types';
import { courseAccessModel } from '../models/course-access.model';
import { apiLogIn } from '../e2e/support';
import type { MachineDriver, PathContext } from './driver';
import { hideTab, memberCall, memberCourse, setCourseProgress, showTab, signInFor } from './support';

const owner = { email: 'owner@example.com', password: 'Demo12345' };
const courseName = "Members' club: market notes";

type Answer = 'server' | 'fail' | Pick<SubscriptionStatus, 'active' | 'can_activate'>;

/** The Demo Portal's subscription made active by its owner, once per run: a month's invoice paid from the owner's balance. */
export async function activateSubscription(ctx: PathContext) {
  const { whiteLabelUserActiveSubscription: now } = await memberCall<{ whiteLabelUserActiveSubscription: SubscriptionStatus | null }>(
    ctx,
    '{ whiteLabelUserActiveSubscription { active } }',
  );
  if (now?.active) return;
  const { access_token } = await apiLogIn(ctx.page, owner);
  const asOwner = { ...ctx, state: { token: access_token } };
  const { whiteLabelActivateSubscription: invoice } = await memberCall<{ whiteLabelActivateSubscription: { id: string } }>(
    asOwner,
    'mutation ($key: String) { whiteLabelActivateSubscription(period: "monthly", idempotency_key: $key) { id } }',
    { key: `paths-subscription-${Date.now()}` },
  );
  await memberCall(asOwner, 'mutation ($id: ID!, $key: String) { payFromBalance(invoice_id: $id, idempotency_key: $key) { status } }', {
    id: invoice.id,
    key: `paths-subscription-pay-${Date.now()}`,
  });
}

/**
 * Every subscription question of the page (the course view's poll and the app's own) answered as the step says:
 * the server's answer, that answer with the subscription not active, or no answer. All of them alike, so the
 * app's own poll never tells the page otherwise; kept out of the wire's holds, which a question of the app's own
 * could take in the course view's place (a question left unanswered by a hidden tab ends with its flow anyway).
 */
async function answerSubscription(ctx: PathContext) {
  ctx.state.answer = 'server' satisfies Answer;
  await ctx.page.route('**/graphql', async (route: Route) => {
    if (!/query ActiveSubscription\b/.test(route.request().postData() ?? '')) return route.fallback();
    const answer: Answer = ctx.state.answer;
    if (answer === 'fail') return route.abort('connectionrefused');
    const response = await route.fetch();
    const json = await response.json();
    if (answer !== 'server' && json?.data?.whiteLabelUserActiveSubscription) Object.assign(json.data.whiteLabelUserActiveSubscription, answer);
    await route.fulfill({ response, json });
  });
}

const locked = (ctx: PathContext) => ctx.page.getByTestId('course-locked');
const lesson = (ctx: PathContext) => ctx.page.getByTestId('lesson');

export const courseAccessDriver: MachineDriver = {
  name: 'course-access',
  model: courseAccessModel,
  operations: { fetchSubscription: 'ActiveSubscription' },
  async prepare(ctx) {
    await signInFor(ctx, 'demo');
    await activateSubscription(ctx);
    // Its lectures not done, whatever a lesson walk left (the course's end would show above the lesson).
    await setCourseProgress(ctx, await memberCourse(ctx, courseName), false);
    await answerSubscription(ctx);
  },
  async open(ctx) {
    await ctx.page.goto('/my-courses');
    await ctx.page.getByTestId('course-card').filter({ hasText: "Members' club" }).getByRole('link').first().click();
    await expect(ctx.page.getByRole('heading', { level: 1, name: courseName })).toBeVisible();
  },
  gestures: {
    'page.hidden': (ctx) => hideTab(ctx.page),
    'page.visible': (ctx) => showTab(ctx.page),
  },
  answers: {
    'xstate.done.actor.fetchSubscription': async (ctx, event) => {
      const output = event.output as SubscriptionStatus;
      if (output.active) {
        ctx.state.answer = 'server';
        return;
      }
      ctx.staged(`the subscription not active${output.can_activate ? ', as its owner sees it' : ''} (the server cannot end a paid one)`);
      ctx.state.answer = { active: false, can_activate: output.can_activate } satisfies Answer;
    },
    'xstate.error.actor.fetchSubscription': async (ctx) => {
      ctx.state.answer = 'fail';
    },
  },
  delays: {
    'xstate.after.subscriptionPoll.': async (ctx) => ctx.page.clock.fastForward(subscriptionPoll),
  },
  isPassing: () => false,
  // The poll shows nothing of its own: the screen is the course's, open or locked.
  screenName: (snapshot) =>
    snapshot.hasTag('locked') ? (snapshot.context.subscription?.can_activate ? 'access.locked-owner' : 'access.locked') : 'access.open',
  async expectScreen(ctx, snapshot: AnyMachineSnapshot) {
    const now = { timeout: 1 };
    await expect(ctx.page.getByRole('heading', { level: 1, name: courseName })).toBeVisible(now);
    if (snapshot.hasTag('locked')) {
      await expect(locked(ctx)).toContainText('The lessons are locked', now);
      await expect(locked(ctx)).toContainText('This course comes with the subscription, which is not active.', now);
      const renew = ctx.page.getByRole('link', { name: 'Renew the subscription' });
      // Only the portal's owner can renew it; anyone else is told who can.
      if (snapshot.context.subscription?.can_activate) await expect(renew).toHaveAttribute('href', '/subscriptions', now);
      else {
        await expect(renew).toHaveCount(0, now);
        await expect(locked(ctx)).toContainText('The portal’s owner manages the subscription.', now);
      }
      await expect(lesson(ctx)).toHaveCount(0, now);
      return;
    }
    await expect(locked(ctx)).toHaveCount(0, now);
    await expect(lesson(ctx)).toBeVisible(now);
    await expect(lesson(ctx).getByRole('heading', { level: 2, name: /^(Market notes in video|Reading list)$/ })).toBeVisible(now);
  },
};

