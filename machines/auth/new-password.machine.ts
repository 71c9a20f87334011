// New password (/newpassword/{token}): the member sets a new password (typed twice, required and must
// match) with the link from the reset email, then logs in with it.
import { assign, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedActor } from '../shared/not-provided';
import { errorOf, failureOf } from '../../domain/app-error';
import { newPasswordSchema } from './password-reset.schema';
import type { NewPasswordContext, NewPasswordEvent, NewPasswordInput, SetPasswordOutcome } from './new-password.types';

export const newPasswordMachine = setup({
  types: {
    context: {} as NewPasswordContext,
    events: {} as NewPasswordEvent,
    input: {} as NewPasswordInput,
  },
  actors: {
    setPassword: notProvidedActor<SetPasswordOutcome, NewPasswordInput & { password: string }>('setPassword'),
  },
  guards: {
    arePasswordsValid: ({ event }) =>
      v.is(newPasswordSchema, { password: event.password, confirmation: event.confirmation }),
    succeeded: ({ event }) => failureOf(event) === null,
    isLinkInvalid: ({ event }) => failureOf(event) === 'InvalidLink',
  },
}).createMachine({
  id: 'newPassword',
  context: ({ input }) => ({ ...input, password: '', error: null }),
  initial: 'editing',
  states: {
    editing: {
      meta: { description: 'The member types the new password twice.' },
      tags: ['editable'],
      on: {
        'password.submit': {
          guard: 'arePasswordsValid',
          target: 'saving',
          actions: assign({ password: ({ event }) => event.password, error: null }),
          meta: { description: 'Member saves the password' },
        },
      },
    },
    saving: {
      meta: { description: 'The server sets the new password.' },
      tags: ['busy'],
      invoke: {
        id: 'setPassword',
        src: 'setPassword',
        input: ({ context }) => ({ token: context.token, email: context.email, password: context.password }),
        onDone: [
          { guard: 'succeeded', target: 'saved', actions: assign({ password: '' }), meta: { description: 'Password set' } },
          {
            guard: 'isLinkInvalid',
            target: 'linkInvalid',
            actions: assign({ password: '' }),
            meta: { description: 'Link no longer valid' },
          },
        ],
        onError: {
          target: 'editing',
          actions: assign({ password: '', error: ({ event }) => errorOf(event) }),
          meta: { description: 'Save refused' },
        },
      },
    },
    saved: {
      meta: { description: 'The new password is set; the member goes on to log in.' },
      type: 'final',
    },
    linkInvalid: {
      meta: { description: 'The link is used or too old; a new one can be asked for.' },
      type: 'final',
    },
  },
});
