// What the withdrawals list reads of the cancel flow.
import type { SnapshotFrom } from 'xstate';
import type { withdrawalCancelMachine } from './withdrawal-cancel.machine';

type CancelSnapshot = SnapshotFrom<typeof withdrawalCancelMachine>;

/** The request being canceled right now, or null. */
export const selectCanceling = (s: CancelSnapshot) => (s.hasTag('busy') ? s.context.id : null);
export const selectCancelError = (s: CancelSnapshot) => s.context.error;
