import type { AppError, Outcome } from '../../domain/app-error';

export interface WithdrawalCancelContext {
  /** The withdrawal being canceled, or the last one tried. */
  id: string | null;
  error: AppError | null;
}

export type WithdrawalCancelEvent = { type: 'withdrawal.cancel'; id: string };

/** Canceled (the amount is back in available), or refused: not the member's, or already being processed. */
export type CancelWithdrawalOutcome = Outcome<void, 'WithdrawalNotFound' | 'WithdrawalNotCancelable'>;
