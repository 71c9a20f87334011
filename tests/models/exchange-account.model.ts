import { exchangeAccountMachine, formErrorsOf } from '../../machines/trading/exchange-account.machine';
import type {
  ExchangeAccountContext,
  ExchangeAccountEvent,
  SaveAccountOutcome,
} from '../../machines/trading/exchange-account.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { addedAccount, binanceMain, exchanges } from './trading-fixtures';

export const exchangeAccountFixtures = {
  'form.open': [{ type: 'form.open' }],
  'form.cancel': [{ type: 'form.cancel' }],
  'field.change': [
    { type: 'field.change', field: 'name', value: 'Main' },
    { type: 'field.change', field: 'exchange', value: 'okx' },
    { type: 'field.change', field: 'exchange', value: 'binance' },
    { type: 'field.change', field: 'api_key', value: 'valid-key-1' },
    { type: 'field.change', field: 'secret', value: 'secret-1' },
    { type: 'field.change', field: 'passphrase', value: 'phrase-1' },
  ],
  'account.submit': [{ type: 'account.submit' }],
  'xstate.done.actor.saveAccount': [
    { type: 'xstate.done.actor.saveAccount', output: success(addedAccount) },
    {
      type: 'xstate.done.actor.saveAccount',
      output: failure({ code: 'server', category: 'conflict', reason: 'ApiKeyInvalid', message: 'API key invalid on an account connection.' }),
    },
    {
      type: 'xstate.done.actor.saveAccount',
      output: failure({ code: 'server', category: 'conflict', reason: 'ExchangeMaintenance', message: 'The exchange is in maintenance.' }),
    },
    {
      type: 'xstate.done.actor.saveAccount',
      output: failure({ code: 'server', category: 'conflict', reason: 'AccountLimitReached', message: 'No more exchange accounts.' }),
    },
  ],
  'xstate.error.actor.saveAccount': [
    { type: 'xstate.error.actor.saveAccount', error: networkError },
    { type: 'xstate.error.actor.saveAccount', error: { code: 'validation', category: 'validation', fieldCodes: { 'input.name': ['maxLength:20'] } } },
  ],
} satisfies { [K in ExchangeAccountEvent['type']]: Extract<ExchangeAccountEvent, { type: K }>[] } & {
  'xstate.done.actor.saveAccount': DoneEvent<'saveAccount', SaveAccountOutcome>[];
  'xstate.error.actor.saveAccount': ErrorEvent<'saveAccount'>[];
};

export const exchangeAccountModel: Model<typeof exchangeAccountMachine> = {
  machine: exchangeAccountMachine,
  inputs: [
    { label: 'adding', input: { mode: 'add', keyPrefix: 'account-1', exchanges } },
    { label: 'editing Binance main', input: { mode: 'edit', keyPrefix: 'account-1', exchanges, account: binanceMain } },
  ],
  events: flattenFixtures(exchangeAccountFixtures),
  cover: 'transitions',
  // What the guards read: the mode, the exchange chosen (the fields shown) and which fields break a rule; whether a
  // problem or a refusal shows.
  contextKey: (context: ExchangeAccountContext) => [
    context.mode,
    context.values.exchange,
    Object.keys(formErrorsOf(context)).sort().join(','),
    Object.keys(context.fieldErrors).sort().join(','),
    context.refusal,
  ],
};
