// Effects of the account flows: email verification link, password reset, autologin.
import { fromPromise } from 'xstate';
import { verifyEmailMachine } from '../../../machines/verify-email/verify-email.machine';
import { resetRequestMachine } from '../../../machines/password-reset/reset-request.machine';
import { newPasswordMachine } from '../../../machines/password-reset/new-password.machine';
import { autologinMachine } from '../../../machines/autologin/autologin.machine';
import { api, createApi, graphqlEndpoint } from '../../api/client';
import { meQuery } from '../../api/member';
import { forgotPasswordMutation, resetPasswordMutation, verifyEmailMutation } from '../../api/session';
import { router } from '../router';
import { clearSession, goToDashboard, goToProducts, perTenant, storeSession } from './common';

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
