// Supplies the flows' named effects (actors and actions) with the real API, storage and router.
import { fromPromise } from 'xstate';
import { loginMachine } from '../../machines/login/login.machine';
import { logoutMachine } from '../../machines/logout/logout.machine';
import { api } from '../api/client';
import { loginMutation, logoutMutation } from '../api/session';
import { session } from '../lib/session';
import { readLocal, storageKeys } from '../lib/storage';
import { hasModule, type TenantConfig } from '../lib/tenant';
import { queryClient, router, isOnPrivateRoute } from './router';

export const loginLogic = (tenant: TenantConfig) =>
  loginMachine.provide({
    actors: {
      signIn: fromPromise(async ({ input }) => {
        const { login } = await api.request(loginMutation, {
          data: { username: input.email, password: input.password, whitelabel_uuid: tenant.uuid },
        });
        return login;
      }),
    },
    actions: {
      storeSession: (_, answer) => session.start(answer.access_token, answer.expires_in),
      goToProducts: () => void router.navigate({ to: '/products', replace: true }),
      goToDashboard: () => void router.navigate({ to: '/dashboard', replace: true }),
    },
  });

export const loginInput = (tenant: TenantConfig) => ({
  productsModuleOn: hasModule(tenant.whiteLabel, 'products'),
  hasStoredProducts: hasStoredPurchaseLinkProducts(),
});

function hasStoredPurchaseLinkProducts(): boolean {
  try {
    const stored = JSON.parse(readLocal(storageKeys.scProducts) ?? '[]') as unknown;
    return Array.isArray(stored) && stored.length > 0;
  } catch {
    return false;
  }
}

export const logoutLogic = logoutMachine.provide({
  actors: {
    signOut: fromPromise(async () => {
      if (session.isLoggedIn()) await api.request(logoutMutation);
    }),
  },
  actions: {
    clearSession: () => {
      session.clear();
      queryClient.clear();
    },
    goToLogin: (_, { reason }) => void router.navigate({ to: '/login', search: { s: reason }, replace: true }),
    goToOAuthLogin: () => void router.navigate({ to: '/oauthlogin', search: { s: 'logout' }, replace: true }),
  },
});

/** An authentication error on a non-public route ends the session (spec §8). */
api.onAuthenticationError = (error) => {
  // Named outcomes (a wrong password, a two-factor step) belong to the form that asked.
  if (error.reason) return;
  if (!isOnPrivateRoute()) return;
  void router.navigate({ to: '/logout', search: { s: 'expired' }, replace: true });
};
