import { memberStatusMachine } from '../../machines/app-status/member-status.machine';
import type { MemberStatusEvent } from '../../machines/app-status/member-status.types';
import { flattenFixtures } from '../support/fixtures';
import type { Model } from '../support/model';

export const settings = (
  status: string,
  unpaid: number,
  overdue: number,
): Extract<MemberStatusEvent, { type: 'settings.received' }> => ({
  type: 'settings.received',
  status,
  unpaid_trader_fee_invoices: unpaid,
  overdue_trader_fee_invoices: overdue,
});

export const memberStatusModel: Model<typeof memberStatusMachine> = {
  machine: memberStatusMachine,
  inputs: [{ label: 'signed in', input: undefined as never }],
  events: flattenFixtures({
    'settings.received': [
      settings('active', 0, 0),
      settings('active', 2, 0),
      settings('active', 2, 1),
      settings('suspended', 0, 0),
    ],
    'invoices.open': [{ type: 'invoices.open' }],
  } satisfies { [K in MemberStatusEvent['type']]: Extract<MemberStatusEvent, { type: K }>[] }),
  contextKeys: ['settings'],
};
