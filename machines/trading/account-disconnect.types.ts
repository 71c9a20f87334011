import type { AppError } from '../../domain/app-error';
import type { ExchangeAccountRow } from './trading.types';

export interface AccountDisconnectInput {
  accountId: string;
}

export interface AccountDisconnectContext {
  accountId: string;
  reason: string;
  /** The reason's field code (domain/trading.ts disconnectReasonSchema; required, maxLength:400). */
  reasonError: string | null;
  error: AppError | null;
  /** The account as the server answered once disconnected. */
  account: ExchangeAccountRow | null;
}

export interface DisconnectAccountRequest {
  accountId: string;
  reason: string;
}

export type AccountDisconnectEvent =
  | { type: 'disconnect.open' }
  | { type: 'disconnect.cancel' }
  | { type: 'reason.change'; value: string }
  | { type: 'disconnect.confirm' };
