// The member-status flow's effects (suspension dialog, invoices banner).
import { memberStatusMachine } from '../../../machines/member-status/member-status.machine';
import { router } from '../router';

export const memberStatusLogic = memberStatusMachine.provide({
  actions: { goToInvoices: () => void router.navigate({ to: '/invoices' }) },
});
