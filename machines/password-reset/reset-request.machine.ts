// Reset password (/resetpassword): the member gives the account's email and gets a link to set a new
// password. The answer is the same whether or not such an account exists.
import { assign, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedActor } from '../shared/not-provided';
import type { AppError } from '../shared/app-error';
import { resetRequestSchema } from './password-reset.schema';

export const resetRequestMachine = setup({
  types: {
    context: {} as { email: string; error: AppError | null },
    events: {} as { type: 'reset.submit'; email: string } | { type: 'reset.again' },
  },
  actors: {
    requestReset: notProvidedActor<void, { email: string }>('requestReset'),
  },
  guards: {
    isEmailValid: ({ event }) => event.type === 'reset.submit' && v.is(resetRequestSchema, { email: event.email }),
  },
}).createMachine({
  id: 'resetRequest',
  context: { email: '', error: null },
  initial: 'editing',
  states: {
    editing: {
      meta: { description: 'The member types the email of the account.' },
      tags: ['editable'],
      on: {
        'reset.submit': {
          guard: 'isEmailValid',
          target: 'sending',
          actions: assign({ email: ({ event }) => event.email.trim(), error: null }),
        },
      },
    },
    sending: {
      meta: { description: 'Asking the server to mail the link.' },
      tags: ['busy'],
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.email }),
        onDone: 'sent',
        onError: { target: 'editing', actions: assign({ error: ({ event }) => event.error as AppError }) },
      },
    },
    sent: {
      meta: { description: 'The link is on its way (if the account exists).' },
      on: { 'reset.again': 'editing' },
    },
  },
});
