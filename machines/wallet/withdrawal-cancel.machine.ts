// Canceling a withdrawal (spec §4 statuses): only a `new` request can be canceled; the server gives the
// locked amount back to available, once. A refusal (already being processed, not found) goes to the notifier and the
// list is fetched again, so it shows the request's real status.
import { assign, setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf, failureOf } from '../../domain/app-error';
import type { CancelWithdrawalOutcome, WithdrawalCancelContext, WithdrawalCancelEvent } from './withdrawal-cancel.types';

export const withdrawalCancelMachine = setup({
  types: {
    context: {} as WithdrawalCancelContext,
    events: {} as WithdrawalCancelEvent,
  },
  actors: {
    cancelWithdrawal: notProvidedActor<CancelWithdrawalOutcome, { id: string }>('cancelWithdrawal'),
  },
  actions: {
    /** The wallets and the withdrawals list are fetched again. */
    refreshWallet: notProvidedAction('refreshWallet'),
    /** The notice that the amount is back. */
    confirmCanceled: notProvidedAction('confirmCanceled'),
    /** A failed call's message goes to the notifier (calls §8). */
    notifyFailure: notProvidedAction('notifyFailure'),
  },
  guards: {
    succeeded: ({ event }) => failureOf(event) === null,
  },
}).createMachine({
  id: 'withdrawalCancel',
  context: { id: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      meta: { description: 'The list offers Cancel on every new request.' },
      on: { 'withdrawal.cancel': {
        target: 'canceling',
        actions: assign({ id: ({ event }) => event.id, error: null }),
        meta: { description: 'Member cancels a request' },
      } },
    },
    canceling: {
      meta: { description: 'The server cancels the request and gives the amount back.' },
      tags: ['busy'],
      invoke: {
        id: 'cancelWithdrawal',
        src: 'cancelWithdrawal',
        input: ({ context }) => ({ id: context.id! }),
        onDone: [
          { guard: 'succeeded', target: 'idle', actions: ['confirmCanceled', 'refreshWallet'], meta: { description: 'Canceled' } },
          {
            target: 'idle',
            actions: [assign({ error: ({ event }) => errorOf(event) }), 'notifyFailure', 'refreshWallet'],
            meta: { description: 'Cancel refused: the notifier says why.' },
          },
        ],
        onError: {
          target: 'idle',
          actions: [assign({ error: ({ event }) => errorOf(event) }), 'notifyFailure'],
          meta: { description: 'Call failed: the notifier says why.' },
        },
      },
    },
  },
});
