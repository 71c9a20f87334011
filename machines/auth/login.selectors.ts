// What the login view reads of the login flow.
import type { SnapshotFrom } from 'xstate';
import type { AppError } from '../../domain/app-error';
import type { loginMachine } from './login.machine';

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

export const selectMethod = (s: LoginSnapshot) => s.context.method;
export const selectBusy = (s: LoginSnapshot) => s.hasTag('busy');
export const selectCodeStep = (s: LoginSnapshot) => s.hasTag('codeStep');
export const selectCode = (s: LoginSnapshot) => s.context.code;
export const selectCodeTimedOut = (s: LoginSnapshot) => s.context.codeTimedOut;
export const selectCanTypeCode = (s: LoginSnapshot) => s.can({ type: 'code.change', code: '' });
export const selectCanGoBack = (s: LoginSnapshot) => s.can({ type: 'code.cancel' });

/** A wrong or short two-factor code: shown at the code field, which stays. */
const isCodeError = (s: LoginSnapshot, error: AppError | null) =>
  s.hasTag('codeStep') && (error?.reason === 'TwoFaCodeError' || error?.code === 'invalidCode' || error?.code === 'validation');

export const selectCodeError = (s: LoginSnapshot): AppError | null => (isCodeError(s, s.context.error) ? s.context.error : null);
/** Any other error: shown above the form. */
export const selectFormError = (s: LoginSnapshot): AppError | null => (isCodeError(s, s.context.error) ? null : s.context.error);
/** The code step takes a recovery code (the phone is lost) rather than the app's 6 digits. */
export const selectRecoveryStep = (s: LoginSnapshot) => s.hasTag('recovery');
