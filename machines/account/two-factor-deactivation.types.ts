import type { AppError, Outcome } from '../../domain/app-error';

export interface DeactivationContext {
  emailCode: string;
  authCode: string;
  /** The phone is lost: a recovery code stands in for the app's code. */
  useRecovery: boolean;
  recoveryCode: string;
  error: AppError | null;
  /** When the email code may be sent again (clock ms), while its 60 s countdown runs. */
  emailCodeDeadline: number | null;
  /** How long the server asked to wait before another email code (ms). */
  emailCodeWait: number;
}

export type DeactivationEvent =
  | { type: 'emailCode.send' }
  | { type: 'emailCode.change'; code: string }
  | { type: 'authCode.change'; code: string }
  | { type: 'recovery.toggle'; use: boolean }
  | { type: 'recovery.change'; code: string }
  | { type: 'deactivation.submit' }
  | { type: 'dialog.close' };

/** A new email code only after 60 s. */
export type SendEmailCodeOutcome = Outcome<void, 'TooManyAttempts'>;
/**
 * A wrong code (TwoFaCodeError, its fields say which), the mailed code missing, void after five wrong tries
 * (CodeExpired), or two-factor already off (another tab turned it off).
 */
export type DeactivateOutcome = Outcome<void, 'TwoFaCodeError' | 'EmailCodeRequired' | 'CodeExpired' | 'TwoFaAlreadyOff'>;
