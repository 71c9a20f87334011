import { recoveryCodesMachine } from '../../machines/account/recovery-codes.machine';
import type { RecoveryCodesEvent, RegenerateOutcome } from '../../machines/account/recovery-codes.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { recoveryCodes, wrongCode } from './two-factor-activation.model';

export const recoveryCodesFixtures = {
  'dialog.open': [{ type: 'dialog.open' }],
  'authCode.change': [
    { type: 'authCode.change', code: '654321' },
    { type: 'authCode.change', code: '65' },
  ],
  'codes.request': [{ type: 'codes.request' }],
  'codes.saved': [
    { type: 'codes.saved', saved: true },
    { type: 'codes.saved', saved: false },
  ],
  'dialog.close': [{ type: 'dialog.close' }],
  'xstate.done.actor.regenerate': [
    { type: 'xstate.done.actor.regenerate', output: success({ recoveryCodes }) },
    { type: 'xstate.done.actor.regenerate', output: failure(wrongCode) },
  ],
  'xstate.error.actor.regenerate': [{ type: 'xstate.error.actor.regenerate', error: networkError }],
} satisfies { [K in RecoveryCodesEvent['type']]: Extract<RecoveryCodesEvent, { type: K }>[] } & {
  'xstate.done.actor.regenerate': DoneEvent<'regenerate', RegenerateOutcome>[];
  'xstate.error.actor.regenerate': ErrorEvent<'regenerate'>[];
};

export const recoveryCodesModel: Model<typeof recoveryCodesMachine> = {
  machine: recoveryCodesMachine,
  inputs: [{ label: 'two-factor on', input: undefined as never }],
  events: flattenFixtures(recoveryCodesFixtures),
  contextKeys: ['authCode', 'saved'],
};
