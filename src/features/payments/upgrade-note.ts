// An upgrade invoice's line and note in the member's language (issue 33), from the figures the invoice carries
// (Invoice.upgrade), instead of the server's English sentence.
import { plural, t } from '@lingui/core/macro';
import { formatMoney } from '../../lib/format';

export interface UpgradeFigures {
  from_product: string;
  to_product: string;
  new_price: string;
  current_price: string;
  days_left?: number | null;
  days_in_cycle?: number | null;
  credit: string;
  difference: string;
}

/** The invoice line: what is upgraded to what. */
export const upgradeSubject = ({ from_product: from, to_product: to }: UpgradeFigures) => t`Upgrade from ${from} to ${to}`;

/** How the amount was computed: the new price less the current tariff's credit. */
export function upgradeNote(upgrade: UpgradeFigures, currency: string): string {
  const to = upgrade.to_product;
  const from = upgrade.from_product;
  const newPrice = formatMoney(upgrade.new_price, currency);
  const credit = formatMoney(upgrade.credit, currency);
  const currentPrice = formatMoney(upgrade.current_price, currency);
  const difference = formatMoney(upgrade.difference, currency);
  const daysLeft = upgrade.days_left;
  const daysInCycle = upgrade.days_in_cycle;
  if (daysLeft == null || daysInCycle == null) {
    return t`${to} at ${newPrice}, less ${credit} for ${from} (one-time, ${currentPrice}, counted in full): ${difference}`;
  }
  return t`${to} at ${newPrice}, less ${credit} for ${from} (${daysLeft} of ${plural(daysInCycle, { one: '# day', other: '# days' })} left of ${currentPrice}): ${difference}`;
}
