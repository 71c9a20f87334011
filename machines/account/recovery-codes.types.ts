import type { AppError, Outcome } from '../../domain/app-error';

export interface RecoveryCodesContext {
  authCode: string;
  /** The 10 new codes: shown once, never stored in the browser. */
  codes: string[];
  saved: boolean;
  error: AppError | null;
}

export type RecoveryCodesEvent =
  | { type: 'dialog.open' }
  | { type: 'authCode.change'; code: string }
  | { type: 'codes.request' }
  | { type: 'codes.saved'; saved: boolean }
  | { type: 'dialog.close' };

/** The app's code was wrong. */
export type RegenerateOutcome = Outcome<{ recoveryCodes: string[] }, 'TwoFaCodeError'>;
