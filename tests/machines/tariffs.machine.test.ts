// The tariffs area's flows with stubbed effects: buying a tariff, the upgrade dialog, the subscription modal.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkoutMachine } from '../../machines/tariffs/tariff-checkout.machine';
import { upgradeMachine } from '../../machines/tariffs/upgrade.machine';
import { subscriptionMachine } from '../../machines/tariffs/subscription.machine';
import { quote } from '../models/tariffs-fixtures';
import type { UpgradeCheckoutOutcome, UpgradeQuoteOutcome } from '../../machines/tariffs/upgrade.types';
import type { ActivateSubscriptionOutcome } from '../../machines/tariffs/subscription.types';
import type { BillingCycle } from '../../domain/pricing';
import { selectBuyingProductId } from '../../machines/tariffs/tariff-checkout.selectors';


describe('buying a tariff', () => {
  it('makes the invoice of the tariff in the chosen cycle once and opens it', async () => {
    const create = vi.fn(async (input: { productId: string; cycle: BillingCycle }) => ({ invoiceId: `inv-${input.productId}-${input.cycle}` }));
    const openInvoice = vi.fn(() => {});
    const actor = createActor(
      checkoutMachine.provide({ actors: { createInvoice: fromPromise(({ input }) => create(input)) }, actions: { openInvoice, notifyFailure: () => {} } }),
      { input: { currentLevel: null } },
    ).start();
    actor.send({ type: 'tariff.buy', productId: '7', level: 2, cycle: 'quartally' });
    expect(selectBuyingProductId(actor.getSnapshot())).toBe('7');
    // A second click while the invoice is made goes nowhere.
    actor.send({ type: 'tariff.buy', productId: '8', level: 1, cycle: 'monthly' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith({ productId: '7', cycle: 'quartally' });
    expect(openInvoice).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.invoiceId).toBe('inv-7-quartally');
  });

  it('keeps the choice and tells the notifier when the invoice cannot be made', async () => {
    const notifyFailure = vi.fn();
    const actor = createActor(
      checkoutMachine.provide({
        actors: { createInvoice: fromPromise(async () => Promise.reject({ code: 'network' })) },
        actions: { openInvoice: () => {}, notifyFailure },
      }),
      { input: { currentLevel: 1 } },
    ).start();
    actor.send({ type: 'tariff.buy', productId: '7', level: 2, cycle: 'monthly' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().context).toMatchObject({ error: { code: 'network' }, productId: '7', cycle: 'monthly' });
    expect(notifyFailure).toHaveBeenCalledTimes(1);
  });

  it('asks before a lower tariff than the current one: cancel keeps it, confirm makes the invoice', async () => {
    const create = vi.fn(async () => ({ invoiceId: 'inv-1' }));
    const actor = createActor(
      checkoutMachine.provide({ actors: { createInvoice: fromPromise(() => create()) }, actions: { openInvoice: () => {}, notifyFailure: () => {} } }),
      { input: { currentLevel: 2 } },
    ).start();
    actor.send({ type: 'tariff.buy', productId: 'basic', level: 1, cycle: 'monthly' });
    expect(actor.getSnapshot().value).toBe('confirmingDowngrade');
    actor.send({ type: 'downgrade.cancel' });
    expect(actor.getSnapshot().context).toMatchObject({ productId: null, cycle: null });
    expect(create).not.toHaveBeenCalled();
    actor.send({ type: 'tariff.buy', productId: 'pro', level: 2, cycle: 'monthly' });
    expect(actor.getSnapshot().value).toBe('creating');
    await waitFor(actor, (s) => s.status === 'done');
    const again = createActor(
      checkoutMachine.provide({ actors: { createInvoice: fromPromise(() => create()) }, actions: { openInvoice: () => {}, notifyFailure: () => {} } }),
      { input: { currentLevel: 2 } },
    ).start();
    again.send({ type: 'tariff.buy', productId: 'basic', level: 1, cycle: 'monthly' });
    again.send({ type: 'downgrade.confirm' });
    await waitFor(again, (s) => s.status === 'done');
    expect(create).toHaveBeenCalledTimes(2);
  });
});

describe('upgrade', () => {
  it('stays closed until Upgrade, prices, prices again for another cycle, and checks out the quoted upgrade', async () => {
    const price = vi.fn(async (input: { cycle: BillingCycle | null }): Promise<UpgradeQuoteOutcome> => ({ ok: true, value: quote(input.cycle ?? 'monthly') }));
    const checkout = vi.fn(async (): Promise<UpgradeCheckoutOutcome> => ({ ok: true, value: { invoiceId: 'inv-9' } }));
    const openInvoice = vi.fn(() => {});
    const actor = createActor(
      upgradeMachine.provide({
        actors: { priceUpgrade: fromPromise(({ input }) => price(input)), checkout: fromPromise(() => checkout()) },
        actions: { openInvoice, notifyFailure: () => {} },
      }),
    ).start();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(price).not.toHaveBeenCalled();
    actor.send({ type: 'dialog.open', purchaseUuid: 'p-1', targetUuid: 'pro' });
    await waitFor(actor, (s) => s.matches({ open: 'reviewing' }));
    expect(price).toHaveBeenLastCalledWith({ purchaseUuid: 'p-1', targetUuid: 'pro', cycle: null });
    actor.send({ type: 'cycle.change', cycle: 'monthly' });
    expect(actor.getSnapshot().matches({ open: 'reviewing' })).toBe(true);
    actor.send({ type: 'cycle.change', cycle: 'annually' });
    await waitFor(actor, (s) => s.matches({ open: 'reviewing' }));
    expect(price).toHaveBeenLastCalledWith({ purchaseUuid: 'p-1', targetUuid: 'pro', cycle: 'annually' });
    expect(actor.getSnapshot().context.quote?.newPrice).toBe('490.00');
    actor.send({ type: 'upgrade.confirm' });
    await waitFor(actor, (s) => s.matches({ open: 'paying' }));
    expect(checkout).toHaveBeenCalledTimes(1);
    expect(openInvoice).toHaveBeenCalledTimes(1);
  });

  it('an upgrade that went away ends in unavailable with the reason; a network failure may be retried; each tells the notifier', async () => {
    let calls = 0;
    const notifyFailure = vi.fn();
    const actor = createActor(
      upgradeMachine.provide({
        actors: {
          priceUpgrade: fromPromise(async (): Promise<UpgradeQuoteOutcome> => {
            calls += 1;
            if (calls === 1) throw { code: 'network' };
            return { ok: true, value: quote() };
          }),
          checkout: fromPromise(async (): Promise<UpgradeCheckoutOutcome> => ({ ok: false, reason: 'PurchaseNotFound', error: { code: 'server', reason: 'PurchaseNotFound' } })),
        },
        actions: { openInvoice: () => {}, notifyFailure },
      }),
    ).start();
    actor.send({ type: 'dialog.open', purchaseUuid: 'p-1', targetUuid: null });
    await waitFor(actor, (s) => s.matches({ open: 'pricingFailed' }));
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches({ open: 'reviewing' }));
    actor.send({ type: 'upgrade.confirm' });
    await waitFor(actor, (s) => s.matches({ open: 'unavailable' }));
    expect(actor.getSnapshot().context.error?.reason).toBe('PurchaseNotFound');
    expect(notifyFailure.mock.calls.map(([{ event }]) => event.type)).toEqual(['xstate.error.actor.priceUpgrade', 'xstate.done.actor.checkout']);
    // It only closes; opened again, it starts afresh.
    actor.send({ type: 'upgrade.confirm' });
    expect(actor.getSnapshot().matches({ open: 'unavailable' })).toBe(true);
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'dialog.open', purchaseUuid: 'p-1', targetUuid: 'pro' });
    expect(actor.getSnapshot().context).toMatchObject({ targetUuid: 'pro', quote: null, error: null, cycle: null });
    await waitFor(actor, (s) => s.matches({ open: 'reviewing' }));
  });
});

describe('subscription', () => {
  it('activates monthly by default, or changes a running one, with the chosen period', async () => {
    const activate = vi.fn(async (_input: { period: string }): Promise<ActivateSubscriptionOutcome> => ({ ok: true, value: { invoiceId: 'inv-s' } }));
    const openInvoice = vi.fn(() => {});
    const logic = subscriptionMachine.provide({ actors: { activate: fromPromise(({ input }) => activate(input)) }, actions: { openInvoice, notifyFailure: () => {} } });
    const actor = createActor(logic).start();
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'dialog.open', active: false });
    expect(actor.getSnapshot().context).toMatchObject({ type: 'activate', period: 'monthly' });
    actor.send({ type: 'period.change', period: 'annual' });
    actor.send({ type: 'dialog.close' });
    actor.send({ type: 'dialog.open', active: true });
    expect(actor.getSnapshot().context).toMatchObject({ type: 'change', period: 'monthly' });
    actor.send({ type: 'period.change', period: 'quarterly' });
    actor.send({ type: 'subscription.submit' });
    await waitFor(actor, (s) => s.matches({ open: 'paying' }));
    expect(activate).toHaveBeenCalledTimes(1);
    expect(activate).toHaveBeenCalledWith({ period: 'quarterly' });
    expect(openInvoice).toHaveBeenCalledTimes(1);
  });

  it('a refusal goes to the notifier and the modal keeps the period', async () => {
    const notifyFailure = vi.fn();
    const actor = createActor(
      subscriptionMachine.provide({
        actors: {
          activate: fromPromise(async (): Promise<ActivateSubscriptionOutcome> => ({ ok: false, reason: 'NotTenantOwner', error: { code: 'server', reason: 'NotTenantOwner' } })),
        },
        actions: { openInvoice: () => {}, notifyFailure },
      }),
    ).start();
    actor.send({ type: 'dialog.open', active: false });
    actor.send({ type: 'period.change', period: 'annual' });
    actor.send({ type: 'subscription.submit' });
    await waitFor(actor, (s) => s.matches({ open: 'choosing' }) && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ period: 'annual', error: { reason: 'NotTenantOwner' } });
    expect(notifyFailure).toHaveBeenCalledTimes(1);
  });
});
