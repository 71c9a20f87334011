// The upgrade quotes the tariffs area's models, machine tests and walks share.
import type { UpgradeQuote } from '../../machines/tariffs/tariffs.types';
import type { BillingCycle } from '../../domain/pricing';

/** Basic (19.00 monthly, 15 of 30 days left: credit 9.50) upgraded to Pro. */
export const quote = (cycle: BillingCycle = 'monthly', difference = '39.50'): UpgradeQuote => ({
  currentPurchaseUuid: 'p-1',
  currentProductName: 'Basic',
  currentBillingCycle: 'monthly',
  currentPrice: '19.00',
  currentActiveTill: '2027-01-15T00:00:00.000Z',
  newProductUuid: 'pro',
  newProductName: 'Pro',
  billingCycle: cycle,
  newPrice: cycle === 'monthly' ? '49.00' : '490.00',
  credit: '9.50',
  daysLeft: 15,
  daysInCycle: 30,
  difference,
  currency: 'USDT',
  newActiveTill: cycle === 'monthly' ? '2027-02-01T00:00:00.000Z' : '2028-01-01T00:00:00.000Z',
});

/** A one-time current tariff: counts in full, no days. */
export const onetimeQuote: UpgradeQuote = { ...quote('annually', '471.00'), currentBillingCycle: 'onetime', daysLeft: null, daysInCycle: null, credit: '19.00', newActiveTill: null };
