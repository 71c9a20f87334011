// What the two-factor deactivation dialog reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { twoFactorDeactivationMachine } from './two-factor-deactivation.machine';

type DeactivationSnapshot = SnapshotFrom<typeof twoFactorDeactivationMachine>;

export const selectClosed = (s: DeactivationSnapshot) => s.matches('closed');
export const selectDone = (s: DeactivationSnapshot) => s.hasTag('success');
export const selectBusy = (s: DeactivationSnapshot) => s.hasTag('busy');
export const selectCode = (s: DeactivationSnapshot) => s.context.authCode;
export const selectError = (s: DeactivationSnapshot) => s.context.error;
export const selectEmailCode = (s: DeactivationSnapshot) => s.context.emailCode;
export const selectUseRecovery = (s: DeactivationSnapshot) => s.context.useRecovery;
export const selectRecoveryCode = (s: DeactivationSnapshot) => s.context.recoveryCode;
export const selectSendingEmailCode = (s: DeactivationSnapshot) => s.hasTag('sendingEmailCode');
/** When the email code may be sent again (clock ms), or null when it may be sent now. */
export const selectEmailCodeDeadline = (s: DeactivationSnapshot) => s.context.emailCodeDeadline;
