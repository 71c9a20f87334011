import { resetRequestMachine } from '../../machines/auth/reset-request.machine';
import type { RequestResetOutcome, ResetRequestEvent } from '../../machines/auth/reset-request.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const resetRequestFixtures = {
  'reset.submit': [
    { type: 'reset.submit', email: 'demo@example.com' },
    { type: 'reset.submit', email: 'demo@' },
  ],
  'reset.again': [{ type: 'reset.again' }],
  'xstate.done.actor.requestReset': [
    { type: 'xstate.done.actor.requestReset', output: success(undefined) },
    { type: 'xstate.done.actor.requestReset', output: failure({ code: 'server', reason: 'TooManyAttempts', retryAfter: 42 }) },
  ],
  'xstate.error.actor.requestReset': [{ type: 'xstate.error.actor.requestReset', error: networkError }],
} satisfies {
  [K in ResetRequestEvent['type']]: Extract<ResetRequestEvent, { type: K }>[];
} & {
  'xstate.done.actor.requestReset': DoneEvent<'requestReset', RequestResetOutcome>[];
  'xstate.error.actor.requestReset': ErrorEvent<'requestReset'>[];
};

export const resetRequestModel: Model<typeof resetRequestMachine> = {
  machine: resetRequestMachine,
  inputs: [{ label: 'reset', input: undefined as never }],
  events: flattenFixtures(resetRequestFixtures),
};
