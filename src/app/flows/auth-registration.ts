// Effects of the auth area's registration flow (spec §4 "Registration"): sign-up, the emailed code and
// where a new member goes next; on its own page and in the store's dialog, each mounted by RegistrationProvider.
import { fromPromise } from 'xstate';
import { registrationMachine } from '../../../machines/auth/registration.machine';
import { registrationName } from '../../../machines/auth/registration.schema';
import { api } from '../../api/client';
import { registerMutation, sendVerificationCodeMutation, verifyEmailMutation } from '../../api/auth';
import { i18n } from '../../lib/i18n';
import { hostSource } from '../../lib/host-source';
import { registrationSponsor } from '../../lib/sponsor';
import { readLocal, storageKeys } from '../../lib/storage';
import type { TenantConfig } from '../../lib/tenant';
import { RegistrationContext } from '../../features/auth/auth-registration.contexts';
import { navigate } from '../router/navigation';
import { flowProvider } from './provide';
import { afterLoginInput, goToDashboard, goToProducts, outcome, perTenant, requireValue, storeSession } from './shared';

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

const registrationInput = (tenant: TenantConfig, sponsor: string | null, inDialog: boolean) => ({
  ...afterLoginInput(tenant),
  rules: registrationRules(tenant),
  referralOnly: tenant.whiteLabel.signup_reflink_only,
  sponsor,
  inDialog,
});

/**
 * The registration flow: the /register page's, whose inviter is the route's referral id or else the sponsor
 * cookie (a new inviter starts a new flow), or the store's dialog (`inDialog`: "log in instead" turns the
 * dialog to the login form, and a verified member stays on the page).
 */
export const RegistrationProvider = flowProvider(
  RegistrationContext,
  ({ referral, inDialog = false }: { referral?: string; inDialog?: boolean }, tenant) => {
    const sponsor = registrationSponsor(referral);
    return { logic: createRegistrationLogic(tenant), input: registrationInput(tenant, sponsor, inDialog), key: sponsor ?? '' };
  },
);
