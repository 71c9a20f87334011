// Login: the member signs in with email and password. Success stores the token and its expiry and goes
// to /products when purchase-link products are stored and the products module is on, else /dashboard
// (spec §2 "Route guard", §4 "Login").
import { assign, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import type { AppError } from '../shared/app-error';
import { emailLoginSchema } from './login.schema';
import type { Credentials, LoginAnswer, LoginContext, LoginEvent, LoginInput } from './login.types';

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
  },
  actors: {
    signIn: notProvidedActor<LoginAnswer, Credentials>('signIn'),
  },
  actions: {
    storeSession: notProvidedAction('storeSession') as (_: unknown, params: LoginAnswer) => void,
    goToProducts: notProvidedAction('goToProducts'),
    goToDashboard: notProvidedAction('goToDashboard'),
  },
  guards: {
    areCredentialsValid: ({ event }) => v.is(emailLoginSchema, { email: event.email, password: event.password }),
    opensProducts: ({ context }) => context.productsModuleOn && context.hasStoredProducts,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({ ...input, error: null }),
  initial: 'editingCredentials',
  states: {
    editingCredentials: {
      meta: { description: 'The member types email and password.' },
      tags: ['editable'],
      on: {
        'credentials.submit': { guard: 'areCredentialsValid', target: 'signingIn' },
      },
    },
    signingIn: {
      meta: { description: 'The server checks the credentials.' },
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          const { email, password } = event as Extract<LoginEvent, { type: 'credentials.submit' }>;
          return { email: email.trim(), password };
        },
        onDone: [
          {
            guard: 'opensProducts',
            target: 'loggedIn',
            actions: [{ type: 'storeSession', params: ({ event }) => event.output }, 'goToProducts'],
          },
          {
            target: 'loggedIn',
            actions: [{ type: 'storeSession', params: ({ event }) => event.output }, 'goToDashboard'],
          },
        ],
        onError: {
          target: 'editingCredentials',
          actions: assign({ error: ({ event }) => event.error as AppError }),
        },
      },
    },
    loggedIn: {
      meta: { description: 'Signed in; the portal has moved on.' },
      type: 'final',
    },
  },
});
