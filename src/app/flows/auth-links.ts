// Effects of the auth area's emailed-link flows (spec §4): the email verification link, the password reset
// request and the new password, and the providers their pages mount them with.
import { fromPromise } from 'xstate';
import { verifyEmailMachine } from '../../../machines/auth/verify-email.machine';
import { resetRequestMachine } from '../../../machines/auth/reset-request.machine';
import { newPasswordMachine } from '../../../machines/auth/new-password.machine';
import { api } from '../../api/client';
import { forgotPasswordMutation, resetPasswordMutation, verifyEmailMutation } from '../../api/auth';
import { NewPasswordContext, ResetRequestContext, VerifyEmailContext } from '../../features/auth/auth-links.contexts';
import { flowProvider } from './provide';
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

/** An emailed link's token (the page's id) and the address it was sent to; a new token starts a new flow. */
interface EmailedLink {
  token: string;
  email: string;
}

export const VerifyEmailProvider = flowProvider(VerifyEmailContext, ({ token, email }: EmailedLink, tenant) => ({
  logic: createVerifyEmailLogic(tenant),
  input: { token, email },
  key: token,
}));

export const ResetRequestProvider = flowProvider(ResetRequestContext, (_props: object, tenant) => ({
  logic: createResetRequestLogic(tenant),
}));

export const NewPasswordProvider = flowProvider(NewPasswordContext, ({ token, email }: EmailedLink, tenant) => ({
  logic: createNewPasswordLogic(tenant),
  input: { token, email },
  key: token,
}));
