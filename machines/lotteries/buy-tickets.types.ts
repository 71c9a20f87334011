import type { AppError, Outcome } from '../../domain/app-error';
import type { QuantityProblem } from '../../domain/lotteries';
import type { Decimal } from '../../domain/money';
import type { Raffle, TicketPurchase } from './lotteries.types';

export interface BuyTicketsInput {
  /** The raffle of the page (/lotteries/{id}). */
  raffleId: string;
  /** Made once per page by the app (a random id): the attempts' idempotency keys start with it. */
  keyPrefix: string;
}

/** The page's data: the raffle (null: the tenant has no such raffle) and the balance of its currency. */
export interface RafflePage {
  raffle: Raffle | null;
  balance: Decimal;
}

export interface BuyTicketsContext {
  raffleId: string;
  keyPrefix: string;
  page: RafflePage | null;
  /** The quantity as typed: digits only, no leading zero. */
  quantity: string;
  quantityError: QuantityProblem | null;
  error: AppError | null;
  attempt: number;
  idempotencyKey: string | null;
  /** What the current key was made for (the quantity): the same purchase retried keeps its key. */
  attemptOf: string | null;
  purchase: TicketPurchase | null;
}

export interface BuyRequest {
  raffleId: string;
  qty: number;
  idempotencyKey: string;
}

/** moduleLotteryBuyTickets: the tickets bought, or refused by name. */
export type BuyOutcome = Outcome<TicketPurchase, 'RaffleClosed' | 'PremiumRequired' | 'SoldOut' | 'MaxTicketsReached' | 'InsufficientBalance'>;

export type BuyTicketsEvent =
  | { type: 'quantity.change'; value: string }
  | { type: 'buy.submit' }
  | { type: 'buy.back' }
  | { type: 'buy.confirm' }
  | { type: 'buy.again' }
  | { type: 'load.retry' };
