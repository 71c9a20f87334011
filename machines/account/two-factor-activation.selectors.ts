// What the two-factor activation dialog reads of its flow.
import type { SnapshotFrom } from 'xstate';
import type { twoFactorActivationMachine } from './two-factor-activation.machine';

type ActivationSnapshot = SnapshotFrom<typeof twoFactorActivationMachine>;

/** The dialog's step: 1 method, 2 key, 3 codes, 4 success. */
export const selectStep = (s: ActivationSnapshot): 1 | 2 | 3 | 4 =>
  s.hasTag('success') ? 4 : s.hasTag('step3') ? 3 : s.hasTag('step2') ? 2 : 1;
export const selectClosed = (s: ActivationSnapshot) => s.matches('closed');
export const selectBusy = (s: ActivationSnapshot) => s.hasTag('busy');
export const selectError = (s: ActivationSnapshot) => s.context.error;
export const selectSecret = (s: ActivationSnapshot) => s.context.secret;
export const selectBackupSaved = (s: ActivationSnapshot) => s.context.backupSaved;
export const selectCanContinue = (s: ActivationSnapshot) => s.can({ type: 'step.continue' });
export const selectSendingEmailCode = (s: ActivationSnapshot) => s.hasTag('sendingEmailCode');
/** When the email code may be sent again (clock ms), or null when it may be sent now. */
export const selectEmailCodeDeadline = (s: ActivationSnapshot) => s.context.emailCodeDeadline;
export const selectEmailCode = (s: ActivationSnapshot) => s.context.emailCode;
export const selectAuthCode = (s: ActivationSnapshot) => s.context.authCode;
export const selectRecoveryCodes = (s: ActivationSnapshot) => s.context.recoveryCodes;
export const selectRecoverySaved = (s: ActivationSnapshot) => s.context.recoverySaved;
/** After turning on, the dialog closes only once the recovery codes are saved. */
export const selectCanClose = (s: ActivationSnapshot) => !s.hasTag('success') || s.context.recoverySaved;
