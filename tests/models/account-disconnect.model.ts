import { accountDisconnectMachine } from '../../machines/trading/account-disconnect.machine';
import { reasonCode } from '../../machines/trading/reason.schema';
import type { AccountDisconnectContext, AccountDisconnectEvent } from '../../machines/trading/account-disconnect.types';
import type { ExchangeAccountRow } from '../../machines/trading/trading.types';
import { flattenFixtures, networkError, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { binanceMain } from './trading-fixtures';

export const disconnectedMain: ExchangeAccountRow = {
  ...binanceMain,
  status: 'disconnected',
  disconnectReason: 'Taking a break',
  disconnectedAt: '2026-11-27T09:00:00.000Z',
};

export const accountDisconnectFixtures = {
  'disconnect.open': [{ type: 'disconnect.open' }],
  'disconnect.cancel': [{ type: 'disconnect.cancel' }],
  'reason.change': [
    { type: 'reason.change', value: 'Taking a break' },
    // Broken: 401 characters.
    { type: 'reason.change', value: 'x'.repeat(401) },
  ],
  'disconnect.confirm': [{ type: 'disconnect.confirm' }],
  'xstate.done.actor.disconnectAccount': [{ type: 'xstate.done.actor.disconnectAccount', output: disconnectedMain }],
  'xstate.error.actor.disconnectAccount': [
    { type: 'xstate.error.actor.disconnectAccount', error: networkError },
    { type: 'xstate.error.actor.disconnectAccount', error: { code: 'validation', category: 'validation', fieldCodes: { reason: ['maxLength:400'] } } },
  ],
} satisfies { [K in AccountDisconnectEvent['type']]: Extract<AccountDisconnectEvent, { type: K }>[] } & {
  'xstate.done.actor.disconnectAccount': DoneEvent<'disconnectAccount', ExchangeAccountRow>[];
  'xstate.error.actor.disconnectAccount': ErrorEvent<'disconnectAccount'>[];
};

export const accountDisconnectModel: Model<typeof accountDisconnectMachine> = {
  machine: accountDisconnectMachine,
  inputs: [{ label: 'Binance main', input: { accountId: binanceMain.id } }],
  events: flattenFixtures(accountDisconnectFixtures),
  cover: 'transitions',
  // What the guard reads: the reason's problem; and whether one shows.
  contextKey: (context: AccountDisconnectContext) => [reasonCode(context.reason), context.reasonError],
};
