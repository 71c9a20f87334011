// Single sign-on session check: while a member of an oauth2 tenant is signed in, a hidden frame asks the
// authorisation server whether its session still lives, first after 1 s and then every 30 minutes.
// login_required means it ended: the portal goes to /oauthlogin?s=logout (spec §2, §4 "Other", §8).
import { setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { ssoCheckInterval, ssoFirstCheck } from '../../domain/timing';
import type { SsoCheckResult } from './sso-session.types';

export const ssoSessionMachine = setup({
  actors: {
    /** Loads the authorisation page with prompt=none in a hidden frame and reports what it answered. */
    checkSession: notProvidedActor<SsoCheckResult>('checkSession'),
  },
  actions: {
    goToSignedOut: notProvidedAction('goToSignedOut'),
  },
  guards: {
    hasEnded: ({ event }) => (event as { output?: SsoCheckResult }).output === 'login_required',
  },
  delays: { ssoFirstCheck, ssoCheckInterval },
}).createMachine({
  id: 'ssoSession',
  initial: 'starting',
  states: {
    starting: {
      meta: { description: 'The first check comes 1 s after sign-in.' },
      after: { ssoFirstCheck: { target: 'checking', meta: { description: 'First check due' } } },
    },
    checking: {
      meta: { description: 'The hidden frame asks the authorisation server.' },
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [{
          guard: 'hasEnded',
          target: 'ended',
          actions: 'goToSignedOut',
          meta: { description: 'Session ended' },
        }, {
          target: 'active',
          meta: { description: 'Session still on' },
        }],
        // The frame did not answer (offline, slow): try again at the next check.
        onError: { target: 'active', meta: { description: 'Check failed (kept on)' } },
      },
    },
    active: {
      meta: { description: 'The session lives; the next check comes in 30 minutes.' },
      after: { ssoCheckInterval: { target: 'checking', meta: { description: 'Next check due' } } },
    },
    ended: {
      meta: { description: 'The single sign-on session ended.' },
      type: 'final',
    },
  },
});
