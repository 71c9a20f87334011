// Disconnecting an exchange account (issue 31; spec §5 "disconnect reason at most 400", calls §4 statuses): the
// account page's Disconnect. It starts closed and opens on the member's Disconnect; the member gives a reason (1-400
// characters, with a counter) and confirms. A refused reason shows beside its field; any other failure goes to the
// notifier and the reason typed stays. Once disconnected the page shows the account as disconnected with the reason.
import { assign, setup } from 'xstate';
import { errorOf } from '../../domain/app-error';
import { reasonCode, serverReasonCode } from './reason.schema';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import type { ExchangeAccountRow } from './trading.types';
import type {
  AccountDisconnectContext,
  AccountDisconnectEvent,
  AccountDisconnectInput,
  DisconnectAccountRequest,
} from './account-disconnect.types';


export const accountDisconnectMachine = setup({
  types: {
    context: {} as AccountDisconnectContext,
    events: {} as AccountDisconnectEvent,
    input: {} as AccountDisconnectInput,
  },
  actors: {
    /** myAccountDisconnect: the account disconnected with the member's reason. */
    disconnectAccount: notProvidedActor<ExchangeAccountRow, DisconnectAccountRequest>('disconnectAccount'),
  },
  actions: {
    /** A failed call's message goes to the notifier (calls §8); a refused reason stays beside its field. */
    notifyFailure: notProvidedAction('notifyFailure'),
    /** The member's accounts are fetched again (the page shows the account disconnected). */
    refreshAccounts: notProvidedAction('refreshAccounts'),
  },
  guards: {
    isReasonValid: ({ context }) => reasonCode(context.reason) === null,
  },
}).createMachine({
  id: 'accountDisconnect',
  context: ({ input }) => ({ accountId: input.accountId, reason: '', reasonError: null, error: null, account: null }),
  initial: 'closed',
  states: {
    closed: {
      meta: { description: 'The account page shows Disconnect.' },
      on: { 'disconnect.open': { target: 'confirming', meta: { description: 'Member chooses Disconnect' } } },
    },
    confirming: {
      meta: { description: 'The member says why they disconnect the account (at most 400 characters) and confirms.' },
      tags: ['editable'],
      on: {
        'reason.change': { actions: assign({ reason: ({ event }) => event.value, reasonError: null }) },
        'disconnect.confirm': [
          {
            guard: 'isReasonValid',
            target: 'disconnecting',
            actions: assign({ reasonError: null, error: null }),
            meta: { description: 'Member confirms with a reason' },
          },
          {
            actions: assign({ reasonError: ({ context }) => reasonCode(context.reason) }),
            meta: { description: 'The reason is missing or too long: the message is beside it.' },
          },
        ],
        'disconnect.cancel': { target: 'closed', meta: { description: 'Member keeps the account connected; the reason typed stays.' } },
      },
    },
    disconnecting: {
      meta: { description: 'The account is being disconnected.' },
      tags: ['busy'],
      invoke: {
        id: 'disconnectAccount',
        src: 'disconnectAccount',
        input: ({ context }) => ({ accountId: context.accountId, reason: context.reason.trim() }),
        onDone: {
          target: 'done',
          actions: [assign({ account: ({ event }) => event.output }), 'refreshAccounts'],
          meta: { description: 'Account disconnected' },
        },
        onError: {
          target: 'confirming',
          actions: [assign({ error: ({ event }) => errorOf(event), reasonError: ({ event }) => serverReasonCode(event) }), 'notifyFailure'],
          meta: { description: 'Call failed, or the server refused the reason: the notifier or the field says why; the reason stays.' },
        },
      },
    },
    done: {
      meta: { description: 'The account is disconnected: the page shows it with the reason.' },
    },
  },
});
