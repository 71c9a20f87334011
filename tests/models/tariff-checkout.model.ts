import { checkoutMachine } from '../../machines/tariffs/tariff-checkout.machine';
import type { CheckoutEvent, TariffInvoice } from '../../machines/tariffs/tariff-checkout.types';
import { flattenFixtures, networkError, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const tariffCheckoutFixtures = {
  'tariff.buy': [{ type: 'tariff.buy', productId: 'pro', cycle: 'quartally' }],
  'xstate.done.actor.createInvoice': [{ type: 'xstate.done.actor.createInvoice', output: { invoiceId: '41' } }],
  'xstate.error.actor.createInvoice': [{ type: 'xstate.error.actor.createInvoice', error: networkError }],
} satisfies { [K in CheckoutEvent['type']]: Extract<CheckoutEvent, { type: K }>[] } & {
  'xstate.done.actor.createInvoice': DoneEvent<'createInvoice', TariffInvoice>[];
  'xstate.error.actor.createInvoice': ErrorEvent<'createInvoice'>[];
};

export const tariffCheckoutModel: Model<typeof checkoutMachine> = {
  machine: checkoutMachine,
  inputs: [{ label: 'tariffs page', input: undefined as never }],
  events: flattenFixtures(tariffCheckoutFixtures),
};
