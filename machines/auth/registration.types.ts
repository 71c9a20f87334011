import type { AppError, Outcome } from '../../domain/app-error';
import type { RegistrationRules, RegistrationValues } from './registration.schema';

export interface RegistrationInput {
  rules: RegistrationRules;
  /** signup_reflink_only: the tenant registers only through a referral link ... */
  referralOnly: boolean;
  /** ... and the sponsor of this visit (from /register/{id} or the sponsor cookie), if any. */
  sponsor: string | null;
  /** In the registration dialog rather than on the /register page. */
  inDialog: boolean;
  productsModuleOn: boolean;
  hasStoredProducts: boolean;
}

export interface RegistrationContext extends RegistrationInput {
  /** What step 1 sent (the view keeps the form itself). */
  values: RegistrationValues | null;
  code: string;
  error: AppError | null;
  /** When the code may be sent again (clock ms), while the resend countdown runs. */
  resendDeadline: number | null;
}

export interface RegisterRequest {
  values: RegistrationValues;
  sponsor: string | null;
}

export interface VerifyAnswer {
  access_token: string;
  expires_in: number;
}

/** The account exists but is not verified (spec §8), or registration needs a referral link. */
export type RegisterOutcome = Outcome<void, 'NotVerified' | 'ReferralLinkOnly'>;
/** A code that is not the one sent, or one that expired or was used up. */
export type VerifyCodeOutcome = Outcome<VerifyAnswer, 'WrongCode' | 'CodeExpired'>;
export type SendCodeOutcome = Outcome<void, 'TooManyAttempts'>;

export type RegistrationEvent =
  | { type: 'registration.submit'; values: RegistrationValues }
  | { type: 'registration.edit' }
  | { type: 'code.change'; code: string }
  | { type: 'code.submit' }
  | { type: 'code.resend' }
  | { type: 'login.choose' };
