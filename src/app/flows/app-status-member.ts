// Effects of the app-status area's member status flow (suspension dialog, invoices banner) and its provider:
// the member layout's only, apart from the app-wide flows of app-status.ts that every page loads.
import { memberStatusMachine } from '../../../machines/app-status/member-status.machine';
import { MemberStatusContext } from '../../features/app-status/member-status.contexts';
import { navigate } from '../router/navigation';
import { flowProvider } from './provide';
import { perTenant } from './shared';

/** The member status flow of the member layout. */
export const createMemberStatusLogic = perTenant(() =>
  memberStatusMachine.provide({
    actions: { goToInvoices: () => void navigate({ to: '/invoices' }) },
  }),
);

export const MemberStatusProvider = flowProvider(MemberStatusContext, (_props: object, tenant) => ({
  logic: createMemberStatusLogic(tenant),
}));
