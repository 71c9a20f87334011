import type { AppError, Outcome } from '../../domain/app-error';

export interface ResetRequestContext {
  email: string;
  error: AppError | null;
}

export type ResetRequestEvent = { type: 'reset.submit'; email: string } | { type: 'reset.again' };

/** The answer is the same whether or not the account exists; only asking again too soon is refused. */
export type RequestResetOutcome = Outcome<void, 'TooManyAttempts'>;
