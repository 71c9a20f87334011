// Names of the billing cycles and of what a product is, in the tenant's wording (spec §3 product config:
// product_type_description franchise or investment).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { BillingCycle } from '../../../machines/shop/shop.types';

export const cycleNames: Record<BillingCycle, MessageDescriptor> = {
  onetime: msg`One-time`,
  monthly: msg`Monthly`,
  quartally: msg`Quarterly`,
  semiannually: msg`Every 6 months`,
  annually: msg`Yearly`,
};

/** "per month", "per quarter", ... after a recurrent price. */
export const perCycle: Record<BillingCycle, MessageDescriptor | null> = {
  onetime: null,
  monthly: msg`per month`,
  quartally: msg`per quarter`,
  semiannually: msg`per 6 months`,
  annually: msg`per year`,
};
