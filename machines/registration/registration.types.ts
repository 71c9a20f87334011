import type { AppError } from '../shared/app-error';
import type { RegistrationRules, RegistrationValues } from './registration.schema';

export interface RegistrationInput {
  rules: RegistrationRules;
  /** signup_reflink_only: the tenant registers only through a referral link ... */
  referralOnly: boolean;
  /** ... and this visit has one (from /register/{id} or the sponsor cookie). */
  hasSponsor: boolean;
  productsModuleOn: boolean;
  hasStoredProducts: boolean;
}

export interface RegistrationContext extends RegistrationInput {
  /** What step 1 sent (the view keeps the form itself). */
  values: RegistrationValues | null;
  code: string;
  error: AppError | null;
  /** Counts the resend countdowns, so a view can restart its display of one. */
  resendRound: number;
}

export interface VerifyAnswer {
  access_token: string;
  expires_in: number;
}

export type RegistrationEvent =
  | { type: 'registration.submit'; values: RegistrationValues }
  | { type: 'registration.edit' }
  | { type: 'code.change'; code: string }
  | { type: 'code.submit' }
  | { type: 'code.resend' }
  | { type: 'login.choose' };
