// What the new-recovery-codes dialog reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { recoveryCodesMachine } from './recovery-codes.machine';

type RecoveryCodesSnapshot = SnapshotFrom<typeof recoveryCodesMachine>;

export const selectClosed = (s: RecoveryCodesSnapshot) => s.matches('closed');
export const selectBusy = (s: RecoveryCodesSnapshot) => s.hasTag('busy');
export const selectCode = (s: RecoveryCodesSnapshot) => s.context.authCode;
export const selectError = (s: RecoveryCodesSnapshot) => s.context.error;
export const selectCodes = (s: RecoveryCodesSnapshot) => s.context.codes;
export const selectSaved = (s: RecoveryCodesSnapshot) => s.context.saved;
export const selectCanClose = (s: RecoveryCodesSnapshot) => s.can({ type: 'dialog.close' });
