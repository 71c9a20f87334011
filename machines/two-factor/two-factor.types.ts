import type { AppError } from '../shared/app-error';

export interface TwoFaSecret {
  secret: string;
  name: string;
  email: string;
  method: string;
}

export interface ActivationContext {
  secret: TwoFaSecret | null;
  backupSaved: boolean;
  emailCode: string;
  authCode: string;
  error: AppError | null;
  /** Counts the email-code countdowns, so a view can restart its display. */
  emailRound: number;
}

export type ActivationEvent =
  | { type: 'method.continue' }
  | { type: 'step.back' }
  | { type: 'backup.toggle'; saved: boolean }
  | { type: 'step.continue' }
  | { type: 'emailCode.send' }
  | { type: 'emailCode.change'; code: string }
  | { type: 'authCode.change'; code: string }
  | { type: 'activation.submit' }
  | { type: 'dialog.close' };

export interface DeactivationContext {
  authCode: string;
  error: AppError | null;
}

export type DeactivationEvent =
  | { type: 'authCode.change'; code: string }
  | { type: 'deactivation.submit' }
  | { type: 'dialog.close' };
