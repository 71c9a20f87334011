import type { AppError, Outcome } from '../../domain/app-error';
import type { BillingCycle } from '../../domain/pricing';
import type { UpgradeQuote } from './tariffs.types';

export interface UpgradeInput {
  /** The member's current tariff purchase (me.purchase.uuid). */
  purchaseUuid: string;
  /** The tariff to upgrade to (from a higher tariff's tile), or null for the lowest upgrade. */
  targetUuid: string | null;
}

export interface UpgradeContext {
  purchaseUuid: string;
  targetUuid: string | null;
  /** The chosen billing cycle of the new tariff (null: the server's default, the current one). */
  cycle: BillingCycle | null;
  quote: UpgradeQuote | null;
  error: AppError | null;
  invoiceId: string | null;
}

export type UpgradeEvent =
  | { type: 'cycle.change'; cycle: BillingCycle }
  | { type: 'upgrade.confirm' }
  | { type: 'retry' };

/** The upgrade priced now, or why there is none: no running purchase, or not an upgrade of it. */
export type UpgradeQuoteOutcome = Outcome<UpgradeQuote, 'PurchaseNotFound' | 'UpgradeNotAvailable'>;
/** The invoice of the difference. */
export type UpgradeCheckoutOutcome = Outcome<{ invoiceId: string }, 'PurchaseNotFound' | 'UpgradeNotAvailable'>;
