import type { AppError, Outcome } from '../../domain/app-error';
import type { NewPasswordValues } from './password-reset.schema';

export interface NewPasswordInput {
  token: string;
  email: string;
}

export interface NewPasswordContext extends NewPasswordInput {
  /** Held only while the server saves it. */
  password: string;
  error: AppError | null;
}

export type NewPasswordEvent = { type: 'password.submit' } & NewPasswordValues;

/** The mailed link is unknown, used or older than 10 minutes. */
export type SetPasswordOutcome = Outcome<void, 'InvalidLink'>;
