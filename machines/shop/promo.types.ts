import type { AppError, Outcome } from '../../domain/app-error';
import type { AppliedPromo, CartLine } from './shop.types';

export interface PromoContext {
  /** What the member typed (the input keeps it on an error). */
  code: string;
  applied: AppliedPromo | null;
  error: AppError | null;
  /** The cart as it is now: the code must cover every product in it. */
  lines: CartLine[];
}

export type PromoEvent =
  | { type: 'promo.change'; code: string }
  | { type: 'promo.apply' }
  | { type: 'promo.clear' }
  /** The cart's lines changed (sent by the cart flow). */
  | { type: 'cart.changed'; lines: CartLine[] };

/** The server knows no such code, it expired, its uses are spent, or this member has used it up. */
export type CheckPromoOutcome = Outcome<AppliedPromo, 'PromoNotFound' | 'PromoExpired' | 'PromoUsedUp' | 'PromoAlreadyUsed'>;
