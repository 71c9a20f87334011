// Reset password (/resetpassword): the member gives the account's email and gets a link to set a new
// password. The answer is the same whether or not such an account exists.
import { assign, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedActor } from '../shared/not-provided';
import { errorOf, failureOf } from '../../domain/app-error';
import { resetRequestSchema } from './password-reset.schema';
import type { RequestResetOutcome, ResetRequestContext, ResetRequestEvent } from './reset-request.types';

export const resetRequestMachine = setup({
  types: {
    context: {} as ResetRequestContext,
    events: {} as ResetRequestEvent,
  },
  actors: {
    requestReset: notProvidedActor<RequestResetOutcome, { email: string }>('requestReset'),
  },
  guards: {
    succeeded: ({ event }) => failureOf(event) === null,
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
          meta: { description: 'Member sends the email' },
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
        onDone: [
          { guard: 'succeeded', target: 'sent', meta: { description: 'Link mailed' } },
          // A new link only after 60 s: the form says how long to wait.
          { target: 'editing', actions: assign({ error: ({ event }) => errorOf(event) }), meta: { description: 'Request refused' } },
        ],
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorOf(event) }), meta: { description: 'Call failed' } },
      },
    },
    sent: {
      meta: { description: 'The link is on its way (if the account exists).' },
      on: { 'reset.again': { target: 'editing', meta: { description: 'Member tries another email' } } },
    },
  },
});
