// Effects of the auth area's login flow (spec §4 "Login") and the provider that mounts it; createLoginLogic
// (tenant) is the machine with its effects, made once per tenant. The area's other flows live beside this
// file (auth-logout.ts, auth-registration.ts, auth-links.ts, auth-sso.ts), so /login's first load carries
// only the login machine.
import { fromPromise } from 'xstate';
import { loginMachine } from '../../../machines/auth/login.machine';
import type { LoginMethod } from '../../../machines/auth/login.types';
import { api } from '../../api/client';
import { loginMutation } from '../../api/auth';
import { LoginContext } from '../../features/auth/auth.contexts';
import type { TenantConfig } from '../../lib/tenant';
import { showInfoToast } from '../toasts';
import { t } from '@lingui/core/macro';
import { flowProvider } from './provide';
import { afterLoginInput, goToDashboard, goToProducts, outcome, perTenant, storeSession } from './shared';

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

const loginInput = (tenant: TenantConfig, method: LoginMethod, inDialog: boolean) => ({ ...afterLoginInput(tenant), method, inDialog });

/**
 * The login form's flow: the /login page's (the phone variant with `method="phone"`, a new flow when the
 * method changes), or the registration dialog's (`inDialog`: signed in, the page stays).
 */
export const LoginProvider = flowProvider(
  LoginContext,
  ({ method = 'email', inDialog = false }: { method?: LoginMethod; inDialog?: boolean }, tenant) => ({
    logic: createLoginLogic(tenant),
    input: loginInput(tenant, method, inDialog),
    key: method,
  }),
);
