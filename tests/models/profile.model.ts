import { profileMachine } from '../../machines/account/profile.machine';
import type { ProfileEvent } from '../../machines/account/profile.types';
import { flattenFixtures, networkError, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

/** The 150×150 square the avatar flow hands to the profile flow. */
export const croppedAvatar = 'data:image/png;base64,iVBORw0KGgo=';

export const goodProfile = {
  name: 'Demo Member',
  phone: '+12025550123',
  telegram: 'demo',
  supportCode: '123456',
  language: 'en' as const,
};

export const profileFixtures = {
  'avatar.set': [{ type: 'avatar.set', dataUrl: croppedAvatar }],
  'avatar.reset': [{ type: 'avatar.reset' }],
  'profile.submit': [
    { type: 'profile.submit', values: goodProfile },
    { type: 'profile.submit', values: { ...goodProfile, name: 'A', supportCode: '12345', phone: '+1234' } },
  ],
  'language.change': [{ type: 'language.change', language: 'es' }],
  'xstate.done.actor.saveProfile': [{ type: 'xstate.done.actor.saveProfile', output: undefined }],
  'xstate.error.actor.saveProfile': [{ type: 'xstate.error.actor.saveProfile', error: networkError }],
  'xstate.done.actor.switchLanguage': [{ type: 'xstate.done.actor.switchLanguage', output: undefined }],
  'xstate.error.actor.switchLanguage': [{ type: 'xstate.error.actor.switchLanguage', error: networkError }],
} satisfies { [K in ProfileEvent['type']]: Extract<ProfileEvent, { type: K }>[] } & {
  'xstate.done.actor.saveProfile': DoneEvent<'saveProfile', void>[];
  'xstate.error.actor.saveProfile': ErrorEvent<'saveProfile'>[];
  'xstate.done.actor.switchLanguage': DoneEvent<'switchLanguage', void>[];
  'xstate.error.actor.switchLanguage': ErrorEvent<'switchLanguage'>[];
};

export const profileModel: Model<typeof profileMachine> = {
  machine: profileMachine,
  inputs: [
    { label: 'name editable', input: { allowEditName: true } },
    { label: 'name fixed', input: { allowEditName: false } },
  ],
  events: flattenFixtures(profileFixtures),
  contextKeys: ['avatar'],
};
