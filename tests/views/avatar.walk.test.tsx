// @vitest-environment jsdom
// The avatar flow's model paths, walked through the real profile page's photo picker and cropper
// (src/features/account/profile-view/avatar-picker.tsx, avatar-cropper.tsx). A chosen file goes through the
// page's file input (a GIF too: the picker offers PNG and JPG, but "All files" lets a member pick anything,
// and the flow ignores it without a word, spec §5); the cropper's rotate, Use this photo and Cancel are
// clicks. Reading and drawing the picture settle the flow's fakes; the 150×150 result goes to the profile
// flow, which shows it as the photo to save.
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { profileMachine } from '../../machines/account/profile.machine';
import type { AvatarEvent, AvatarInput } from '../../machines/account/avatar.types';
import { fakeEffects, modelPaths } from '../support/model';
import { recordActions, walkPath, type Gesture } from '../support/walk';
import { avatarModel } from '../models/avatar.model';
import { renderProfilePage, walkedOptions } from './profile-walk-support';

const cropper = () => screen.getByRole('dialog', { name: 'Crop your photo' });
const usePhoto = () => within(cropper()).getByRole('button', { name: 'Use this photo' });

const gestures = {
  'file.choose': async (_user, event) => {
    const upload = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const extension = event.file.type.split('/')[1];
    fireEvent.change(upload, { target: { files: [new File(['picture'], `me.${extension}`, { type: event.file.type })] } });
  },
  'crop.confirm': async (user, event) => {
    // jsdom loads no images: tell the cropper its picture is there, so it reports the square.
    fireEvent.load(cropper().querySelector('img')!);
    for (let turned = 0; turned < event.area.rotation; turned += 90) {
      await user.click(within(cropper()).getByRole('button', { name: 'Rotate 90 degrees' }));
    }
    await expect.poll(() => usePhoto().hasAttribute('disabled')).toBe(false);
    await user.click(usePhoto());
  },
  'crop.cancel': async (user) => user.click(within(cropper()).getByRole('button', { name: 'Cancel' })),
} satisfies { [K in AvatarEvent['type']]: Gesture<Extract<AvatarEvent, { type: K }>> };

// The cropper's code loads on first use: load it before the walks, so a busy machine cannot outlast the
// screen checks' wait while it arrives.
beforeAll(async () => void (await import('../../src/features/account/profile-view/avatar-cropper')));

describe('avatar picker', () => {
  for (const modelPath of modelPaths(avatarModel)) {
    it(modelPath.title, async () => {
      const input = modelPath.input as AvatarInput;
      let calls: { name: string; params: unknown }[] = [];
      let imagesChosen = 0;
      const fakes = await walkPath(modelPath, {
        machine: avatarModel.machine,
        gestures: {
          ...gestures,
          'file.choose': async (user, event) => {
            if (/^image\/(png|jpeg)$/.test(event.file.type)) imagesChosen += 1;
            await (gestures['file.choose'] as Gesture)(user, event);
          },
        },
        expectScreen: (snapshot) => {
          const { context } = snapshot;
          if (snapshot.hasTag('cropper')) {
            expect(cropper()).toBeVisible();
            expect(cropper().querySelector('img')).toHaveAttribute('src', context.source);
            expect(within(cropper()).getByRole('button', { name: 'Cancel' })).toBeEnabled();
            // Busy while the square is drawn; otherwise ready once the cropper reported the square.
            if (snapshot.hasTag('busy')) expect(usePhoto()).toHaveAttribute('data-loading', 'true');
            else expect(usePhoto()).not.toHaveAttribute('data-loading');
          } else {
            expect(screen.queryByRole('dialog', { name: 'Crop your photo' })).toBeNull();
          }
          // The drawn square is the photo the profile will save.
          if (context.result) {
            expect(screen.getByText('The new photo is saved with the profile.')).toBeVisible();
            expect(screen.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', context.result);
          } else {
            expect(screen.queryByText('The new photo is saved with the profile.')).toBeNull();
          }
          // A picture that could not be read says so by the picker; a square that could not be drawn, in the cropper.
          const readFailure = screen.queryByText('This picture could not be read. Please choose another PNG or JPG file.');
          const drawFailure = screen.queryByText('The photo could not be prepared. Please try again, or choose another picture.');
          if (context.failure === 'read') expect(readFailure).toBeVisible();
          else expect(readFailure).toBeNull();
          if (context.failure === 'draw' && snapshot.hasTag('cropper')) expect(drawFailure).toBeVisible();
          else expect(drawFailure).toBeNull();
          // Without FileReader an alert says so, once per picture chosen; nothing else is shown.
          const alerts = input.canReadFiles ? 0 : imagesChosen;
          expect(calls).toEqual(Array.from({ length: alerts }, () => ({ name: 'alertNoFileReader', params: undefined })));
        },
        render: (logic, _input, clock) => {
          const recorded = recordActions(logic, ['alertNoFileReader']);
          calls = recorded.calls;
          const walked = walkedOptions(recorded.logic, { input, clock });
          renderProfilePage({
            avatar: { logic: recorded.logic, options: walked.options },
            profile: { logic: fakeEffects(profileMachine).logic, options: { input: { allowEditName: true } } },
          });
          return { snapshot: walked.snapshot };
        },
      });
      // The file read is the one chosen; the square drawn is the chosen area of that picture.
      for (const read of (fakes.actorInputs.readFile ?? []) as { file: File }[]) expect(read.file).toBeInstanceOf(File);
      for (const crop of (fakes.actorInputs.cropImage ?? []) as { source: string; area: { rotation: number } }[]) {
        expect(crop.source).toBe('data:image/png;base64,AAAA');
        expect(crop.area.rotation).toBe(90);
      }
    });
  }
});
