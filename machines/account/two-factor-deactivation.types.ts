import type { AppError, Outcome } from '../shared/app-error';

export interface DeactivationContext {
  authCode: string;
  error: AppError | null;
}

export type DeactivationEvent =
  { type: 'authCode.change'; code: string } | { type: 'deactivation.submit' } | { type: 'dialog.close' };

/** A wrong authenticator code, or two-factor already off (another tab turned it off). */
export type DeactivateOutcome = Outcome<void, 'TwoFaCodeError' | 'TwoFaAlreadyOff'>;
