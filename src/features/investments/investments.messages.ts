// The investments area's words: a plan's terms as a member reads them, and the statuses of a member's plan.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { InvestmentStatus } from '../../../domain/investments';

export const statusNames: Record<InvestmentStatus | 'stopped', MessageDescriptor> = {
  active: msg`Active`,
  finished: msg`Finished`,
  stopped: msg`Stopped early`,
};
