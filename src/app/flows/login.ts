// The login flow's effects.
import { fromPromise } from 'xstate';
import { loginMachine } from '../../../machines/login/login.machine';
import type { LoginMethod } from '../../../machines/login/login.types';
import { api } from '../../api/client';
import { loginMutation } from '../../api/session';
import type { TenantConfig } from '../../lib/tenant';
import { afterLoginInput, goToDashboard, goToProducts, perTenant, storeSession } from './common';

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
