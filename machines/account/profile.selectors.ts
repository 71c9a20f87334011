// What the profile page reads of the profile flow.
import type { SnapshotFrom } from 'xstate';
import type { profileMachine } from './profile.machine';

type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;

/** The new avatar waiting to be saved (a data URL), if any. */
export const selectPendingAvatar = (s: ProfileSnapshot) => s.context.avatar;
export const selectBusy = (s: ProfileSnapshot) => s.hasTag('busy');
export const selectError = (s: ProfileSnapshot) => s.context.error;
/** The language being switched to, while the page is about to reload with it. */
export const selectSwitchingTo = (s: ProfileSnapshot) => s.context.language;
