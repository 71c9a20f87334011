// What the account page's Disconnect reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { accountDisconnectMachine } from './account-disconnect.machine';

type AccountDisconnectSnapshot = SnapshotFrom<typeof accountDisconnectMachine>;

export const selectOpen = (s: AccountDisconnectSnapshot) => s.matches('confirming') || s.matches('disconnecting');
export const selectBusy = (s: AccountDisconnectSnapshot) => s.hasTag('busy');
export const selectDone = (s: AccountDisconnectSnapshot) => s.matches('done');
export const selectReason = (s: AccountDisconnectSnapshot) => s.context.reason;
export const selectReasonError = (s: AccountDisconnectSnapshot) => s.context.reasonError;
