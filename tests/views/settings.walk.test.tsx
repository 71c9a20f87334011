// @vitest-environment jsdom
// The profile and staking-wallet flows' model paths, walked through the real settings page.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { i18n } from '@lingui/core';
import { SettingsView, type SettingsViewProps } from '../../src/features/account/settings-view';
import { avatarMachine } from '../../machines/profile/avatar.machine';
import { profileMachine } from '../../machines/profile/profile.machine';
import { stakingWalletQueryOptions } from '../../src/api/account';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { renderView, testTenant } from '../support/render';
import { walkPath, type Gesture } from '../support/walk';
import { croppedAvatar, goodProfile, profileModel, stakingWalletModel } from '../models/account-settings.model';

const me = {
  uuid: '00000000-0000-4000-8000-0000000000aa',
  name: goodProfile.name,
  phone: null,
  telegram: null,
  support_verification_code: null,
  // Saved before the header switched the page to English: the profile follows the page.
  language: 'ru',
  auto_register: false,
  obfuscated_email: 'd***@example.com',
  reference_id: 'R-1001',
  avatar: null,
} as unknown as SettingsViewProps['me'];

const tenantWith = (allowEditName: boolean) => ({
  ...testTenant,
  whiteLabel: { ...testTenant.whiteLabel, allow_edit_name: allowEditName },
});

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });
const profileForm = () => field(/^Phone/).closest('form')!;

/** The avatar flow with instant effects: reading and cropping hand back the model's picture. */
const instantAvatar = (dataUrl: string) =>
  avatarMachine.provide({
    actors: {
      readFile: fromPromise(async () => 'data:image/png;base64,AAAA'),
      cropImage: fromPromise(async () => dataUrl),
    },
    actions: { alertNoFileReader: () => {} },
  });

async function replace(user: Parameters<Gesture>[0], input: HTMLElement, value: string) {
  await user.clear(input);
  if (value) await user.type(input, value);
}

const profileGestures: Record<string, Gesture<any>> = {
  // A photo goes through the cropper; the cropped square waits in the profile flow until Save.
  'avatar.set': async (user) => {
    const upload = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(upload, new File(['png'], 'me.png', { type: 'image/png' }));
    const cropper = await screen.findByRole('dialog', { name: 'Crop your photo' });
    // jsdom loads no images: tell the cropper its picture is there, so it reports the square.
    fireEvent.load(cropper.querySelector('img')!);
    const use = within(cropper).getByRole('button', { name: 'Use this photo' });
    await expect.poll(() => use.hasAttribute('disabled')).toBe(false);
    await user.click(use);
  },
  'avatar.reset': async (user) => user.click(screen.getByRole('button', { name: 'Keep the current photo' })),
  'profile.submit': async (user, event) => {
    const values = event.values as typeof goodProfile;
    if (!field(/^Name/).hasAttribute('disabled')) await replace(user, field(/^Name/), values.name);
    await replace(user, field(/^Phone/), values.phone);
    await replace(user, field(/^Telegram/), values.telegram);
    await replace(user, field(/^Support code/), values.supportCode);
    await user.click(screen.getByRole('button', { name: 'Save' }));
  },
  'language.change': async (user, event) => user.selectOptions(screen.getByLabelText(/^Language/, { selector: 'select' }), event.language),
};

describe('profile view', () => {
  for (const modelPath of modelPaths(profileModel)) {
    it(modelPath.title, async () => {
      const input = modelPath.input as { allowEditName: boolean };
      await walkPath(modelPath, {
        machine: profileModel.machine,
        gestures: profileGestures,
        expectScreen: (snapshot) => {
          const { context } = snapshot;
          expect(profileForm()).toHaveAttribute('aria-busy', String(snapshot.hasTag('busy')));
          // The language shown is the one being switched to, else the page's (also after a failed switch).
          const shownLanguage = context.language ?? i18n.locale;
          expect(screen.getByLabelText(/^Language/, { selector: 'select' })).toHaveValue(shownLanguage);
          if (input.allowEditName) expect(field(/^Name/)).toBeEnabled();
          else expect(field(/^Name/)).toBeDisabled();
          if (context.error) expect(within(profileForm()).getByRole('alert')).toHaveTextContent(appErrorText(context.error));
          else expect(within(profileForm()).queryByRole('alert')).toBeNull();
          if (context.avatar) {
            expect(screen.getByText('The new photo is saved with the profile.')).toBeVisible();
            expect(screen.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', context.avatar);
          } else {
            expect(screen.queryByText('The new photo is saved with the profile.')).toBeNull();
          }
        },
        render: (logic, _input, clock) => {
          let actor: any;
          // The page starts the flow itself: find it among the actors the inspector sees.
          const profile = {
            logic,
            options: {
              input: modelPath.input,
              clock,
              inspect: (event: { type: string; actorRef: any }) => {
                if (event.type === '@xstate.actor' && event.actorRef.logic === logic) actor = event.actorRef;
              },
            },
          };
          renderView(
            <SettingsView
              me={me}
              referralLink={null}
              showSponsor={false}
              profile={profile as never}
              avatar={{ logic: instantAvatar(croppedAvatar), options: { input: { canReadFiles: true } } } as never}
              stakingWallet={null}
            />,
            { tenant: tenantWith(input.allowEditName) as never },
          );
          return { snapshot: () => actor.getSnapshot() };
        },
      });
    });
  }
});

describe('staking wallet view', () => {
  for (const modelPath of modelPaths(stakingWalletModel)) {
    it(modelPath.title, async () => {
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      queryClient.setQueryData(stakingWalletQueryOptions(testTenant.uuid, me.uuid).queryKey, {
        moduleStakingWallet: { wallet_address: null },
      } as never);
      const section = () => screen.getByRole('region', { name: 'Staking wallet' });
      await walkPath(modelPath, {
        machine: stakingWalletModel.machine,
        gestures: {
          'wallet.submit': async (user, event) => {
            await replace(user, within(section()).getByLabelText(/^Wallet address/), event.address);
            await user.click(within(section()).getByRole('button', { name: 'Save' }));
          },
        },
        expectScreen: (snapshot) => {
          const save = within(section()).getByRole('button', { name: 'Save' });
          if (snapshot.hasTag('busy')) expect(save).toHaveAttribute('data-loading', 'true');
          if (snapshot.context.error) expect(within(section()).getByRole('alert')).toHaveTextContent(appErrorText(snapshot.context.error));
          else expect(within(section()).queryByRole('alert')).toBeNull();
        },
        render: (logic, input, clock) => {
          let actor: any;
          renderView(
            <SettingsView
              me={me}
              referralLink={null}
              showSponsor={false}
              profile={{ logic: profileMachine, options: { input: { allowEditName: true } } } as never}
              avatar={{ logic: avatarMachine, options: { input: { canReadFiles: true } } } as never}
              stakingWallet={
                {
                  logic,
                  options: {
                    input,
                    clock,
                    inspect: (event: { type: string; actorRef: any }) => {
                      if (event.type === '@xstate.actor' && event.actorRef.logic === logic) actor = event.actorRef;
                    },
                  },
                } as never
              }
            />,
            { queryClient },
          );
          return { snapshot: () => actor.getSnapshot() };
        },
      });
    });
  }
});
