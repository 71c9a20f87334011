// Effects of the profile page's flows: profile, avatar, staking wallet (spec §5).
import { fromPromise } from 'xstate';
import { t } from '@lingui/core/macro';
import { profileMachine } from '../../../machines/profile/profile.machine';
import { avatarMachine, avatarSize, type CropArea } from '../../../machines/profile/avatar.machine';
import { stakingWalletMachine } from '../../../machines/staking-wallet/staking-wallet.machine';
import { api } from '../../api/client';
import { stakingWalletQueryOptions, switchLanguageMutation, updateStakingWalletMutation, updateUserMutation } from '../../api/account';
import { storeLocale } from '../../lib/i18n';
import type { TenantConfig } from '../../lib/tenant';
import { queryClient } from '../router';
import { showSuccessToast } from '../toasts';

/** Profile save, with the payload rules of spec §5: name only when editable, support code only when
 * given, phone with + or null. */
export const profileLogic = (tenant: TenantConfig, userUuid: string) =>
  profileMachine.provide({
    actors: {
      saveProfile: fromPromise(async ({ input }) => {
        const { values, avatar } = input;
        const phone = values.phone.trim();
        await api.request(updateUserMutation, {
          input: {
            user_uuid: userUuid,
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
    actions: { reloadPage: () => window.location.reload() },
  });

export const avatarLogic = avatarMachine.provide({
  actors: {
    readFile: fromPromise(async ({ input }) => {
      const file = input.file as unknown as File;
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
});

export const canReadFiles = () => typeof window !== 'undefined' && 'FileReader' in window;

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
  square.width = avatarSize;
  square.height = avatarSize;
  const squareContext = square.getContext('2d');
  if (!squareContext) throw new Error('No canvas');
  squareContext.drawImage(rotated, area.x, area.y, area.width, area.height, 0, 0, avatarSize, avatarSize);
  return square.toDataURL('image/png');
}

export const stakingWalletLogic = (tenant: TenantConfig, userUuid: string) =>
  stakingWalletMachine.provide({
    actors: {
      saveWallet: fromPromise(async ({ input }) => {
        await api.request(updateStakingWalletMutation, { input: { wallet_address: input.address } });
      }),
    },
    actions: {
      confirmSaved: () => {
        showSuccessToast();
        void queryClient.invalidateQueries({ queryKey: stakingWalletQueryOptions(tenant.uuid, userUuid).queryKey });
      },
    },
  });

