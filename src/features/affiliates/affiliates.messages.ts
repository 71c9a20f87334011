// Translated names of the affiliates area's fixed vocabulary: the states of a referral earning and the date
// each state is about.
import { t } from '@lingui/core/macro';
import type { EarningState } from '../../../domain/limits';
import type { AffEarning } from '../../api/affiliates';
import { formatDate } from '../../lib/format';

export const earningStateText = (state: string): string => {
  switch (state as EarningState) {
    case 'pending':
      return t`Pending`;
    case 'on_hold':
      return t`On hold`;
    case 'below_minimum':
      return t`Below minimum payout`;
    case 'payable':
      return t`Payable`;
    case 'paid':
      return t`Paid`;
    default:
      return state;
  }
};

/** The date an earning's state is about: paid on, on hold until, released on; pending waits for the purchase. */
export function earningDateText(earning: Pick<AffEarning, 'state' | 'paid_at' | 'hold_until'>): string {
  if (earning.state === 'paid' && earning.paid_at) return t`Paid on ${formatDate(earning.paid_at)}`;
  if (earning.state === 'on_hold' && earning.hold_until) return t`On hold until ${formatDate(earning.hold_until)}`;
  if (earning.state === 'pending') return t`Waiting for the purchase to be paid`;
  if (earning.hold_until) return t`Released on ${formatDate(earning.hold_until)}`;
  return '';
}
