// The logout flow's effects.
import { fromPromise } from 'xstate';
import { logoutMachine } from '../../../machines/logout/logout.machine';
import { api } from '../../api/client';
import { logoutMutation } from '../../api/session';
import { session } from '../../lib/session';
import { router } from '../router';
import { clearSession } from './common';

export const logoutLogic = logoutMachine.provide({
  actors: {
    signOut: fromPromise(async () => {
      if (session.isLoggedIn()) await api.request(logoutMutation);
    }),
  },
  actions: {
    clearSession,
    goToLogin: (_, { reason }) => void router.navigate({ to: '/login', search: { s: reason }, replace: true }),
    goToOAuthLogin: () => void router.navigate({ to: '/oauthlogin', search: { s: 'logout' }, replace: true }),
  },
});
