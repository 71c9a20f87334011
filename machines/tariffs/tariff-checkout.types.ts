import type { AppError } from '../shared/app-error';
import type { BillingCycle } from '../shared/pricing';

export interface CheckoutContext {
  /** The tariff being bought (its product id) and the cycle, while the invoice is made. */
  productId: string | null;
  cycle: BillingCycle | null;
  error: AppError | null;
  invoiceId: string | null;
}

export type CheckoutEvent = { type: 'tariff.buy'; productId: string; cycle: BillingCycle };

/** The invoice of the tariff in the cycle (the server answers an unpaid one again rather than a second). */
export interface TariffInvoice {
  invoiceId: string;
}
