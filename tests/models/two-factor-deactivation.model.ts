import { twoFactorDeactivationMachine } from '../../machines/account/two-factor-deactivation.machine';
import type { DeactivateOutcome, DeactivationEvent } from '../../machines/account/two-factor-deactivation.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { wrongCode } from './two-factor-activation.model';

export const deactivationFixtures = {
  'authCode.change': [{ type: 'authCode.change', code: '654321' }],
  'deactivation.submit': [{ type: 'deactivation.submit' }],
  'dialog.close': [{ type: 'dialog.close' }],
  'xstate.done.actor.deactivate': [
    { type: 'xstate.done.actor.deactivate', output: success(undefined) },
    { type: 'xstate.done.actor.deactivate', output: failure(wrongCode) },
  ],
  'xstate.error.actor.deactivate': [{ type: 'xstate.error.actor.deactivate', error: networkError }],
} satisfies { [K in DeactivationEvent['type']]: Extract<DeactivationEvent, { type: K }>[] } & {
  'xstate.done.actor.deactivate': DoneEvent<'deactivate', DeactivateOutcome>[];
  'xstate.error.actor.deactivate': ErrorEvent<'deactivate'>[];
};

export const deactivationModel: Model<typeof twoFactorDeactivationMachine> = {
  machine: twoFactorDeactivationMachine,
  inputs: [{ label: 'two-factor on', input: undefined as never }],
  events: flattenFixtures(deactivationFixtures),
  contextKeys: ['authCode'],
};
