import type { AppError } from '../../domain/app-error';

export interface StakingWalletContext {
  /** The address being saved, trimmed. */
  address: string;
  error: AppError | null;
}

export type StakingWalletEvent = { type: 'wallet.submit'; address: string };
