// Effects of the auth area's logout flow (spec §2 "Route guard", §4 "Logout") and the provider that mounts it:
// the token revoked, the session forgotten, and on to the right login page. Its own file, so /login's first
// load does not carry it.
import { fromPromise } from 'xstate';
import { logoutMachine } from '../../../machines/auth/logout.machine';
import type { LogoutInput } from '../../../machines/auth/logout.types';
import { api } from '../../api/client';
import { logoutMutation } from '../../api/auth';
import { LogoutContext } from '../../features/auth/auth-logout.contexts';
import { session } from '../../lib/session';
import { clearFormDrafts } from '../../lib/form-drafts';
import { navigate } from '../router/navigation';
import { flowProvider } from './provide';
import { clearSession, perTenant } from './shared';

export const createLogoutLogic = perTenant(() =>
  logoutMachine.provide({
    actors: {
      signOut: fromPromise(async () => {
        if (session.isLoggedIn()) await api.request(logoutMutation);
      }),
    },
    actions: {
      // A deliberate logout leaves no draft behind; an expired session keeps them for the member's return.
      clearSession: ({ context }) => {
        if (context.reason === 'logout') clearFormDrafts();
        clearSession();
      },
      goToLogin: (_, { reason }) => void navigate({ to: '/login', search: { s: reason }, replace: true }),
      goToOAuthLogin: () => void navigate({ to: '/oauthlogin', search: { s: 'logout' }, replace: true }),
    },
  }),
);

/** The logout page's flow: it signs out for the reason the page was opened with, and leaves. */
export const LogoutProvider = flowProvider(LogoutContext, ({ reason }: Pick<LogoutInput, 'reason'>, tenant) => ({
  logic: createLogoutLogic(tenant),
  input: { reason, oauth: tenant.whiteLabel.oauth2 },
}));
