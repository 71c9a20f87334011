import { withdrawalCancelMachine } from '../../machines/wallet/withdrawal-cancel.machine';
import type { CancelWithdrawalOutcome, WithdrawalCancelEvent } from '../../machines/wallet/withdrawal-cancel.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const withdrawalCancelFixtures = {
  'withdrawal.cancel': [{ type: 'withdrawal.cancel', id: '5' }],
  'xstate.done.actor.cancelWithdrawal': [
    { type: 'xstate.done.actor.cancelWithdrawal', output: success(undefined) },
    { type: 'xstate.done.actor.cancelWithdrawal', output: failure({ code: 'server', reason: 'WithdrawalNotCancelable' }) },
  ],
  'xstate.error.actor.cancelWithdrawal': [{ type: 'xstate.error.actor.cancelWithdrawal', error: networkError }],
} satisfies { [K in WithdrawalCancelEvent['type']]: Extract<WithdrawalCancelEvent, { type: K }>[] } & {
  'xstate.done.actor.cancelWithdrawal': DoneEvent<'cancelWithdrawal', CancelWithdrawalOutcome>[];
  'xstate.error.actor.cancelWithdrawal': ErrorEvent<'cancelWithdrawal'>[];
};

export const withdrawalCancelModel: Model<typeof withdrawalCancelMachine> = {
  machine: withdrawalCancelMachine,
  inputs: [{ label: 'a new withdrawal listed', input: undefined as never }],
  events: flattenFixtures(withdrawalCancelFixtures),
};
