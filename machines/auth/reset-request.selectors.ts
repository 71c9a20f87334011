// What the reset-password view reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { resetRequestMachine } from './reset-request.machine';

type ResetRequestSnapshot = SnapshotFrom<typeof resetRequestMachine>;

export const selectBusy = (s: ResetRequestSnapshot) => s.hasTag('busy');
export const selectSent = (s: ResetRequestSnapshot) => s.matches('sent');
export const selectEmail = (s: ResetRequestSnapshot) => s.context.email;
export const selectError = (s: ResetRequestSnapshot) => s.context.error;
