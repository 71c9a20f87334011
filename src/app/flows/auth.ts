// Effects of the auth area's flows (spec §2 "Route guard", §4 "Login"): login and logout. Each
// create<Flow>Logic(tenant) is the machine with its effects, made once per tenant. The area's other flows live
// beside this file (auth-registration.ts, auth-links.ts, auth-sso.ts), so /login's first load does not carry
// their machines.
import { fromPromise } from 'xstate';
import { loginMachine } from '../../../machines/auth/login.machine';
import type { LoginMethod } from '../../../machines/auth/login.types';
import { logoutMachine } from '../../../machines/auth/logout.machine';
import { api } from '../../api/client';
import { loginMutation, logoutMutation } from '../../api/auth';
import { session } from '../../lib/session';
import type { TenantConfig } from '../../lib/tenant';
import { navigate } from '../router/navigation';
import { showInfoToast } from '../toasts';
import { t } from '@lingui/core/macro';
import { afterLoginInput, clearSession, goToDashboard, goToProducts, outcome, perTenant, storeSession } from './shared';

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

