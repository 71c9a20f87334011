// @vitest-environment jsdom
// The profile flow's model paths, walked through the real profile page.
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { i18n } from '@lingui/core';
import { avatarMachine } from '../../machines/account/avatar.machine';
import { appErrorText } from '../../src/lib/app-error-text';
import { modelPaths } from '../support/model';
import { memberQueryClient } from '../support/member';
import { walkPath, type Gesture } from '../support/walk';
import type { ProfileEvent } from '../../machines/account/profile.types';
import { croppedAvatar, profileModel } from '../models/profile.model';
import { renderProfilePage, settingsTenant, walkedOptions } from './profile-walk-support';

// The cropper is loaded when a photo is chosen: load its code once up front, so a busy machine cannot make a
// walk wait past findBy's second for it.
beforeAll(async () => void (await import('../../src/features/account/profile-view/avatar-cropper')));

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

const profileGestures = {
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
    const { values } = event;
    if (!field(/^Name/).hasAttribute('disabled')) await replace(user, field(/^Name/), values.name);
    await replace(user, field(/^Phone/), values.phone);
    await replace(user, field(/^Telegram/), values.telegram);
    await replace(user, field(/^Support code/), values.supportCode);
    await user.click(screen.getByRole('button', { name: 'Save' }));
  },
  'language.change': async (user, event) => user.selectOptions(screen.getByLabelText(/^Language/, { selector: 'select' }), event.language),
} satisfies { [K in ProfileEvent['type']]: Gesture<Extract<ProfileEvent, { type: K }>> };

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
          // The page starts the flow itself: find it among the actors the inspector sees.
          const walked = walkedOptions(logic, { input: modelPath.input, clock });
          renderProfilePage(
            {
              profile: { logic, options: walked.options },
              avatar: { logic: instantAvatar(croppedAvatar), options: { input: { canReadFiles: true } } },
            },
            { tenant: settingsTenant({ allowEditName: input.allowEditName }), queryClient: memberQueryClient() },
          );
          return { snapshot: walked.snapshot };
        },
      });
    });
  }
});

