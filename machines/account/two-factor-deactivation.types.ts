import type { AppError, Outcome } from '../../domain/app-error';
import type { EmailCodeContext } from './email-code';

export interface DeactivationContext extends EmailCodeContext {
  emailCode: string;
  authCode: string;
  /** The phone is lost: a recovery code stands in for the app's code. */
  useRecovery: boolean;
  recoveryCode: string;
  error: AppError | null;
}

export type DeactivationEvent =
  | { type: 'dialog.open' }
  | { type: 'emailCode.send' }
  | { type: 'emailCode.change'; code: string }
  | { type: 'authCode.change'; code: string }
  | { type: 'recovery.toggle'; use: boolean }
  | { type: 'recovery.change'; code: string }
  | { type: 'deactivation.submit' }
  | { type: 'dialog.close' };

export type { SendEmailCodeOutcome } from './email-code';
/**
 * A wrong code (TwoFaCodeError, its fields say which), the mailed code missing, void after five wrong tries
 * (CodeExpired), or two-factor already off (another tab turned it off).
 */
export type DeactivateOutcome = Outcome<void, 'TwoFaCodeError' | 'EmailCodeRequired' | 'CodeExpired' | 'TwoFaAlreadyOff'>;
