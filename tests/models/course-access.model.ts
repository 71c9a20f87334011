import { courseAccessMachine } from '../../machines/learning/course-access.machine';
import type { CourseAccessEvent, CourseAccessInput, SubscriptionStatus } from '../../machines/learning/course-access.types';
import { flattenFixtures, networkError, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const activeSubscription: SubscriptionStatus = { enabled: true, active: true, till: '2027-01-31T00:00:00.000Z', can_activate: false };
export const inactiveSubscription: SubscriptionStatus = { enabled: true, active: false, till: '2026-10-31T00:00:00.000Z', can_activate: false };
/** As the portal's owner sees it: the owner may renew it. */
export const inactiveForOwner: SubscriptionStatus = { ...inactiveSubscription, can_activate: true };

/** A course that comes with the subscription, opened while the subscription is active. */
export const subscriptionCourse: CourseAccessInput = { requiresSubscription: true, subscription: activeSubscription };

export const courseAccessFixtures = {
  'page.hidden': [{ type: 'page.hidden' }],
  'page.visible': [{ type: 'page.visible' }],
  'xstate.done.actor.fetchSubscription': [
    { type: 'xstate.done.actor.fetchSubscription', output: inactiveSubscription },
    { type: 'xstate.done.actor.fetchSubscription', output: inactiveForOwner },
    { type: 'xstate.done.actor.fetchSubscription', output: activeSubscription },
  ],
  'xstate.error.actor.fetchSubscription': [{ type: 'xstate.error.actor.fetchSubscription', error: networkError }],
  'xstate.after.subscriptionPoll.courseAccess.polling.waiting': [{ type: 'xstate.after.subscriptionPoll.courseAccess.polling.waiting' }],
} satisfies {
  [K in CourseAccessEvent['type']]: Extract<CourseAccessEvent, { type: K }>[];
} & {
  'xstate.done.actor.fetchSubscription': DoneEvent<'fetchSubscription', SubscriptionStatus | null>[];
  'xstate.error.actor.fetchSubscription': ErrorEvent<'fetchSubscription'>[];
  'xstate.after.subscriptionPoll.courseAccess.polling.waiting': { type: string }[];
};

export const courseAccessModel: Model<typeof courseAccessMachine> = {
  machine: courseAccessMachine,
  inputs: [{ label: 'course with the subscription', input: subscriptionCourse }],
  events: flattenFixtures(courseAccessFixtures),
  contextKeys: ['subscription'],
};
