// Supplies the flows' named effects (actors and actions) with the real API, storage and router.
import { fromPromise } from 'xstate';
import { loginMachine } from '../../machines/login/login.machine';
import type { LoginMethod } from '../../machines/login/login.types';
import { logoutMachine } from '../../machines/logout/logout.machine';
import { registrationMachine } from '../../machines/registration/registration.machine';
import { registrationName } from '../../machines/registration/registration.schema';
import { verifyEmailMachine } from '../../machines/verify-email/verify-email.machine';
import { resetRequestMachine } from '../../machines/password-reset/reset-request.machine';
import { newPasswordMachine } from '../../machines/password-reset/new-password.machine';
import { autologinMachine } from '../../machines/autologin/autologin.machine';
import { oauthLoginMachine } from '../../machines/oauth-login/oauth-login.machine';
import { ssoSessionMachine } from '../../machines/sso-session/sso-session.machine';
import { api, createApi, graphqlEndpoint } from '../api/client';
import { meQuery } from '../api/member';
import {
  forgotPasswordMutation,
  loginMutation,
  logoutMutation,
  oauthLoginMutation,
  registerMutation,
  resetPasswordMutation,
  sendVerificationCodeMutation,
  verifyEmailMutation,
} from '../api/session';
import { i18n } from '../lib/i18n';
import { hostSource } from '../lib/host-source';
import { session } from '../lib/session';
import { readLocal, storageKeys } from '../lib/storage';
import { hasModule, type TenantConfig } from '../lib/tenant';
import { queryClient, router, isOnPrivateRoute } from './router';
import { checkSsoSession, goToAuthorization, redirectUri } from './sso';

/** Provided logic is made once per tenant, so providers keep the same logic across renders. */
function perTenant<T>(make: (tenant: TenantConfig) => T): (tenant: TenantConfig) => T {
  const made = new WeakMap<TenantConfig, T>();
  return (tenant) => {
    if (!made.has(tenant)) made.set(tenant, make(tenant));
    return made.get(tenant)!;
  };
}

const storeSession = (_: unknown, answer: { access_token: string; expires_in: number }) =>
  session.start(answer.access_token, answer.expires_in);
const goToProducts = () => void router.navigate({ to: '/products', replace: true });
const goToDashboard = () => void router.navigate({ to: '/dashboard', replace: true });
const clearSession = () => {
  session.clear();
  queryClient.clear();
};

function hasStoredPurchaseLinkProducts(): boolean {
  try {
    const stored = JSON.parse(readLocal(storageKeys.scProducts) ?? '[]') as unknown;
    return Array.isArray(stored) && stored.length > 0;
  } catch {
    return false;
  }
}

/** Where a successful sign-in leads: /products with stored purchase links and the products module, else /dashboard. */
export const afterLoginInput = (tenant: TenantConfig) => ({
  productsModuleOn: hasModule(tenant.whiteLabel, 'products'),
  hasStoredProducts: hasStoredPurchaseLinkProducts(),
});

export const loginLogic = perTenant((tenant) =>
  loginMachine.provide({
    actors: {
      signIn: fromPromise(async ({ input }) => {
        const { login } = await api.request(loginMutation, {
          data: {
            username: input.username,
            password: input.password,
            whitelabel_uuid: tenant.uuid,
            ...(input.code ? { twofa_verification_code: input.code } : {}),
          },
        });
        return login;
      }),
    },
    actions: { storeSession, goToProducts, goToDashboard },
  }),
);

export const loginInput = (tenant: TenantConfig, method: LoginMethod) => ({ ...afterLoginInput(tenant), method });

export const registrationLogic = (tenant: TenantConfig, sponsor: string | null) => {
  const rules = registrationRules(tenant);
  return registrationMachine.provide({
    actors: {
      register: fromPromise(async ({ input }) => {
        await api.request(registerMutation, {
          name: registrationName(input, rules),
          email: input.email.trim(),
          password: input.password,
          lang: i18n.locale,
          whitelabel_uuid: tenant.uuid,
          source: hostSource(window.location.host),
          ...(sponsor ? { sponsor } : {}),
          ...(input.telegram.trim() ? { telegram: input.telegram.trim() } : {}),
          ...(readLocal(storageKeys.anonymousId) ? { anonymous_id: readLocal(storageKeys.anonymousId) } : {}),
        });
      }),
      verifyCode: fromPromise(async ({ input }) => {
        const { verifyEmail } = await api.request(verifyEmailMutation, {
          whitelabel_uuid: tenant.uuid,
          email: input.email,
          code: input.code,
        });
        return verifyEmail ?? null;
      }),
      sendCode: fromPromise(async ({ input }) => {
        await api.request(sendVerificationCodeMutation, { whitelabel_uuid: tenant.uuid, email: input.email });
      }),
    },
    actions: { storeSession, goToProducts, goToDashboard },
  });
};

export const registrationRules = (tenant: TenantConfig) => ({
  requireFirstLastName: tenant.whiteLabel.require_first_lastname,
  requireTelegram: tenant.whiteLabel.require_telegram,
  requireConfirmPassword: tenant.whiteLabel.require_confirm_password,
});

export const registrationInput = (tenant: TenantConfig, sponsor: string | null) => ({
  ...afterLoginInput(tenant),
  rules: registrationRules(tenant),
  referralOnly: tenant.whiteLabel.signup_reflink_only,
  hasSponsor: sponsor !== null,
});

export const verifyEmailLogic = perTenant((tenant) =>
  verifyEmailMachine.provide({
    actors: {
      verifyLink: fromPromise(async ({ input }) => {
        const { verifyEmail } = await api.request(verifyEmailMutation, {
          whitelabel_uuid: tenant.uuid,
          email: input.email,
          token: input.token,
        });
        return verifyEmail ?? null;
      }),
    },
    actions: { storeSession, goToDashboard },
  }),
);

export const resetRequestLogic = perTenant((tenant) =>
  resetRequestMachine.provide({
    actors: {
      requestReset: fromPromise(async ({ input }) => {
        await api.request(forgotPasswordMutation, { whitelabel_uuid: tenant.uuid, email: input.email });
      }),
    },
  }),
);

export const newPasswordLogic = perTenant((tenant) =>
  newPasswordMachine.provide({
    actors: {
      setPassword: fromPromise(async ({ input }) => {
        await api.request(resetPasswordMutation, { whitelabel_uuid: tenant.uuid, ...input });
      }),
    },
  }),
);

export const autologinLogic = autologinMachine.provide({
  actors: {
    checkSession: fromPromise(async ({ input }) => {
      const { me } = await createApi(graphqlEndpoint, () => input.access_token).request(meQuery);
      if (!me) throw new Error('The handed-over session belongs to nobody');
    }),
  },
  actions: {
    storeSession: storeSession as never,
    clearSession,
    goToProducts,
    goToDashboard,
    goToLogin: () => void router.navigate({ to: '/login', search: { s: 'expired' }, replace: true }),
  },
});

export const oauthLoginLogic = perTenant((tenant) =>
  oauthLoginMachine.provide({
    actors: {
      exchangeCode: fromPromise(async ({ input }) => {
        const { oauthLogin } = await api.request(oauthLoginMutation, {
          whitelabel_uuid: tenant.uuid,
          code: input.code,
          redirect_uri: redirectUri(tenant),
        });
        return oauthLogin;
      }),
    },
    actions: {
      goToAuthorization: () => goToAuthorization(tenant),
      storeSession,
      clearSession,
      goToDashboard,
    },
  }),
);

export const ssoSessionLogic = perTenant((tenant) =>
  ssoSessionMachine.provide({
    actors: { checkSession: fromPromise(() => checkSsoSession(tenant)) },
    actions: {
      goToSignedOut: () => void router.navigate({ to: '/oauthlogin', search: { s: 'logout' }, replace: true }),
    },
  }),
);

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

/** An authentication error on a non-public route ends the session (spec §8). */
api.onAuthenticationError = (error) => {
  // Named outcomes (a wrong password, a two-factor step) belong to the form that asked.
  if (error.reason) return;
  if (!isOnPrivateRoute()) return;
  void router.navigate({ to: '/logout', search: { s: 'expired' }, replace: true });
};
