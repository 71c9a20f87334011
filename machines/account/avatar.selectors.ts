// What the avatar cropper reads of the avatar flow.
import type { SnapshotFrom } from 'xstate';
import type { avatarMachine } from './avatar.machine';

type AvatarSnapshot = SnapshotFrom<typeof avatarMachine>;

export const selectSource = (s: AvatarSnapshot) => s.context.source;
export const selectCropping = (s: AvatarSnapshot) => s.hasTag('cropper');
export const selectBusy = (s: AvatarSnapshot) => s.hasTag('busy');
/** Why the last picture could not be used, or null. */
export const selectFailure = (s: AvatarSnapshot) => s.context.failure;
