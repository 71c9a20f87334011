// Copy trading's link words: a connection's and a request's status (labels follow the values, calls §4; a context of
// their own keeps them apart from the same English words elsewhere), and why a suspended connection stopped.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CopyConnectionStatus, RequestStatus } from '../../../../domain/copy-trading';

export const connectionStatusNames: Record<CopyConnectionStatus, MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'copy connection status' }),
  active: msg({ message: 'Active', context: 'copy connection status' }),
  paused: msg({ message: 'Paused', context: 'copy connection status' }),
  disconnected: msg({ message: 'Disconnected', context: 'copy connection status' }),
  failed: msg({ message: 'Failed', context: 'copy connection status' }),
  'drawdown exceeded': msg({ message: 'Drawdown exceeded', context: 'copy connection status' }),
  suspended: msg({ message: 'Suspended', context: 'copy connection status' }),
};

/** A link request's status: pending, active (accepted), declined, failed (expired unreviewed). */
export const requestStatusNames: Record<RequestStatus, MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'copy request status' }),
  active: msg({ message: 'Accepted', context: 'copy request status' }),
  declined: msg({ message: 'Declined', context: 'copy request status' }),
  failed: msg({ message: 'Expired', context: 'copy request status' }),
};

/** A trade's side. */
export const sideNames = {
  buy: msg({ message: 'Buy', context: 'trade side' }),
  sell: msg({ message: 'Sell', context: 'trade side' }),
} satisfies Record<string, MessageDescriptor>;
