// What the autologin page reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { autologinMachine } from './autologin.machine';

type AutologinSnapshot = SnapshotFrom<typeof autologinMachine>;

export const selectBusy = (s: AutologinSnapshot) => s.hasTag('busy');
