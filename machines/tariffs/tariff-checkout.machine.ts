// Buying a tariff (spec §2 /tariffs, calls §7 moduleProductsTariffsCheckout): Buy on a tariff in the chosen
// billing cycle makes its invoice and opens it to pay (the invoice-payment dialog, /invoice/{id}?pay=true).
// While the invoice is made no other Buy goes out; a failure shows near the tariffs and nothing is lost.
import { assign, setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf } from '../shared/app-error';
import type { BillingCycle } from '../shared/pricing';
import type { CheckoutContext, CheckoutEvent, TariffInvoice } from './tariff-checkout.types';

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    /** moduleProductsTariffsCheckout: the tariff's invoice. */
    createInvoice: notProvidedActor<TariffInvoice, { productId: string; cycle: BillingCycle }>('createInvoice'),
  },
  actions: {
    /** Opens the invoice to pay it. */
    openInvoice: notProvidedAction('openInvoice'),
  },
}).createMachine({
  id: 'tariffCheckout',
  context: { productId: null, cycle: null, error: null, invoiceId: null },
  initial: 'choosing',
  states: {
    choosing: {
      meta: { description: 'The member compares the tariffs and picks a billing cycle.' },
      on: {
        'tariff.buy': {
          target: 'creating',
          actions: assign({ productId: ({ event }) => event.productId, cycle: ({ event }) => event.cycle, error: null }),
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
        onError: { target: 'choosing', actions: assign({ error: ({ event }) => errorOf(event) }) },
      },
    },
    paying: {
      meta: { description: 'The invoice is open to be paid.' },
      type: 'final',
    },
  },
});
