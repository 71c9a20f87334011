// Email verification link (/verifyemail/{token}): the link from the registration email confirms the
// address and signs the member in; a link that does not work says "Account activation failed: check the link."
import { setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { failureOf, valueOf } from '../../domain/app-error';
import type { VerifyEmailAnswer, VerifyEmailInput, VerifyLinkOutcome } from './verify-email.types';

export const verifyEmailMachine = setup({
  types: {
    context: {} as VerifyEmailInput,
    input: {} as VerifyEmailInput,
  },
  actors: {
    verifyLink: notProvidedActor<VerifyLinkOutcome, VerifyEmailInput>('verifyLink'),
  },
  actions: {
    storeSession: notProvidedAction('storeSession') as (_: unknown, params: VerifyEmailAnswer) => void,
    goToDashboard: notProvidedAction('goToDashboard'),
  },
  guards: {
    isVerified: ({ event }) => failureOf(event) === null,
  },
}).createMachine({
  id: 'verifyEmail',
  context: ({ input }) => input,
  initial: 'verifying',
  states: {
    verifying: {
      meta: { description: 'The server checks the link.' },
      tags: ['busy'],
      invoke: {
        id: 'verifyLink',
        src: 'verifyLink',
        input: ({ context }) => context,
        onDone: [
          {
            guard: 'isVerified',
            target: 'verified',
            actions: [{ type: 'storeSession', params: ({ event }) => valueOf(event.output) }, 'goToDashboard'],
            meta: { description: 'Email verified' },
          },
          { target: 'failed', meta: { description: 'Link refused' } },
        ],
        onError: { target: 'failed', meta: { description: 'Call failed' } },
      },
    },
    verified: {
      meta: { description: 'Confirmed and signed in.' },
      type: 'final',
    },
    failed: {
      meta: { description: 'The link is wrong, used or too old.' },
      type: 'final',
    },
  },
});
