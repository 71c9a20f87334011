// The registration flow's effects.
import { fromPromise } from 'xstate';
import { registrationMachine } from '../../../machines/registration/registration.machine';
import { registrationName } from '../../../machines/registration/registration.schema';
import { api } from '../../api/client';
import { registerMutation, sendVerificationCodeMutation, verifyEmailMutation } from '../../api/session';
import { i18n } from '../../lib/i18n';
import { hostSource } from '../../lib/host-source';
import { readLocal, storageKeys } from '../../lib/storage';
import type { TenantConfig } from '../../lib/tenant';
import { afterLoginInput, goToDashboard, goToProducts, storeSession } from './common';

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
