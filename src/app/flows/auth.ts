// Effects of the auth area's flows (spec §2 "Route guard", §4 "Login", "Registration"): login, logout,
// registration, the email verification link, password reset, autologin and single sign-on. Each
// create<Flow>Logic(tenant) is the machine with its effects, made once per tenant.
import { fromPromise } from 'xstate';
import { loginMachine } from '../../../machines/auth/login.machine';
import type { LoginMethod } from '../../../machines/auth/login.types';
import { logoutMachine } from '../../../machines/auth/logout.machine';
import { registrationMachine } from '../../../machines/auth/registration.machine';
import { registrationName } from '../../../machines/auth/registration.schema';
import { verifyEmailMachine } from '../../../machines/auth/verify-email.machine';
import { resetRequestMachine } from '../../../machines/auth/reset-request.machine';
import { newPasswordMachine } from '../../../machines/auth/new-password.machine';
import { autologinMachine } from '../../../machines/auth/autologin.machine';
import { oauthLoginMachine } from '../../../machines/auth/oauth-login.machine';
import { ssoSessionMachine } from '../../../machines/auth/sso-session.machine';
import { api, createApi, graphqlEndpoint } from '../../api/client';
import {
  forgotPasswordMutation,
  loginMutation,
  logoutMutation,
  oauthLoginMutation,
  registerMutation,
  resetPasswordMutation,
  sendVerificationCodeMutation,
  verifyEmailMutation,
} from '../../api/auth';
import { i18n } from '../../lib/i18n';
import { hostSource } from '../../lib/host-source';
import { session } from '../../lib/session';
import { readLocal, storageKeys } from '../../lib/storage';
import type { TenantConfig } from '../../lib/tenant';
import { navigate } from '../navigation';
import { showInfoToast } from '../toasts';
import { t } from '@lingui/core/macro';
import { checkSsoSession, goToAuthorization, redirectUri, takeReturnedState } from '../sso';
import {
  afterLoginInput,
  clearSession,
  goToDashboard,
  goToProducts,
  outcome,
  perTenant,
  requireValue,
  storeSession,
} from './shared';

export const createLoginLogic = perTenant((tenant) =>
  loginMachine.provide({
    actors: {
      signIn: fromPromise(({ input }) =>
        outcome(['TwoFaError', 'TwoFaCodeError', 'InvalidLogin', 'UserNotFound', 'TooManyAttempts'], async () => {
          const { login } = await api.request(loginMutation, {
            data: {
              username: input.username,
              password: input.password,
              whitelabel_uuid: tenant.uuid,
              ...(input.code ? { twofa_verification_code: input.code } : {}),
            ...(input.recoveryCode ? { recovery_code: input.recoveryCode } : {}),
            },
          });
          return login;
        }),
      ),
    },
    actions: {
      storeSession: (_, answer) => {
        storeSession(_, answer);
        // Signed in with a recovery code: the member learns how many are left.
        const left = answer.recovery_codes_left;
        if (left !== null && left !== undefined) showInfoToast(t`You signed in with a recovery code. Recovery codes left: ${left}.`);
      },
      goToProducts,
      goToDashboard,
    },
  }),
);

export const loginInput = (tenant: TenantConfig, method: LoginMethod, inDialog = false) => ({ ...afterLoginInput(tenant), method, inDialog });

export const createLogoutLogic = perTenant(() =>
  logoutMachine.provide({
    actors: {
      signOut: fromPromise(async () => {
        if (session.isLoggedIn()) await api.request(logoutMutation);
      }),
    },
    actions: {
      clearSession,
      goToLogin: (_, { reason }) => void navigate({ to: '/login', search: { s: reason }, replace: true }),
      goToOAuthLogin: () => void navigate({ to: '/oauthlogin', search: { s: 'logout' }, replace: true }),
    },
  }),
);

export const registrationRules = (tenant: TenantConfig) => ({
  requireFirstLastName: tenant.whiteLabel.require_first_lastname,
  requireTelegram: tenant.whiteLabel.require_telegram,
  requireConfirmPassword: tenant.whiteLabel.require_confirm_password,
});

export const createRegistrationLogic = perTenant((tenant) => {
  const rules = registrationRules(tenant);
  return registrationMachine.provide({
    actors: {
      register: fromPromise(({ input: { values, sponsor } }) =>
        outcome(['NotVerified', 'ReferralLinkOnly'], async () => {
          const anonymousId = readLocal(storageKeys.anonymousId);
          await api.request(registerMutation, {
            name: registrationName(values, rules),
            email: values.email.trim(),
            password: values.password,
            lang: i18n.locale,
            whitelabel_uuid: tenant.uuid,
            source: hostSource(window.location.host),
            ...(sponsor ? { sponsor } : {}),
            ...(values.telegram.trim() ? { telegram: values.telegram.trim() } : {}),
            ...(anonymousId ? { anonymous_id: anonymousId } : {}),
          });
        }),
      ),
      verifyCode: fromPromise(async ({ input }) => {
        const answer = await outcome(['WrongCode', 'CodeExpired'], async () => {
          const { verifyEmail } = await api.request(verifyEmailMutation, {
            whitelabel_uuid: tenant.uuid,
            email: input.email,
            code: input.code,
          });
          return verifyEmail;
        });
        // A verify reply with nothing shows the code error (spec §7 "Reactions to answers").
        return requireValue(answer, 'WrongCode');
      }),
      sendCode: fromPromise(({ input }) =>
        outcome(['TooManyAttempts'], async () => {
          await api.request(sendVerificationCodeMutation, { whitelabel_uuid: tenant.uuid, email: input.email });
        }),
      ),
    },
    actions: {
      storeSession,
      goToProducts,
      goToDashboard,
      showLoginPage: () => void navigate({ to: '/login' }),
    },
  });
});

export const registrationInput = (tenant: TenantConfig, sponsor: string | null, inDialog = false) => ({
  ...afterLoginInput(tenant),
  rules: registrationRules(tenant),
  referralOnly: tenant.whiteLabel.signup_reflink_only,
  sponsor,
  inDialog,
});

export const createVerifyEmailLogic = perTenant((tenant) =>
  verifyEmailMachine.provide({
    actors: {
      verifyLink: fromPromise(async ({ input }) => {
        const answer = await outcome(['InvalidLink', 'WrongCode', 'CodeExpired'], async () => {
          const { verifyEmail } = await api.request(verifyEmailMutation, {
            whitelabel_uuid: tenant.uuid,
            email: input.email,
            token: input.token,
          });
          return verifyEmail;
        });
        return requireValue(answer, 'InvalidLink');
      }),
    },
    actions: { storeSession, goToDashboard },
  }),
);

export const createResetRequestLogic = perTenant((tenant) =>
  resetRequestMachine.provide({
    actors: {
      requestReset: fromPromise(({ input }) =>
        outcome(['TooManyAttempts'], async () => {
          await api.request(forgotPasswordMutation, { whitelabel_uuid: tenant.uuid, email: input.email });
        }),
      ),
    },
  }),
);

export const createNewPasswordLogic = perTenant((tenant) =>
  newPasswordMachine.provide({
    actors: {
      setPassword: fromPromise(({ input }) =>
        outcome(['InvalidLink'], async () => {
          await api.request(resetPasswordMutation, { whitelabel_uuid: tenant.uuid, ...input });
        }),
      ),
    },
  }),
);

export const createAutologinLogic = perTenant(() =>
  autologinMachine.provide({
    actors: {
      checkSession: fromPromise(async ({ input }) => {
        // The account area's API loads here rather than with every auth page.
        const { meQuery } = await import('../../api/account');
        const { me } = await createApi(graphqlEndpoint, () => input.access_token).request(meQuery);
        if (!me) throw new Error('The handed-over session belongs to nobody');
      }),
    },
    actions: {
      storeSession,
      clearSession,
      goToProducts,
      goToDashboard,
      goToLogin: () => void navigate({ to: '/login', search: { s: 'expired' }, replace: true }),
    },
  }),
);

export const createOAuthLoginLogic = perTenant((tenant) =>
  oauthLoginMachine.provide({
    actors: {
      exchangeCode: fromPromise(({ input }) =>
        outcome(['InvalidOAuthCode'], async () => {
          const { oauthLogin } = await api.request(oauthLoginMutation, {
            whitelabel_uuid: tenant.uuid,
            code: input.code,
            redirect_uri: redirectUri(tenant),
          });
          return oauthLogin;
        }),
      ),
    },
    actions: {
      goToAuthorization: () => goToAuthorization(tenant),
      storeSession,
      clearSession,
      goToDashboard,
    },
  }),
);

export const createSsoSessionLogic = perTenant((tenant) =>
  ssoSessionMachine.provide({
    actors: { checkSession: fromPromise(() => checkSsoSession(tenant)) },
    actions: {
      goToSignedOut: () => void navigate({ to: '/oauthlogin', search: { s: 'logout' }, replace: true }),
    },
  }),
);

/** The return from the authorisation page; its state is compared once with the one this tab sent, and forgotten. */
export const oauthLoginInput = (search: { s?: 'logout'; code?: string; state?: string; error?: string }) => ({
  code: search.code ?? null,
  stateMatches: search.code ? takeReturnedState(search.state ?? null) : false,
  failedUpstream: search.error !== undefined,
  signedOut: search.s === 'logout',
});

/** Reads #access_token=...&expires_in=... once and takes it out of the address bar and history. */
function takeHandedOverSession() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  window.history.replaceState(window.history.state, '', window.location.pathname);
  const accessToken = fragment.get('access_token');
  const expiresIn = Number(fragment.get('expires_in'));
  return accessToken && Number.isFinite(expiresIn) && expiresIn > 0 ? { access_token: accessToken, expires_in: expiresIn } : null;
}

export const autologinInput = (tenant: TenantConfig) => ({ session: takeHandedOverSession(), ...afterLoginInput(tenant) });
