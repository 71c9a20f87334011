import { avatarMachine } from '../../machines/account/avatar.machine';
import type { AvatarEvent } from '../../machines/account/avatar.types';
import { flattenFixtures, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const avatarFixtures = {
  'file.choose': [
    { type: 'file.choose', file: { type: 'image/png' } },
    { type: 'file.choose', file: { type: 'image/gif' } },
  ],
  'crop.confirm': [{ type: 'crop.confirm', area: { x: 0, y: 0, width: 300, height: 300, rotation: 90 } }],
  'crop.cancel': [{ type: 'crop.cancel' }],
  'xstate.done.actor.readFile': [{ type: 'xstate.done.actor.readFile', output: 'data:image/png;base64,AAAA' }],
  'xstate.error.actor.readFile': [{ type: 'xstate.error.actor.readFile', error: new Error('unreadable') }],
  'xstate.done.actor.cropImage': [{ type: 'xstate.done.actor.cropImage', output: 'data:image/png;base64,BBBB' }],
  'xstate.error.actor.cropImage': [{ type: 'xstate.error.actor.cropImage', error: new Error('no canvas') }],
} satisfies { [K in AvatarEvent['type']]: Extract<AvatarEvent, { type: K }>[] } & {
  'xstate.done.actor.readFile': DoneEvent<'readFile', string>[];
  'xstate.error.actor.readFile': ErrorEvent<'readFile'>[];
  'xstate.done.actor.cropImage': DoneEvent<'cropImage', string>[];
  'xstate.error.actor.cropImage': ErrorEvent<'cropImage'>[];
};

export const avatarModel: Model<typeof avatarMachine> = {
  machine: avatarMachine,
  inputs: [
    { label: 'file reading available', input: { canReadFiles: true } },
    { label: 'no FileReader', input: { canReadFiles: false } },
  ],
  events: flattenFixtures(avatarFixtures),
};
