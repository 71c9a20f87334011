// Effects of the two-factor flows: activation and deactivation (spec §4).
import { fromPromise } from 'xstate';
import { twoFactorActivationMachine } from '../../../machines/two-factor/two-factor-activation.machine';
import { twoFactorDeactivationMachine } from '../../../machines/two-factor/two-factor-deactivation.machine';
import { api } from '../../api/client';
import {
  activateTwoFaMutation,
  deactivateTwoFaMutation,
  generateEmailCodeMutation,
  generateTwoFaSecretMutation,
} from '../../api/account';
import { meQueryOptions } from '../../api/member';
import { queryClient } from '../router';

const method = 'google2fa';
const refreshMember = () => void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });

export const twoFactorActivationLogic = twoFactorActivationMachine.provide({
  actors: {
    generateSecret: fromPromise(async () => (await api.request(generateTwoFaSecretMutation, { method })).generateTwoFaSecret),
    sendEmailCode: fromPromise(async () => {
      await api.request(generateEmailCodeMutation, { method });
    }),
    activate: fromPromise(async ({ input }) => {
      await api.request(activateTwoFaMutation, {
        method,
        email_verification_code: input.emailCode,
        twofa_verification_code: input.authCode,
      });
    }),
  },
  actions: { refreshMember },
});

export const twoFactorDeactivationLogic = twoFactorDeactivationMachine.provide({
  actors: {
    deactivate: fromPromise(async ({ input }) => {
      await api.request(deactivateTwoFaMutation, { method, email_verification_code: '', twofa_verification_code: input.authCode });
    }),
  },
  actions: { refreshMember },
});
