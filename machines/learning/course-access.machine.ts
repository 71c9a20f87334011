// Course access (spec §4 "Lessons", calls §4 "Polling"): while the member is in the course view, the
// active subscription is asked every 30 s, not while the tab is hidden (once more as soon as it is
// visible again). What it means for the course is the contract's (Course.requires_subscription, Beyond
// §7): a course that comes with the subscription locks its lessons while the subscription is enabled and
// not active, and opens them again, without a reload, when a renewal shows up; other courses stay open.
import { assign, setup } from 'xstate';
import { notProvidedAction, notProvidedActor, notProvidedCallback } from '../shared/not-provided';
import { subscriptionPoll } from '../../domain/timing';
import type { CourseAccessContext, CourseAccessEvent, CourseAccessInput, SubscriptionStatus } from './course-access.types';

const isLapsed = ({ requiresSubscription, subscription }: CourseAccessContext) =>
  requiresSubscription && subscription !== null && subscription.enabled && !subscription.active;

export const courseAccessMachine = setup({
  types: {
    context: {} as CourseAccessContext,
    events: {} as CourseAccessEvent,
    input: {} as CourseAccessInput,
  },
  actors: {
    /** whiteLabelUserActiveSubscription, from the network. */
    fetchSubscription: notProvidedActor<SubscriptionStatus | null>('fetchSubscription'),
    /** Reports whether the tab is hidden or visible. */
    watchPage: notProvidedCallback('watchPage'),
  },
  actions: {
    /** The server keeps a locked course's lessons back: fetch them again once it opens. */
    refreshCourse: notProvidedAction('refreshCourse'),
  },
  guards: {
    isLocked: ({ context }) => isLapsed(context),
    isOpen: ({ context }) => !isLapsed(context),
  },
  delays: { subscriptionPoll },
}).createMachine({
  id: 'courseAccess',
  context: ({ input }) => input,
  type: 'parallel',
  invoke: { id: 'watchPage', src: 'watchPage' },
  states: {
    polling: {
      // The route has just loaded the subscription: the first question comes after 30 s.
      initial: 'waiting',
      states: {
        fetching: {
          meta: { description: 'Asks the server for the active subscription.' },
          invoke: {
            id: 'fetchSubscription',
            src: 'fetchSubscription',
            onDone: {
              target: 'waiting',
              actions: assign({ subscription: ({ event }) => event.output }),
              meta: { description: 'Subscription fetched' },
            },
            // No answer this time: the course stays as it is; ask again at the next poll.
            onError: { target: 'waiting', meta: { description: 'Fetch failed' } },
          },
          on: { 'page.hidden': { target: 'paused', meta: { description: 'Tab hidden' } } },
        },
        waiting: {
          meta: { description: 'The next question comes in 30 s.' },
          after: { subscriptionPoll: { target: 'fetching', meta: { description: 'Time to ask again' } } },
          on: { 'page.hidden': { target: 'paused', meta: { description: 'Tab hidden' } } },
        },
        paused: {
          meta: { description: 'The tab is hidden: no questions until it is visible again.' },
          on: { 'page.visible': { target: 'fetching', meta: { description: 'Tab shown again' } } },
        },
      },
    },
    access: {
      initial: 'open',
      states: {
        open: {
          meta: { description: 'The lessons play (the course does not need the subscription, or it is active).' },
          always: { guard: 'isLocked', target: 'locked', meta: { description: 'Subscription ended' } },
        },
        locked: {
          meta: { description: 'The course comes with the subscription, which is not active: the lessons are locked.' },
          tags: ['locked'],
          always: {
            guard: 'isOpen',
            target: 'open',
            actions: 'refreshCourse',
            meta: { description: 'The subscription is active again: the lessons open without a reload.' },
          },
        },
      },
    },
  },
});
