// Buying a tariff (spec §2 /tariffs, calls §7 moduleProductsTariffsCheckout): Buy on a tariff in the chosen
// billing cycle makes its invoice and opens it to pay (the invoice-payment dialog, /invoice/{id}?pay=true).
// A tariff below the member's current one is confirmed first: what the member keeps and what they lose side
// by side, one click to go on or to keep the current tariff (no dark patterns). While the invoice is made no
// other Buy goes out; a failure shows in the notifier and nothing is lost.
import { assign, setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf } from '../../domain/app-error';
import type { BillingCycle } from '../../domain/pricing';
import type { CheckoutContext, CheckoutEvent, CheckoutInput, TariffInvoice } from './tariff-checkout.types';

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    /** moduleProductsTariffsCheckout: the tariff's invoice. */
    createInvoice: notProvidedActor<TariffInvoice, { productId: string; cycle: BillingCycle }>('createInvoice'),
  },
  actions: {
    /** Opens the invoice to pay it. */
    openInvoice: notProvidedAction('openInvoice'),
    /** A failed call's message goes to the notifier (calls §8). */
    notifyFailure: notProvidedAction('notifyFailure'),
    assignChoice: assign(({ event }) =>
      event.type === 'tariff.buy' ? { productId: event.productId, level: event.level, cycle: event.cycle, error: null } : {},
    ),
  },
  guards: {
    /** A tariff below the current one: the member sees what they would lose first. */
    isDowngrade: ({ context, event }) => event.type === 'tariff.buy' && context.currentLevel !== null && event.level < context.currentLevel,
  },
}).createMachine({
  id: 'tariffCheckout',
  context: ({ input }) => ({ currentLevel: input.currentLevel, productId: null, level: null, cycle: null, error: null, invoiceId: null }),
  initial: 'choosing',
  states: {
    choosing: {
      meta: { description: 'The member compares the tariffs and picks a billing cycle.' },
      on: {
        'tariff.buy': [
          {
            guard: 'isDowngrade',
            target: 'confirmingDowngrade',
            meta: { description: 'A tariff below the current one: what is kept and lost shows first.' },
            actions: 'assignChoice',
          },
          { target: 'creating', actions: 'assignChoice', meta: { description: 'Member buys' } },
        ],
      },
    },
    confirmingDowngrade: {
      meta: { description: 'What the member keeps and loses, side by side; one click goes on, one keeps the current tariff.' },
      on: {
        'downgrade.confirm': { target: 'creating', meta: { description: 'Member confirms' } },
        'downgrade.cancel': {
          target: 'choosing',
          actions: assign({ productId: null, level: null, cycle: null }),
          meta: { description: 'Member keeps the tariff' },
        },
      },
    },
    creating: {
      meta: { description: 'The invoice of the tariff is made.' },
      tags: ['busy'],
      invoke: {
        id: 'createInvoice',
        src: 'createInvoice',
        input: ({ context }) => ({ productId: context.productId!, cycle: context.cycle! }),
        onDone: {
          target: 'paying',
          meta: { description: 'The invoice is ready: it opens to be paid.' },
          actions: [assign({ invoiceId: ({ event }) => event.output.invoiceId }), 'openInvoice'],
        },
        onError: {
          target: 'choosing',
          actions: [assign({ error: ({ event }) => errorOf(event) }), 'notifyFailure'],
          meta: { description: 'Call failed: the notifier says why.' },
        },
      },
    },
    paying: {
      meta: { description: 'The invoice is open to be paid.' },
      type: 'final',
    },
  },
});
