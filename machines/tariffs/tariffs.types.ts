// What the tariffs area's flows share: an upgrade priced now (UpgradeCart in the contract) and the periods of
// the platform subscription.
import type { Decimal } from '../../domain/money';
import type { BillingCycle } from '../../domain/pricing';
import type { subscriptionPeriodMonths } from '../../domain/limits';

/** The upgrade of the member's current tariff to another, priced now by the proration rule (pricing.ts). */
export interface UpgradeQuote {
  currentPurchaseUuid: string;
  currentProductName: string;
  currentBillingCycle: BillingCycle;
  currentPrice: Decimal;
  currentActiveTill: string | null;
  newProductUuid: string;
  newProductName: string;
  billingCycle: BillingCycle;
  newPrice: Decimal;
  /** What the unused part of the current tariff counts for. */
  credit: Decimal;
  /** Whole days left of the current tariff, and days of its cycle (null for a one-time tariff). */
  daysLeft: number | null;
  daysInCycle: number | null;
  /** What the upgrade costs now: new price less credit, never below zero. */
  difference: Decimal;
  currency: string;
  newActiveTill: string | null;
}

export type SubscriptionPeriod = keyof typeof subscriptionPeriodMonths;
