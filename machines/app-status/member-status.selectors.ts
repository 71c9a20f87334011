// What the suspended dialog and the warning banner read of the member status flow.
import type { SnapshotFrom } from 'xstate';
import type { memberStatusMachine } from './member-status.machine';

type MemberStatusSnapshot = SnapshotFrom<typeof memberStatusMachine>;

export const selectSuspendedDialog = (s: MemberStatusSnapshot) => s.hasTag('suspendedDialog');
export const selectBanner = (s: MemberStatusSnapshot): 'overdue' | 'unpaid' | null =>
  s.hasTag('overdueBanner') ? 'overdue' : s.hasTag('unpaidBanner') ? 'unpaid' : null;
