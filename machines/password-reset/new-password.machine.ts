// New password (/newpassword/{token}): the member sets a new password (typed twice, required and must
// match) with the link from the reset email, then logs in with it.
import { assign, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedActor } from '../shared/not-provided';
import type { AppError } from '../shared/app-error';
import { newPasswordSchema, type NewPasswordValues } from './password-reset.schema';

export interface NewPasswordInput {
  token: string;
  email: string;
}

export const newPasswordMachine = setup({
  types: {
    context: {} as NewPasswordInput & { password: string; error: AppError | null },
    events: {} as { type: 'password.submit' } & NewPasswordValues,
    input: {} as NewPasswordInput,
  },
  actors: {
    setPassword: notProvidedActor<void, NewPasswordInput & { password: string }>('setPassword'),
  },
  guards: {
    arePasswordsValid: ({ event }) =>
      v.is(newPasswordSchema, { password: event.password, confirmation: event.confirmation }),
    isLinkInvalid: ({ event }) => (event as { error?: AppError }).error?.reason === 'InvalidLink',
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
        onDone: { target: 'saved', actions: assign({ password: '' }) },
        onError: [
          { guard: 'isLinkInvalid', target: 'linkInvalid', actions: assign({ password: '' }) },
          { target: 'editing', actions: assign({ password: '', error: ({ event }) => event.error as AppError }) },
        ],
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
