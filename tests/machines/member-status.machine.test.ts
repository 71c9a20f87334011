import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { memberStatusMachine } from '../../machines/app-status/member-status.machine';

describe('member status', () => {
  const start = () => {
    const goToInvoices = vi.fn();
    const actor = createActor(memberStatusMachine.provide({ actions: { goToInvoices } })).start();
    const settings = (status: string, unpaid: number, overdue: number) =>
      actor.send({ type: 'settings.received', status, unpaid_trader_fee_invoices: unpaid, overdue_trader_fee_invoices: overdue });
    return { actor, goToInvoices, settings };
  };

  it('a suspended member sees the dialog; View invoices goes to /invoices and closes it', () => {
    const { actor, goToInvoices, settings } = start();
    settings('suspended', 0, 0);
    expect(actor.getSnapshot().hasTag('suspendedDialog')).toBe(true);
    actor.send({ type: 'invoices.open' });
    expect(goToInvoices).toHaveBeenCalled();
    expect(actor.getSnapshot().hasTag('suspendedDialog')).toBe(false);
    settings('active', 0, 0);
    expect(actor.getSnapshot().matches({ account: 'active' })).toBe(true);
  });

  it('the banner shows unpaid invoices, or overdue ones when any is overdue', () => {
    const { actor, settings } = start();
    settings('active', 2, 0);
    expect(actor.getSnapshot().hasTag('unpaidBanner')).toBe(true);
    settings('active', 2, 1);
    expect(actor.getSnapshot().hasTag('overdueBanner')).toBe(true);
    settings('active', 0, 0);
    expect(actor.getSnapshot().matches({ banner: 'none' })).toBe(true);
  });
});
