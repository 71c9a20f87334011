import { investActivateMachine } from '../../machines/investments/invest-activate.machine';
import type { ActivateOutcome, InvestActivateEvent } from '../../machines/investments/invest-activate.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { activeStarter, starter } from './investments-fixtures';

export const investActivateFixtures = {
  'dialog.open': [{ type: 'dialog.open', plan: starter }],
  'amount.change': [
    { type: 'amount.change', value: '100' },
    { type: 'amount.change', value: '50' },
    { type: 'amount.change', value: '20000' },
    { type: 'amount.change', value: '' },
    // Not taken: a leading zero.
    { type: 'amount.change', value: '0100' },
  ],
  'activate.submit': [{ type: 'activate.submit' }],
  'activate.back': [{ type: 'activate.back' }],
  'activate.confirm': [{ type: 'activate.confirm' }],
  'dialog.close': [{ type: 'dialog.close' }],
  'xstate.done.actor.activatePlan': [
    { type: 'xstate.done.actor.activatePlan', output: success(activeStarter) },
    {
      type: 'xstate.done.actor.activatePlan',
      output: failure({ code: 'server', reason: 'InsufficientBalance', message: 'Insufficient balance for an invoice.' }),
    },
  ],
  'xstate.error.actor.activatePlan': [{ type: 'xstate.error.actor.activatePlan', error: networkError }],
} satisfies { [K in InvestActivateEvent['type']]: Extract<InvestActivateEvent, { type: K }>[] } & {
  'xstate.done.actor.activatePlan': DoneEvent<'activatePlan', ActivateOutcome>[];
  'xstate.error.actor.activatePlan': ErrorEvent<'activatePlan'>[];
};

export const investActivateModel: Model<typeof investActivateMachine> = {
  machine: investActivateMachine,
  inputs: [
    { label: 'a plan card', input: { keyPrefix: 'invest-1:activate', prefill: null } },
    { label: "the calculator's Activate", input: { keyPrefix: 'invest-1:activate', prefill: { plan: starter, amount: '100' } } },
  ],
  events: flattenFixtures(investActivateFixtures),
  cover: 'transitions',
  contextKeys: ['amount', 'amountError', 'error'],
};
