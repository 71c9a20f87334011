// The platform subscription modal (spec §1, §2 "Subscription modal", §6 "Tenant owners can activate the
// platform subscription", calls §4 modal types and periods, §7 whiteLabelActivateSubscription): a tenant owner
// picks a period (monthly by default, quarterly, semiannual, annual, each with its price from the provider
// settings) and Continues (type activate, none runs) or Changes (type change, one runs); the invoice of the
// period opens to be paid. A refusal (not the owner, the period not offered) shows in the modal.
import { assign, setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf, failureOf } from '../../domain/app-error';
import type { SubscriptionPeriod } from './tariffs.types';
import type { ActivateSubscriptionOutcome, SubscriptionContext, SubscriptionEvent, SubscriptionInput } from './subscription.types';

export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
    input: {} as SubscriptionInput,
  },
  actors: {
    /** whiteLabelActivateSubscription: the invoice of the period. */
    activate: notProvidedActor<ActivateSubscriptionOutcome, { period: SubscriptionPeriod }>('activate'),
  },
  actions: {
    /** Opens the invoice to pay it. */
    openInvoice: notProvidedAction('openInvoice'),
  },
  guards: {
    succeeded: ({ event }) => failureOf(event) === null,
    /** Another period than the one chosen. */
    isOtherPeriod: ({ context, event }) => event.type === 'period.change' && event.period !== context.period,
  },
}).createMachine({
  id: 'subscription',
  context: ({ input }) => ({ type: input.active ? 'change' : 'activate', period: 'monthly', error: null, invoiceId: null }),
  initial: 'choosing',
  states: {
    choosing: {
      meta: { description: 'The owner picks the period (monthly by default) and sees its price.' },
      tags: ['editable'],
      on: {
        'period.change': { guard: 'isOtherPeriod', actions: assign({ period: ({ event }) => event.period, error: null }) },
        'subscription.submit': { target: 'activating', actions: assign({ error: null }) },
      },
    },
    activating: {
      meta: { description: 'The invoice of the period is made.' },
      tags: ['busy'],
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => ({ period: context.period }),
        onDone: [
          {
            guard: 'succeeded',
            target: 'paying',
            actions: [assign({ invoiceId: ({ event }) => (event.output.ok ? event.output.value.invoiceId : null) }), 'openInvoice'],
          },
          {
            target: 'choosing',
            meta: { description: 'Refused (not the owner, or the period is not offered): the reason shows.' },
            actions: assign({ error: ({ event }) => errorOf(event) }),
          },
        ],
        onError: { target: 'choosing', actions: assign({ error: ({ event }) => errorOf(event) }) },
      },
    },
    paying: {
      meta: { description: 'The invoice of the period is open to be paid.' },
      type: 'final',
    },
  },
});
