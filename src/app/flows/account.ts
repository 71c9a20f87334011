// Effects of the account area's flows (spec §2 "Profile", "Security", §4 "Two-factor activation", §5):
// profile, avatar, staking wallet, two-factor activation and deactivation, new recovery codes. Each
// create<Flow>Logic(tenant) is the machine with its effects, made once per tenant; each <Flow>Provider mounts
// it for the settings and security pages.
import { fromPromise } from 'xstate';
import { t } from '@lingui/core/macro';
import { profileMachine } from '../../../machines/account/profile.machine';
import { avatarMachine } from '../../../machines/account/avatar.machine';
import type { CropArea } from '../../../machines/account/avatar.types';
import { stakingWalletMachine } from '../../../machines/account/staking-wallet.machine';
import { twoFactorActivationMachine } from '../../../machines/account/two-factor-activation.machine';
import { twoFactorDeactivationMachine } from '../../../machines/account/two-factor-deactivation.machine';
import { recoveryCodesMachine } from '../../../machines/account/recovery-codes.machine';
import { avatar as avatarLimits } from '../../../domain/limits';
import type { Outcome } from '../../../domain/app-error';
import { api } from '../../api/client';
import {
  activateTwoFaMutation,
  deactivateTwoFaMutation,
  generateEmailCodeMutation,
  generateTwoFaSecretMutation,
  meQueryOptions,
  regenerateRecoveryCodesMutation,
  stakingWalletQueryOptions,
  switchLanguageMutation,
  updateStakingWalletMutation,
  updateUserMutation,
} from '../../api/account';
import { storeLocale } from '../../lib/i18n';
import { sessionKeys, writeSession } from '../../lib/storage';
import { queryClient } from '../router/query-client';
import {
  ActivationContext,
  AvatarContext,
  DeactivationContext,
  ProfileContext,
  RecoveryCodesContext,
  StakingWalletContext,
} from '../../features/account/account.contexts';
import { showSuccessToast } from '../toasts';
import { flowProvider } from './provide';
import { outcome, perTenant } from './shared';
import { memberDrafts } from './drafts';

/** The signed-in member (the member layout has loaded it before any account page shows). */
async function member() {
  const { me } = await queryClient.ensureQueryData(meQueryOptions());
  if (!me) throw new Error('No member is signed in');
  return me;
}

const refreshMember = () => void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });

/** Profile save, with the payload rules of spec §5: name only when editable, support code only when
 * given, phone with + or null. */
export const createProfileLogic = perTenant((tenant) =>
  profileMachine.provide({
    actors: {
      saveProfile: fromPromise(async ({ input }) => {
        const { values, avatar } = input;
        const phone = values.phone.trim();
        await api.request(updateUserMutation, {
          input: {
            user_uuid: (await member()).uuid,
            ...(tenant.whiteLabel.allow_edit_name ? { name: values.name.trim() } : {}),
            ...(values.supportCode.trim() ? { support_verification_code: values.supportCode.trim() } : {}),
            phone: phone ? (phone.startsWith('+') ? phone : `+${phone}`) : null,
            telegram: values.telegram.trim(),
            language: values.language,
            ...(avatar ? { avatar } : {}),
          },
        });
        storeLocale(values.language);
      }),
      switchLanguage: fromPromise(async ({ input }) => {
        await api.request(switchLanguageMutation, { language: input.language });
        storeLocale(input.language);
      }),
    },
    actions: {
      // The page reloads after a save (spec §4 "Other"); the reloaded page says it worked.
      reloadPage: (_, params: { saved: boolean }) => {
        if (params.saved) {
          writeSession(sessionKeys.noticeAfterReload, 'saved');
          memberDrafts.clear('profile');
        }
        window.location.reload();
      },
    },
  }),
);

export const createAvatarLogic = perTenant(() =>
  avatarMachine.provide({
    actors: {
      readFile: fromPromise(async ({ input: { file } }) => {
        // The file input hands the flow a File; anything else cannot be read.
        if (!(file instanceof Blob)) throw new Error('Not a file');
        return new Promise<string>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.onerror = () => reject(reader.error);
          reader.readAsDataURL(file);
        });
      }),
      cropImage: fromPromise(({ input }) => cropToSquare(input.source, input.area)),
    },
    actions: {
      alertNoFileReader: () => window.alert(t`Sorry, FileReader API not supported`),
    },
  }),
);

const canReadFiles = () => typeof window !== 'undefined' && 'FileReader' in window;

/** Draws the chosen area, rotated, into a 150×150 PNG. */
async function cropToSquare(source: string, area: CropArea): Promise<string> {
  const image = await new Promise<HTMLImageElement>((resolve, reject) => {
    const element = new Image();
    element.onload = () => resolve(element);
    element.onerror = () => reject(new Error('The image cannot be read'));
    element.src = source;
  });
  // The cropper measures the area on the rotated image: draw that first, then cut the square out.
  const radians = (area.rotation * Math.PI) / 180;
  const sin = Math.abs(Math.sin(radians));
  const cos = Math.abs(Math.cos(radians));
  const rotatedWidth = image.width * cos + image.height * sin;
  const rotatedHeight = image.width * sin + image.height * cos;
  const rotated = document.createElement('canvas');
  rotated.width = rotatedWidth;
  rotated.height = rotatedHeight;
  const rotatedContext = rotated.getContext('2d');
  if (!rotatedContext) throw new Error('No canvas');
  rotatedContext.translate(rotatedWidth / 2, rotatedHeight / 2);
  rotatedContext.rotate(radians);
  rotatedContext.drawImage(image, -image.width / 2, -image.height / 2);
  const square = document.createElement('canvas');
  square.width = avatarLimits.size;
  square.height = avatarLimits.size;
  const squareContext = square.getContext('2d');
  if (!squareContext) throw new Error('No canvas');
  squareContext.drawImage(rotated, area.x, area.y, area.width, area.height, 0, 0, avatarLimits.size, avatarLimits.size);
  return square.toDataURL('image/png');
}

export const createStakingWalletLogic = perTenant((tenant) =>
  stakingWalletMachine.provide({
    actors: {
      saveWallet: fromPromise(async ({ input }) => {
        await api.request(updateStakingWalletMutation, { input: { wallet_address: input.address } });
      }),
    },
    actions: {
      confirmSaved: () => {
        showSuccessToast();
        void member().then((me) =>
          queryClient.invalidateQueries({ queryKey: stakingWalletQueryOptions(tenant.uuid, me.uuid).queryKey }),
        );
      },
    },
  }),
);

/** Only Google Authenticator is offered (spec §4). */
const method = 'google2fa';

/** Mails the 6-digit code both two-factor changes need (a new one only after 60 s). */
const sendEmailCode = fromPromise<Outcome<void, 'TooManyAttempts'>, void>(() =>
  outcome(['TooManyAttempts'], async () => {
    await api.request(generateEmailCodeMutation, { method });
  }),
);

export const createTwoFactorActivationLogic = perTenant(() =>
  twoFactorActivationMachine.provide({
    actors: {
      generateSecret: fromPromise(() =>
        outcome(['TwoFaAlreadyOn'], async () => (await api.request(generateTwoFaSecretMutation, { method })).generateTwoFaSecret),
      ),
      sendEmailCode,
      activate: fromPromise(({ input }) =>
        outcome(['TwoFaCodeError', 'CodeExpired', 'TwoFaNotStarted', 'TwoFaAlreadyOn'], async () => {
          const { activateTwoFa } = await api.request(activateTwoFaMutation, {
            method,
            email_verification_code: input.emailCode,
            twofa_verification_code: input.authCode,
          });
          return { recoveryCodes: activateTwoFa.recovery_codes };
        }),
      ),
    },
    actions: { refreshMember },
  }),
);

export const createTwoFactorDeactivationLogic = perTenant(() =>
  twoFactorDeactivationMachine.provide({
    actors: {
      sendEmailCode,
      deactivate: fromPromise(({ input }) =>
        outcome(['TwoFaCodeError', 'EmailCodeRequired', 'CodeExpired', 'TwoFaAlreadyOff'], async () => {
          await api.request(deactivateTwoFaMutation, {
            method,
            email_verification_code: input.emailCode,
            twofa_verification_code: input.authCode,
            recovery_code: input.recoveryCode,
          });
        }),
      ),
    },
    actions: { refreshMember },
  }),
);

export const createRecoveryCodesLogic = perTenant(() =>
  recoveryCodesMachine.provide({
    actors: {
      regenerate: fromPromise(({ input }) =>
        outcome(['TwoFaCodeError'], async () => {
          const { regenerateRecoveryCodes } = await api.request(regenerateRecoveryCodesMutation, {
            twofa_verification_code: input.authCode,
          });
          return { recoveryCodes: regenerateRecoveryCodes.recovery_codes };
        }),
      ),
    },
    actions: { refreshMember },
  }),
);

export const ProfileProvider = flowProvider(ProfileContext, (_props: object, tenant) => ({
  logic: createProfileLogic(tenant),
  input: { allowEditName: tenant.whiteLabel.allow_edit_name },
}));

export const AvatarProvider = flowProvider(AvatarContext, (_props: object, tenant) => ({
  logic: createAvatarLogic(tenant),
  input: { canReadFiles: canReadFiles() },
}));

export const StakingWalletProvider = flowProvider(StakingWalletContext, (_props: object, tenant) => ({
  logic: createStakingWalletLogic(tenant),
}));

/** The security page's dialogs: each flow starts closed, and the page's buttons open it. */
export const ActivationProvider = flowProvider(ActivationContext, (_props: object, tenant) => ({
  logic: createTwoFactorActivationLogic(tenant),
}));

export const DeactivationProvider = flowProvider(DeactivationContext, (_props: object, tenant) => ({
  logic: createTwoFactorDeactivationLogic(tenant),
}));

export const RecoveryCodesProvider = flowProvider(RecoveryCodesContext, (_props: object, tenant) => ({
  logic: createRecoveryCodesLogic(tenant),
}));
