// Two-factor deactivation (spec §4): the member enters a code from the authenticator; success says so.
// When the dialog closes the member record is fetched again.
import { assign, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf, failureOf, type AppError } from '../shared/app-error';
import { sixDigitCode } from '../shared/validation';
import type { DeactivateOutcome, DeactivationContext, DeactivationEvent } from './two-factor-deactivation.types';

export const twoFactorDeactivationMachine = setup({
  types: {
    context: {} as DeactivationContext,
    events: {} as DeactivationEvent,
  },
  actors: {
    deactivate: notProvidedActor<DeactivateOutcome, { authCode: string }>('deactivate'),
  },
  actions: {
    refreshMember: notProvidedAction('refreshMember'),
  },
  guards: {
    isCodeComplete: ({ context }) => v.is(sixDigitCode, context.authCode),
    succeeded: ({ event }) => failureOf(event) === null,
  },
}).createMachine({
  id: 'twoFactorDeactivation',
  context: { authCode: '', error: null },
  initial: 'enteringCode',
  on: { 'dialog.close': '.closed' },
  states: {
    enteringCode: {
      meta: { description: 'The member types a code from the authenticator.' },
      on: {
        'authCode.change': { actions: assign({ authCode: ({ event }) => event.code }) },
        'deactivation.submit': [
          { guard: 'isCodeComplete', target: 'deactivating', actions: assign({ error: null }) },
          { actions: assign({ error: { code: 'invalidCode' } satisfies AppError }) },
        ],
      },
    },
    deactivating: {
      meta: { description: 'The server checks the code and turns two-factor off.' },
      tags: ['busy'],
      invoke: {
        id: 'deactivate',
        src: 'deactivate',
        input: ({ context }) => ({ authCode: context.authCode }),
        onDone: [
          { guard: 'succeeded', target: 'deactivated' },
          // A wrong code (or two-factor already off): the field is cleared and the error shown.
          { target: 'enteringCode', actions: assign({ error: ({ event }) => errorOf(event), authCode: '' }) },
        ],
        onError: { target: 'enteringCode', actions: assign({ error: ({ event }) => errorOf(event), authCode: '' }) },
      },
    },
    deactivated: {
      meta: { description: 'Two-factor authentication is off; a message says so.' },
      tags: ['success'],
    },
    closed: {
      meta: { description: 'The dialog is closed; the member record is fetched again.' },
      entry: 'refreshMember',
      type: 'final',
    },
  },
});
