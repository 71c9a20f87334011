import type { AppError, Outcome } from '../../domain/app-error';
import type { BillingCycle } from '../../domain/pricing';
import type { UpgradeQuote } from './tariffs.types';

export interface UpgradeContext {
  /** The member's current tariff purchase (me.purchase.uuid), from the opening (null while closed). */
  purchaseUuid: string | null;
  /** The tariff to upgrade to (from a higher tariff's tile), or null for the lowest upgrade. */
  targetUuid: string | null;
  /** The chosen billing cycle of the new tariff (null: the server's default, the current one). */
  cycle: BillingCycle | null;
  quote: UpgradeQuote | null;
  error: AppError | null;
  invoiceId: string | null;
}

export type UpgradeEvent =
  /** Upgrade: the dialog opens for the member's purchase, to the tariff chosen (null: the lowest upgrade). */
  | { type: 'dialog.open'; purchaseUuid: string; targetUuid: string | null }
  | { type: 'cycle.change'; cycle: BillingCycle }
  | { type: 'upgrade.confirm' }
  | { type: 'retry' }
  | { type: 'dialog.close' };

/** The upgrade priced now, or why there is none: no running purchase, or not an upgrade of it. */
export type UpgradeQuoteOutcome = Outcome<UpgradeQuote, 'PurchaseNotFound' | 'UpgradeNotAvailable'>;
/** The invoice of the difference. */
export type UpgradeCheckoutOutcome = Outcome<{ invoiceId: string }, 'PurchaseNotFound' | 'UpgradeNotAvailable'>;
