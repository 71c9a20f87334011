// Names of the billing cycles and subscription periods, and the tariffs' wording in investment mode (spec §2
// "Tariffs reads as the investments label in investments mode", product_type_description).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { BillingCycle } from '../../../domain/pricing';
import type { SubscriptionPeriod } from '../../../machines/tariffs/tariffs.types';

export const cycleNames: Record<BillingCycle, MessageDescriptor> = {
  onetime: msg`One-time`,
  monthly: msg`Monthly`,
  quartally: msg`Quarterly`,
  semiannually: msg`Every 6 months`,
  annually: msg`Yearly`,
};

export const periodNames: Record<SubscriptionPeriod, MessageDescriptor> = {
  monthly: msg`Monthly`,
  quarterly: msg`Quarterly`,
  semiannual: msg`Semiannual`,
  annual: msg`Annual`,
};
