// What the logout page reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { logoutMachine } from './logout.machine';

type LogoutSnapshot = SnapshotFrom<typeof logoutMachine>;

export const selectBusy = (s: LogoutSnapshot) => s.hasTag('busy');
