// The crowdfunding area's words: the statuses of a project and of a holding, and a project's payout period.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { HoldingStatus, ProjectStatus } from '../../../domain/crowdfunding';

export const projectStatusNames: Record<ProjectStatus | 'refunded', MessageDescriptor> = {
  active: msg`Active`,
  finished: msg`Finished`,
  refunded: msg`Refunded`,
};

export const holdingStatusNames: Record<HoldingStatus, MessageDescriptor> = {
  pending: msg`Pending payment`,
  active: msg`Active`,
  completed: msg`Completed`,
  refunded: msg`Refunded`,
};
