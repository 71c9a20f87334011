import { subscriptionMachine } from '../../machines/tariffs/subscription.machine';
import type { ActivateSubscriptionOutcome, SubscriptionEvent } from '../../machines/tariffs/subscription.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const subscriptionFixtures = {
  'dialog.open': [
    { type: 'dialog.open', active: false },
    { type: 'dialog.open', active: true },
  ],
  'dialog.close': [{ type: 'dialog.close' }],
  'period.change': [
    { type: 'period.change', period: 'quarterly' },
    { type: 'period.change', period: 'annual' },
  ],
  'subscription.submit': [{ type: 'subscription.submit' }],
  'xstate.done.actor.activate': [
    { type: 'xstate.done.actor.activate', output: success({ invoiceId: '63' }) },
    { type: 'xstate.done.actor.activate', output: failure({ code: 'server', reason: 'NotTenantOwner' }) },
    { type: 'xstate.done.actor.activate', output: failure({ code: 'server', reason: 'SubscriptionUnavailable' }) },
  ],
  'xstate.error.actor.activate': [{ type: 'xstate.error.actor.activate', error: networkError }],
} satisfies { [K in SubscriptionEvent['type']]: Extract<SubscriptionEvent, { type: K }>[] } & {
  'xstate.done.actor.activate': DoneEvent<'activate', ActivateSubscriptionOutcome>[];
  'xstate.error.actor.activate': ErrorEvent<'activate'>[];
};

export const subscriptionModel: Model<typeof subscriptionMachine> = {
  machine: subscriptionMachine,
  inputs: [{ label: 'the subscriptions page', input: undefined }],
  events: flattenFixtures(subscriptionFixtures),
  cover: 'transitions',
  pathLimit: 10,
  contextKeys: ['type', 'period', 'error'],
};
