// What the app-wide dialogs and notices read of the app state flow.
import type { SnapshotFrom } from 'xstate';
import type { appStateMachine } from './app-state.machine';

type AppStateSnapshot = SnapshotFrom<typeof appStateMachine>;

export const selectMaintenance = (s: AppStateSnapshot) => s.hasTag('maintenance');
export const selectNewVersionDialog = (s: AppStateSnapshot) => s.hasTag('newVersionDialog');
/** A new version waits for the member to finish a typed form or a payment step. */
export const selectNewVersionNotice = (s: AppStateSnapshot) => s.hasTag('newVersionNotice');
export const selectReloading = (s: AppStateSnapshot) => s.matches({ release: { outdated: 'reloading' } });
