// Upgrading the current tariff (spec §2 "tariff upgrade dialog", §3 "Upgrade cart", §6 "Upgrade needs a
// purchase with has_upgrades", calls §7 moduleProductsUpgradeCart, moduleProductsUpgradeCheckout): the dialog
// prices the upgrade now (current and new tariff, the new price, the credit for the days left of the current
// cycle and the difference to pay, as the server computes it), the member may pick another billing cycle
// (priced again), and Confirm makes the invoice of the difference and opens it to pay. An upgrade that no
// longer exists (the tariff ended, or is not upgradable to that one) is said so and cannot be confirmed. The
// flow owns the dialog: it starts closed, opens on Upgrade for the member's purchase (and the tariff chosen,
// if any), afresh each time, and closes back.
import { assign, setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf, failureOf } from '../../domain/app-error';
import type { BillingCycle } from '../../domain/pricing';
import type { UpgradeCheckoutOutcome, UpgradeContext, UpgradeEvent, UpgradeQuoteOutcome } from './upgrade.types';

export const upgradeMachine = setup({
  types: {
    context: {} as UpgradeContext,
    events: {} as UpgradeEvent,
  },
  actors: {
    /** moduleProductsUpgradeCart: the upgrade priced now. */
    priceUpgrade: notProvidedActor<UpgradeQuoteOutcome, { purchaseUuid: string; targetUuid: string | null; cycle: BillingCycle | null }>(
      'priceUpgrade',
    ),
    /** moduleProductsUpgradeCheckout: the invoice of the difference. */
    checkout: notProvidedActor<UpgradeCheckoutOutcome, { purchaseUuid: string; targetUuid: string; cycle: BillingCycle }>('checkout'),
  },
  actions: {
    /** Opens the invoice to pay it. */
    openInvoice: notProvidedAction('openInvoice'),
    /** A failed call's message goes to the notifier (calls §8). */
    notifyFailure: notProvidedAction('notifyFailure'),
    /** A new opening: the upgrade asked for, priced afresh. */
    startUpgrade: assign(({ event }) =>
      event.type === 'dialog.open'
        ? { purchaseUuid: event.purchaseUuid, targetUuid: event.targetUuid, cycle: null, quote: null, error: null, invoiceId: null }
        : {},
    ),
  },
  guards: {
    succeeded: ({ event }) => failureOf(event) === null,
    /** Another cycle than the one priced. */
    isOtherCycle: ({ context, event }) => event.type === 'cycle.change' && event.cycle !== context.quote?.billingCycle,
  },
}).createMachine({
  id: 'upgrade',
  context: { purchaseUuid: null, targetUuid: null, cycle: null, quote: null, error: null, invoiceId: null },
  initial: 'closed',
  states: {
    closed: {
      meta: { description: 'The dialog is closed: My tariff and the higher tariffs offer Upgrade.' },
      on: { 'dialog.open': { target: 'open', actions: 'startUpgrade', meta: { description: 'Upgrade: the dialog opens.' } } },
    },
    open: {
      meta: { description: 'The dialog is open.' },
      initial: 'pricing',
      on: { 'dialog.close': { target: 'closed', meta: { description: 'Cancel or close: nothing is made.' } } },
      states: {
        pricing: {
          meta: { description: 'The upgrade is priced now: the credit for the days left and the difference.' },
          tags: ['busy'],
          invoke: {
            id: 'priceUpgrade',
            src: 'priceUpgrade',
            input: ({ context }) => ({ purchaseUuid: context.purchaseUuid!, targetUuid: context.targetUuid, cycle: context.cycle }),
            onDone: [
              {
                guard: 'succeeded',
                target: 'reviewing',
                actions: assign({
                  quote: ({ event }) => (event.output.ok ? event.output.value : null),
                  cycle: ({ event }) => (event.output.ok ? event.output.value.billingCycle : null),
                  error: null,
                }),
                meta: { description: 'Priced' },
              },
              {
                target: 'unavailable',
                actions: [assign({ error: ({ event }) => errorOf(event), quote: null }), 'notifyFailure'],
                meta: { description: 'No such upgrade: the notifier says why.' },
              },
            ],
            onError: {
              target: 'pricingFailed',
              actions: [assign({ error: ({ event }) => errorOf(event) }), 'notifyFailure'],
              meta: { description: 'Pricing failed: the notifier says why.' },
            },
          },
        },
        pricingFailed: {
          meta: { description: 'The price could not be loaded; the member may try again.' },
          on: { retry: { target: 'pricing', actions: assign({ error: null }), meta: { description: 'Member retries' } } },
        },
        reviewing: {
          meta: { description: 'The member checks how the difference is computed and may pick another billing cycle.' },
          tags: ['editable'],
          on: {
            'cycle.change': {
              guard: 'isOtherCycle',
              target: 'pricing',
              meta: { description: 'Another billing cycle: priced again.' },
              actions: assign({ cycle: ({ event }) => event.cycle, error: null }),
            },
            'upgrade.confirm': { target: 'checkingOut', actions: assign({ error: null }), meta: { description: 'Member confirms' } },
          },
        },
        checkingOut: {
          meta: { description: 'The invoice of the difference is made.' },
          tags: ['busy'],
          invoke: {
            id: 'checkout',
            src: 'checkout',
            input: ({ context }) => ({
              purchaseUuid: context.purchaseUuid!,
              targetUuid: context.quote!.newProductUuid,
              cycle: context.quote!.billingCycle,
            }),
            onDone: [
              {
                guard: 'succeeded',
                target: 'paying',
                actions: [assign({ invoiceId: ({ event }) => (event.output.ok ? event.output.value.invoiceId : null) }), 'openInvoice'],
                meta: { description: 'Invoice made' },
              },
              {
                target: 'unavailable',
                meta: { description: 'The tariff ended or the upgrade went away meanwhile: the notifier says why.' },
                actions: [assign({ error: ({ event }) => errorOf(event), quote: null }), 'notifyFailure'],
              },
            ],
            onError: {
              target: 'reviewing',
              actions: [assign({ error: ({ event }) => errorOf(event) }), 'notifyFailure'],
              meta: { description: 'Call failed: the notifier says why.' },
            },
          },
        },
        unavailable: {
          meta: { description: 'There is no such upgrade (any more); the dialog says why and only closes.' },
        },
        paying: {
          meta: { description: 'The invoice of the difference is open to be paid (the portal goes to it).' },
        },
      },
    },
  },
});
