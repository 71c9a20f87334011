// Effects of the auth area's emailed-link flows (spec §4): the email verification link, the password reset
// request and the new password.
import { fromPromise } from 'xstate';
import { verifyEmailMachine } from '../../../machines/auth/verify-email.machine';
import { resetRequestMachine } from '../../../machines/auth/reset-request.machine';
import { newPasswordMachine } from '../../../machines/auth/new-password.machine';
import { api } from '../../api/client';
import { forgotPasswordMutation, resetPasswordMutation, verifyEmailMutation } from '../../api/auth';
import { goToDashboard, outcome, perTenant, requireValue, storeSession } from './shared';

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
