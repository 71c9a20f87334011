// The licenses area's words: a request's status (labels follow the values, calls §4; a context of their own keeps
// them apart from the same English words elsewhere).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LicenseStatus } from '../../../domain/licenses';

export const licenseStatusNames: Record<LicenseStatus, MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'license request status' }),
  accepted: msg({ message: 'Accepted', context: 'license request status' }),
  declined: msg({ message: 'Declined', context: 'license request status' }),
};
