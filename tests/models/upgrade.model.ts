import { upgradeMachine } from '../../machines/tariffs/upgrade.machine';
import type { UpgradeCheckoutOutcome, UpgradeEvent, UpgradeQuoteOutcome } from '../../machines/tariffs/upgrade.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { onetimeQuote, quote } from './tariffs-fixtures';

export const upgradeFixtures = {
  // My tariff's Upgrade (the lowest upgrade); a higher tariff's tile names its tariff (tests/views/tariffs-view.test.tsx).
  'dialog.open': [{ type: 'dialog.open', purchaseUuid: 'p-1', targetUuid: null }],
  'dialog.close': [{ type: 'dialog.close' }],
  'cycle.change': [
    { type: 'cycle.change', cycle: 'annually' },
    { type: 'cycle.change', cycle: 'monthly' },
  ],
  'upgrade.confirm': [{ type: 'upgrade.confirm' }],
  retry: [{ type: 'retry' }],
  'xstate.done.actor.priceUpgrade': [
    { type: 'xstate.done.actor.priceUpgrade', output: success(quote()) },
    { type: 'xstate.done.actor.priceUpgrade', output: success(onetimeQuote) },
    { type: 'xstate.done.actor.priceUpgrade', output: failure({ code: 'server', reason: 'UpgradeNotAvailable' }) },
  ],
  'xstate.error.actor.priceUpgrade': [{ type: 'xstate.error.actor.priceUpgrade', error: networkError }],
  'xstate.done.actor.checkout': [
    { type: 'xstate.done.actor.checkout', output: success({ invoiceId: '52' }) },
    { type: 'xstate.done.actor.checkout', output: failure({ code: 'server', reason: 'PurchaseNotFound' }) },
  ],
  'xstate.error.actor.checkout': [{ type: 'xstate.error.actor.checkout', error: networkError }],
} satisfies { [K in UpgradeEvent['type']]: Extract<UpgradeEvent, { type: K }>[] } & {
  'xstate.done.actor.priceUpgrade': DoneEvent<'priceUpgrade', UpgradeQuoteOutcome>[];
  'xstate.error.actor.priceUpgrade': ErrorEvent<'priceUpgrade'>[];
  'xstate.done.actor.checkout': DoneEvent<'checkout', UpgradeCheckoutOutcome>[];
  'xstate.error.actor.checkout': ErrorEvent<'checkout'>[];
};

export const upgradeModel: Model<typeof upgradeMachine> = {
  machine: upgradeMachine,
  inputs: [{ label: 'My tariff', input: undefined }],
  events: flattenFixtures(upgradeFixtures),
  cover: 'transitions',
  pathLimit: 10,
  contextKeys: ['cycle', 'quote', 'error'],
};
