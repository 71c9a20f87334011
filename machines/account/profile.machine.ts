// Profile (spec §2 "Profile", §4 "Other", §5 "Profile"): the member edits name (when the tenant allows),
// phone, telegram, support code and language, with an avatar cropped to 150×150. Save sends only what the
// rules allow and reloads the page; choosing another language saves it and reloads the page at once.
import { assertEvent, assign, setup } from 'xstate';
import * as v from 'valibot';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf } from '../../domain/app-error';
import { profileLanguages, profileSchema, type ProfileLanguage } from './profile.schema';
import type { ProfileContext, ProfileEvent, ProfileInput, ProfileSave } from './profile.types';

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as ProfileInput,
  },
  actors: {
    saveProfile: notProvidedActor<void, ProfileSave>('saveProfile'),
    switchLanguage: notProvidedActor<void, { language: ProfileLanguage }>('switchLanguage'),
  },
  actions: {
    /** Reloads the page (after saving, or with the new language). */
    reloadPage: notProvidedAction('reloadPage') as (_: unknown, params: { saved: boolean }) => void,
  },
  guards: {
    isValid: ({ context, event }) =>
      event.type === 'profile.submit' && v.is(profileSchema({ allowEditName: context.allowEditName }), event.values),
    isLanguage: ({ event }) => event.type === 'language.change' && (profileLanguages as readonly string[]).includes(event.language),
    hasNewAvatar: ({ context }) => context.avatar !== null,
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({ ...input, avatar: null, language: null, error: null }),
  initial: 'editing',
  states: {
    editing: {
      meta: { description: 'The member edits the profile; a cropped avatar waits here until Save.' },
      tags: ['editable'],
      on: {
        'avatar.set': { actions: assign({ avatar: ({ event }) => event.dataUrl }) },
        // Only a new photo can be dropped: the saved one stays until another replaces it.
        'avatar.reset': { guard: 'hasNewAvatar', actions: assign({ avatar: null }) },
        'profile.submit': { guard: 'isValid', target: 'saving', actions: assign({ error: null }), meta: { description: 'Member saves' } },
        'language.change': {
          guard: 'isLanguage',
          target: 'switchingLanguage',
          actions: assign({ language: ({ event }) => event.language, error: null }),
          meta: { description: 'Member picks a language' },
        },
      },
    },
    saving: {
      meta: { description: 'The server saves the profile (only the fields the rules allow).' },
      tags: ['busy'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context, event }) => {
          assertEvent(event, 'profile.submit');
          return { values: event.values, avatar: context.avatar };
        },
        // The reloaded page says the profile was saved.
        onDone: { target: 'reloading', actions: { type: 'reloadPage', params: { saved: true } }, meta: { description: 'Profile saved' } },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorOf(event) }), meta: { description: 'Save refused' } },
      },
    },
    switchingLanguage: {
      meta: { description: 'The server stores the new language.' },
      tags: ['busy'],
      invoke: {
        id: 'switchLanguage',
        src: 'switchLanguage',
        input: ({ context }) => ({ language: context.language! }),
        onDone: {
          target: 'reloading',
          actions: { type: 'reloadPage', params: { saved: false } },
          meta: { description: 'Language switched' },
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => errorOf(event), language: null }),
          meta: { description: 'Switch refused' },
        },

      },
    },
    reloading: {
      meta: { description: 'Saved: the page reloads.' },
      type: 'final',
    },
  },
});
