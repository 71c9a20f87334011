// Logout: ends the server session (when a token is stored), clears the stored token and cached member data, then
// lands on /login?s=expired, /login?s=logout, or /oauthlogin?s=logout when the tenant uses single
// sign-on (spec §2 "Route guard").
import { setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import type { LogoutContext, LogoutInput } from './logout.types';

export const logoutMachine = setup({
  types: {
    context: {} as LogoutContext,
    input: {} as LogoutInput,
  },
  actors: {
    /** Revokes the stored token on the server; resolves at once when no token is stored. */
    signOut: notProvidedActor<void>('signOut'),
  },
  actions: {
    clearSession: notProvidedAction('clearSession'),
    goToLogin: notProvidedAction('goToLogin') as (_: unknown, params: { reason: 'expired' | 'logout' }) => void,
    goToOAuthLogin: notProvidedAction('goToOAuthLogin'),
  },
  guards: {
    isSingleSignOnLogout: ({ context }) => context.oauth && context.reason === 'logout',
  },
}).createMachine({
  id: 'logout',
  context: ({ input }) => input,
  initial: 'signingOut',
  states: {
    signingOut: {
      meta: { description: 'Asks the server to revoke the token; a failure does not keep the member in.' },
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'clearing', meta: { description: 'Signed out' } },
        onError: { target: 'clearing', meta: { description: 'Call failed (signed out here anyway)' } },
      },
    },
    clearing: {
      meta: { description: 'Forgets the token and the cached member data, then goes to the right login page.' },
      entry: 'clearSession',
      always: [
        { guard: 'isSingleSignOnLogout', target: 'done', actions: 'goToOAuthLogin', meta: { description: 'To the SSO sign-in' } },
        {
          target: 'done',
          actions: { type: 'goToLogin', params: ({ context }) => ({ reason: context.reason }) },
          meta: { description: 'To the sign-in page' },
        },
      ],
    },
    done: {
      meta: { description: 'Signed out.' },
      type: 'final',
    },
  },
});
