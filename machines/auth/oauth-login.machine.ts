// Single sign-on login (/oauthlogin) for tenants with oauth2: sends the visitor to the authorisation
// page with a random state; on the way back checks the state and exchanges the code for a session.
// With s=logout (the menu's logout, or a single sign-on session that ended) it clears the session and
// offers to sign in again (spec §2 "Route guard", §4 "Other").
import { setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { failureOf, valueOf } from '../../domain/app-error';
import type { ExchangeCodeOutcome, OAuthAnswer, OAuthLoginEvent, OAuthLoginInput } from './oauth-login.types';

export const oauthLoginMachine = setup({
  types: {
    context: {} as OAuthLoginInput,
    input: {} as OAuthLoginInput,
    events: {} as OAuthLoginEvent,
  },
  actors: {
    exchangeCode: notProvidedActor<ExchangeCodeOutcome, { code: string }>('exchangeCode'),
  },
  actions: {
    /** Makes a random state, remembers it for this tab, and opens the authorisation page. */
    goToAuthorization: notProvidedAction('goToAuthorization'),
    storeSession: notProvidedAction('storeSession') as (_: unknown, params: OAuthAnswer) => void,
    clearSession: notProvidedAction('clearSession'),
    goToDashboard: notProvidedAction('goToDashboard'),
  },
  guards: {
    succeeded: ({ event }) => failureOf(event) === null,
    isSignedOut: ({ context }) => context.signedOut,
    isReturnWithCode: ({ context }) => context.code !== null && context.stateMatches && !context.failedUpstream,
    isReturn: ({ context }) => context.code !== null || context.failedUpstream,
  },
}).createMachine({
  id: 'oauthLogin',
  context: ({ input }) => input,
  initial: 'readingReturn',
  states: {
    readingReturn: {
      meta: { description: 'Reads what the URL carries: a sign-out, an answer of the authorisation page, or nothing.' },
      always: [
        { guard: 'isSignedOut', target: 'signedOut', meta: { description: 'Member signed out' } },
        { guard: 'isReturnWithCode', target: 'exchanging', meta: { description: 'Provider sent a code' } },
        { guard: 'isReturn', target: 'failed', meta: { description: 'Provider sent no code' } },
        { target: 'redirecting', meta: { description: 'First visit' } },
      ],
    },
    redirecting: {
      meta: { description: 'On the way to the authorisation page.' },
      tags: ['busy'],
      entry: 'goToAuthorization',
      type: 'final',
    },
    exchanging: {
      meta: { description: 'The server exchanges the code for a portal session.' },
      tags: ['busy'],
      invoke: {
        id: 'exchangeCode',
        src: 'exchangeCode',
        input: ({ context }) => ({ code: context.code! }),
        onDone: [
          {
            guard: 'succeeded',
            target: 'signedIn',
            actions: [{ type: 'storeSession', params: ({ event }) => valueOf(event.output) }, 'goToDashboard'],
            meta: { description: 'Signed in' },
          },
          { target: 'failed', meta: { description: 'Code refused' } },
        ],
        onError: { target: 'failed', meta: { description: 'Call failed' } },
      },
    },
    signedIn: {
      meta: { description: 'Signed in; the portal has moved on.' },
      type: 'final',
    },
    failed: {
      meta: { description: 'Single sign-on did not work (wrong state, refused code); the member can try again.' },
      on: { 'sso.signIn': { target: 'redirecting', meta: { description: 'Member tries again' } } },
    },
    signedOut: {
      meta: { description: 'Signed out: the session is cleared; the member can sign in again.' },
      entry: 'clearSession',
      on: { 'sso.signIn': { target: 'redirecting', meta: { description: 'Member signs in again' } } },
    },
  },
});
