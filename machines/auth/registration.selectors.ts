// What the registration view reads of the registration flow.
import type { SnapshotFrom } from 'xstate';
import type { registrationMachine } from './registration.machine';

type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;

export type RegistrationStep = 'referral' | 'form' | 'code' | 'login' | 'done';

export const selectStep = (s: RegistrationSnapshot): RegistrationStep =>
  s.matches('referralRequired')
    ? 'referral'
    : s.hasTag('formStep')
      ? 'form'
      : s.matches('awaitingCode')
        ? 'code'
        : s.matches('loginChosen')
          ? 'login'
          : 'done';
export const selectRules = (s: RegistrationSnapshot) => s.context.rules;
export const selectBusy = (s: RegistrationSnapshot) => s.hasTag('busy');
export const selectSentValues = (s: RegistrationSnapshot) => s.context.values;
export const selectEmail = (s: RegistrationSnapshot) => s.context.values?.email.trim() ?? '';
export const selectCode = (s: RegistrationSnapshot) => s.context.code;
export const selectError = (s: RegistrationSnapshot) => s.context.error;
export const selectCanSubmitCode = (s: RegistrationSnapshot) => s.can({ type: 'code.submit' });
export const selectResending = (s: RegistrationSnapshot) => s.hasTag('resending');
/** When the code may be sent again (clock ms), or null when it may be sent now. */
export const selectResendDeadline = (s: RegistrationSnapshot) => s.context.resendDeadline;
