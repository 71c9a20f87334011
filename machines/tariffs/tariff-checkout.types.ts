import type { AppError } from '../../domain/app-error';
import type { BillingCycle } from '../../domain/pricing';

export interface CheckoutInput {
  /** The level of the member's current tariff (null without one): a lower one is confirmed first. */
  currentLevel: number | null;
}

export interface CheckoutContext {
  currentLevel: number | null;
  /** The tariff being bought (its product id, its level) and the cycle, while it is confirmed or invoiced. */
  productId: string | null;
  level: number | null;
  cycle: BillingCycle | null;
  error: AppError | null;
  invoiceId: string | null;
}

export type CheckoutEvent =
  | { type: 'tariff.buy'; productId: string; level: number; cycle: BillingCycle }
  | { type: 'downgrade.confirm' }
  | { type: 'downgrade.cancel' };

/** The invoice of the tariff in the cycle (the server answers an unpaid one again rather than a second). */
export interface TariffInvoice {
  invoiceId: string;
}
