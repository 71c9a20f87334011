import type { AppError, Outcome } from '../../domain/app-error';

export type LoginMethod = 'email' | 'phone';

export interface LoginInput {
  /** email, or phone when the URL hash is #phone. */
  method: LoginMethod;
  /** The products module is on for this tenant. */
  productsModuleOn: boolean;
  /** Purchase-link products are stored in this browser (sc_products). */
  hasStoredProducts: boolean;
  /** In a dialog (the cart's, for a guest going to pay) rather than on the /login page. */
  inDialog: boolean;
}

export interface Credentials {
  /** The email, or the phone number in the phone variant. */
  username: string;
  password: string;
}

export interface SignInRequest extends Credentials {
  /** The two-factor code, once the server asked for one. */
  code?: string;
  /** A recovery code in place of the two-factor code (the phone is lost). */
  recoveryCode?: string;
}

export interface LoginContext extends LoginInput {
  credentials: Credentials | null;
  code: string;
  error: AppError | null;
  /** The two-factor step ran out of time and the form started over. */
  codeTimedOut: boolean;
}

export interface LoginAnswer {
  access_token: string;
  expires_in: number;
  /** After a sign-in with a recovery code: how many are left (to tell the member). */
  recovery_codes_left?: number | null;
}

/** The sign-in's named outcomes (spec §8): a code is needed, the code was wrong, or the login was refused. */
export type SignInFailure = 'TwoFaError' | 'TwoFaCodeError' | 'InvalidLogin' | 'UserNotFound' | 'TooManyAttempts';
export type SignInOutcome = Outcome<LoginAnswer, SignInFailure>;

export type LoginEvent =
  | ({ type: 'credentials.submit' } & Credentials)
  | { type: 'code.change'; code: string }
  | { type: 'code.submit' }
  | { type: 'code.cancel' }
  | { type: 'recovery.use' }
  | { type: 'recovery.cancel' };
