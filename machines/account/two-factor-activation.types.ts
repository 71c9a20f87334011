import type { AppError, Outcome } from '../../domain/app-error';
import type { EmailCodeContext } from './email-code';

export interface TwoFaSecret {
  secret: string;
  name: string;
  email: string;
  method: string;
}

export interface ActivationContext extends EmailCodeContext {
  secret: TwoFaSecret | null;
  backupSaved: boolean;
  emailCode: string;
  authCode: string;
  error: AppError | null;
  /** The 10 one-time recovery codes the activation answered: shown once, never stored in the browser. */
  recoveryCodes: string[];
  /** The member confirmed the recovery codes are saved. */
  recoverySaved: boolean;
}

export type ActivationEvent =
  | { type: 'dialog.open' }
  | { type: 'method.continue' }
  | { type: 'step.back' }
  | { type: 'backup.toggle'; saved: boolean }
  | { type: 'step.continue' }
  | { type: 'emailCode.send' }
  | { type: 'emailCode.change'; code: string }
  | { type: 'authCode.change'; code: string }
  | { type: 'activation.submit' }
  | { type: 'recovery.saved'; saved: boolean }
  | { type: 'dialog.close' };

/** Two-factor is on already (another tab turned it on). */
export type GenerateSecretOutcome = Outcome<TwoFaSecret, 'TwoFaAlreadyOn'>;
export type { SendEmailCodeOutcome } from './email-code';
/**
 * A wrong authenticator code, an email code that expired or was used up, or a secret voided by five wrong
 * codes (start again from step 1).
 */
export type ActivateOutcome = Outcome<{ recoveryCodes: string[] }, 'TwoFaCodeError' | 'CodeExpired' | 'TwoFaNotStarted' | 'TwoFaAlreadyOn'>;
