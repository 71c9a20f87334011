// Avatar (spec §2 "Profile", §5 "Avatar"): a PNG or JPG file (anything else is ignored without a word;
// without the FileReader API an alert says so) opens the cropper (500 px wide, zoom step 0.2, rotate 90°);
// the crop becomes a 150×150 square for the profile. A picture that cannot be read or drawn says so (the
// spec is silent; a member must not be left with a button that seems to do nothing).
import { assertEvent, assign, emit, setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import type { AvatarContext, AvatarEmitted, AvatarEvent, AvatarFile, AvatarInput, CropArea } from './avatar.types';

export const avatarMachine = setup({
  types: {
    context: {} as AvatarContext,
    input: {} as AvatarInput,
    events: {} as AvatarEvent,
    emitted: {} as AvatarEmitted,
  },
  actors: {
    /** Reads the chosen file into a data URL. */
    readFile: notProvidedActor<string, { file: AvatarFile }>('readFile'),
    /** Draws the chosen area as a 150×150 image (data URL). */
    cropImage: notProvidedActor<string, { source: string; area: CropArea }>('cropImage'),
  },
  actions: {
    alertNoFileReader: notProvidedAction('alertNoFileReader'),
    /** Tells whoever listens (the profile form) the 150×150 image is ready. */
    announceAvatar: emit((_, params: { dataUrl: string }) => ({ type: 'avatar.cropped' as const, dataUrl: params.dataUrl })),
  },
  guards: {
    canReadFiles: ({ context }) => context.canReadFiles,
    isImage: ({ event }) => event.type === 'file.choose' && /^image\/(png|jpeg)$/.test(event.file.type),
  },
}).createMachine({
  id: 'avatar',
  context: ({ input }) => ({ ...input, source: null, result: null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      meta: { description: 'No new avatar chosen.' },
      on: {
        'file.choose': [
          { guard: 'isImage', target: 'checkingReader', meta: { description: 'Member picks an image' } },
          // Anything but PNG or JPG is ignored without a word (spec §5).
        ],
      },
    },
    checkingReader: {
      meta: { description: 'Can this browser read files?' },
      always: [
        { guard: 'canReadFiles', target: 'reading', meta: { description: 'Browser can read files' } },
        { target: 'idle', actions: 'alertNoFileReader', meta: { description: 'Browser cannot read files' } },
      ],
    },
    reading: {
      meta: { description: 'The file is read.' },
      entry: assign({ failure: null }),
      invoke: {
        id: 'readFile',
        src: 'readFile',
        // Reached from the file chosen (through checkingReader, which keeps its event).
        input: ({ event }) => {
          assertEvent(event, 'file.choose');
          return { file: event.file };
        },
        onDone: { target: 'cropping', actions: assign({ source: ({ event }) => event.output }), meta: { description: 'Image read' } },
        onError: { target: 'idle', actions: assign({ failure: 'read' }), meta: { description: 'Image unreadable' } },
      },
    },
    cropping: {
      meta: { description: 'The cropper: zoom, rotate, choose the square.' },
      tags: ['cropper'],
      on: {
        'crop.cancel': { target: 'idle', actions: assign({ source: null, failure: null }), meta: { description: 'Member cancels' } },
      },
      initial: 'adjusting',
      states: {
        adjusting: {
          meta: { description: 'The member adjusts the square.' },
          on: { 'crop.confirm': { target: 'drawing', meta: { description: 'Member confirms the crop' } } },
        },
        drawing: {
          meta: { description: 'The square is drawn at 150×150.' },
          tags: ['busy'],
          entry: assign({ failure: null }),
          invoke: {
            id: 'cropImage',
            src: 'cropImage',
            input: ({ context, event }) => {
              assertEvent(event, 'crop.confirm');
              return { source: context.source!, area: event.area };
            },
            onDone: {
              target: '#avatar.idle',
              actions: [
                assign({ result: ({ event }) => event.output, source: null }),
                { type: 'announceAvatar', params: ({ event }) => ({ dataUrl: event.output }) },
              ],
              meta: { description: 'Avatar ready' },
            },
            onError: { target: 'adjusting', actions: assign({ failure: 'draw' }), meta: { description: 'Crop failed' } },
          },
        },
      },
    },
  },
});
