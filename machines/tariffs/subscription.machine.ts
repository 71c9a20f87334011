// The platform subscription modal (spec §1, §2 "Subscription modal", §6 "Tenant owners can activate the
// platform subscription", calls §4 modal types and periods, §7 whiteLabelActivateSubscription): a tenant owner
// picks a period (monthly by default, quarterly, semiannual, annual, each with its price from the provider
// settings) and Continues (type activate, none runs) or Changes (type change, one runs); the invoice of the
// period opens to be paid. A refusal (not the owner, the period not offered) shows in the modal. The flow owns
// the modal: it starts closed, opens on Activate / Change subscription (afresh each time) and closes back.
import { assign, setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf, failureOf } from '../../domain/app-error';
import type { SubscriptionPeriod } from './tariffs.types';
import type { ActivateSubscriptionOutcome, SubscriptionContext, SubscriptionEvent } from './subscription.types';

export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
  },
  actors: {
    /** whiteLabelActivateSubscription: the invoice of the period. */
    activate: notProvidedActor<ActivateSubscriptionOutcome, { period: SubscriptionPeriod }>('activate'),
  },
  actions: {
    /** Opens the invoice to pay it. */
    openInvoice: notProvidedAction('openInvoice'),
    /** A failed call's message goes to the notifier (calls §8). */
    notifyFailure: notProvidedAction('notifyFailure'),
    /** A new opening: the modal's type from whether a subscription runs now, monthly chosen. */
    startSubscription: assign(({ event }) =>
      event.type === 'dialog.open' ? { type: event.active ? ('change' as const) : ('activate' as const), period: 'monthly' as const, error: null, invoiceId: null } : {},
    ),
  },
  guards: {
    succeeded: ({ event }) => failureOf(event) === null,
    /** Another period than the one chosen. */
    isOtherPeriod: ({ context, event }) => event.type === 'period.change' && event.period !== context.period,
  },
}).createMachine({
  id: 'subscription',
  context: { type: 'activate', period: 'monthly', error: null, invoiceId: null },
  initial: 'closed',
  states: {
    closed: {
      meta: { description: "The modal is closed: the subscriptions page offers Activate (or Change) to the portal's owners." },
      on: { 'dialog.open': { target: 'open', actions: 'startSubscription', meta: { description: 'Activate or Change: the modal opens.' } } },
    },
    open: {
      meta: { description: 'The modal is open.' },
      initial: 'choosing',
      on: { 'dialog.close': { target: 'closed', meta: { description: 'Cancel or close: nothing is made.' } } },
      states: {
        choosing: {
          meta: { description: 'The owner picks the period (monthly by default) and sees its price.' },
          tags: ['editable'],
          on: {
            'period.change': { guard: 'isOtherPeriod', actions: assign({ period: ({ event }) => event.period, error: null }) },
            'subscription.submit': { target: 'activating', actions: assign({ error: null }), meta: { description: 'Owner continues' } },
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
                meta: { description: 'Invoice made' },
              },
              {
                target: 'choosing',
                meta: { description: 'Refused (not the owner, or the period is not offered): the notifier says why.' },
                actions: [assign({ error: ({ event }) => errorOf(event) }), 'notifyFailure'],
              },
            ],
            onError: {
              target: 'choosing',
              actions: [assign({ error: ({ event }) => errorOf(event) }), 'notifyFailure'],
              meta: { description: 'Call failed: the notifier says why.' },
            },
          },
        },
        paying: {
          meta: { description: 'The invoice of the period is open to be paid (the portal goes to it).' },
          tags: ['busy'],
        },
      },
    },
  },
});
