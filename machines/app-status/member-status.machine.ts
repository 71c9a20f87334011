// Member status (spec §4 "App state", §8 "Texts", calls §4): from the member's settings, polled every
// 60 s. A suspended member sees the suspended dialog, whose View invoices leads to /invoices; the warning
// banner shows the unpaid-invoices message, or the blinking overdue message when any invoice is overdue.
import { assign, setup } from 'xstate';
import { notProvidedAction } from '../shared/not-provided';
import type { MemberStatusContext, MemberStatusEvent } from './member-status.types';

export const memberStatusMachine = setup({
  types: {
    context: {} as MemberStatusContext,
    events: {} as MemberStatusEvent,
  },
  actions: {
    goToInvoices: notProvidedAction('goToInvoices'),
  },
  guards: {
    isSuspended: ({ context }) => context.settings?.status === 'suspended',
    isActive: ({ context }) => context.settings?.status !== 'suspended',
    hasOverdue: ({ context }) => (context.settings?.overdue_trader_fee_invoices ?? 0) > 0,
    hasUnpaid: ({ context }) =>
      (context.settings?.overdue_trader_fee_invoices ?? 0) === 0 && (context.settings?.unpaid_trader_fee_invoices ?? 0) > 0,
    hasNothingDue: ({ context }) =>
      (context.settings?.overdue_trader_fee_invoices ?? 0) === 0 && (context.settings?.unpaid_trader_fee_invoices ?? 0) === 0,
  },
}).createMachine({
  id: 'memberStatus',
  context: { settings: null },
  type: 'parallel',
  on: {
    'settings.received': {
      actions: assign({
        settings: ({ event }) => ({
          status: event.status,
          unpaid_trader_fee_invoices: event.unpaid_trader_fee_invoices,
          overdue_trader_fee_invoices: event.overdue_trader_fee_invoices,
        }),
      }),
    },
  },
  states: {
    account: {
      initial: 'active',
      states: {
        active: {
          meta: { description: 'The account works normally.' },
          always: { guard: 'isSuspended', target: 'suspended', meta: { description: 'Account suspended' } },
        },
        suspended: {
          meta: { description: 'The account is suspended.' },
          always: { guard: 'isActive', target: 'active', meta: { description: 'Account active again' } },
          initial: 'notified',
          states: {
            notified: {
              meta: { description: 'The suspended dialog: accSuspended, accSuspendedDesc, View invoices.' },
              tags: ['suspendedDialog'],
              on: { 'invoices.open': { target: 'acknowledged', actions: 'goToInvoices', meta: { description: 'Member opens invoices' } } },
            },
            acknowledged: {
              meta: { description: 'The member went to the invoices; the dialog stays closed.' },
            },
          },
        },
      },
    },
    banner: {
      initial: 'none',
      states: {
        none: {
          meta: { description: 'Nothing due: no warning banner.' },
          always: [
            { guard: 'hasOverdue', target: 'overdue', meta: { description: 'An invoice is overdue' } },
            { guard: 'hasUnpaid', target: 'unpaid', meta: { description: 'An invoice is unpaid' } },
          ],
        },
        unpaid: {
          meta: { description: 'Banner: unpaid invoices, linking to /invoices.' },
          tags: ['unpaidBanner'],
          always: [
            { guard: 'hasOverdue', target: 'overdue', meta: { description: 'An invoice is overdue' } },
            { guard: 'hasNothingDue', target: 'none', meta: { description: 'All paid' } },
          ],
        },
        overdue: {
          meta: { description: 'Banner: overdue invoices, blinking, linking to /invoices.' },
          tags: ['overdueBanner'],
          always: [
            { guard: 'hasUnpaid', target: 'unpaid', meta: { description: 'Only unpaid left' } },
            { guard: 'hasNothingDue', target: 'none', meta: { description: 'All paid' } },
          ],
        },
      },
    },
  },
});
