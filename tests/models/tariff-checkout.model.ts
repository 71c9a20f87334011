import { checkoutMachine } from '../../machines/tariffs/tariff-checkout.machine';
import type { CheckoutEvent, TariffInvoice } from '../../machines/tariffs/tariff-checkout.types';
import { flattenFixtures, networkError, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const tariffCheckoutFixtures = {
  'tariff.buy': [
    { type: 'tariff.buy', productId: 'pro', level: 2, cycle: 'quartally' },
    { type: 'tariff.buy', productId: 'basic', level: 1, cycle: 'monthly' },
  ],
  'downgrade.confirm': [{ type: 'downgrade.confirm' }],
  'downgrade.cancel': [{ type: 'downgrade.cancel' }],
  'xstate.done.actor.createInvoice': [{ type: 'xstate.done.actor.createInvoice', output: { invoiceId: '41' } }],
  'xstate.error.actor.createInvoice': [{ type: 'xstate.error.actor.createInvoice', error: networkError }],
} satisfies { [K in CheckoutEvent['type']]: Extract<CheckoutEvent, { type: K }>[] } & {
  'xstate.done.actor.createInvoice': DoneEvent<'createInvoice', TariffInvoice>[];
  'xstate.error.actor.createInvoice': ErrorEvent<'createInvoice'>[];
};

export const tariffCheckoutModel: Model<typeof checkoutMachine> = {
  machine: checkoutMachine,
  inputs: [
    { label: 'no tariff', input: { currentLevel: null } },
    { label: 'running Pro', input: { currentLevel: 2 } },
  ],
  events: flattenFixtures(tariffCheckoutFixtures),
};
