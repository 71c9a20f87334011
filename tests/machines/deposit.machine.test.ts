import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { depositMachine } from '../../machines/payments/deposit.machine';
import type { DepositOutcome, DepositRequest } from '../../machines/payments/deposit.types';
import { invoicePaymentMachine } from '../../machines/payments/invoice-payment.machine';
import type { InvoicePaymentActors } from '../../machines/payments/invoice-payment.types';
import { depositInput } from '../models/deposit.model';
import { paymentOptions, unpaidInvoice } from '../models/payments-fixtures';

type IO<K extends keyof InvoicePaymentActors> = InvoicePaymentActors[K];

/** The deposit's payment: the invoice loads, the balance pays it (a deposit would take a gateway; the flow is the same). */
function depositPayment() {
  const calls = { load: vi.fn<(input: IO<'loadPayment'>['input']) => void>(), pay: vi.fn<(input: IO<'payFromBalance'>['input']) => void>(), finishPaid: vi.fn() };
  const logic = invoicePaymentMachine.provide({
    actors: {
      loadPayment: fromPromise<IO<'loadPayment'>['output'], IO<'loadPayment'>['input']>(async ({ input }) => {
        calls.load(input);
        return { ok: true, value: { invoice: { ...unpaidInvoice, id: input.invoiceId, tag: 'INV-0077' }, options: paymentOptions, balance: '100.00' } };
      }),
      fetchInvoice: fromPromise<IO<'fetchInvoice'>['output'], IO<'fetchInvoice'>['input']>(async () => unpaidInvoice),
      payFromBalance: fromPromise<IO<'payFromBalance'>['output'], IO<'payFromBalance'>['input']>(async ({ input }) => {
        calls.pay(input);
        return { ok: true, value: undefined };
      }),
      watchPage: fromCallback(() => {}),
    },
    actions: { finishPaid: (_, params) => calls.finishPaid(params) },
  });
  return { logic, calls };
}

function startDeposit(answer: (request: DepositRequest) => Promise<DepositOutcome>, input = depositInput()) {
  const calls = vi.fn<(request: DepositRequest) => void>();
  const notified = vi.fn();
  const payment = depositPayment();
  const actor = createActor(
    depositMachine.provide({
      actors: {
        depositFunds: fromPromise<DepositOutcome, DepositRequest>(async ({ input }) => {
          calls(input);
          return answer(input);
        }),
        payment: payment.logic,
      },
      actions: { notifyFailure: () => notified(), saveAmountDraft: () => {}, clearAmountDraft: () => {} },
    }),
    { input },
  ).start();
  if (!input.forPayment) actor.send({ type: 'dialog.open', hasWallets: true, fiatCurrencies: [] });
  const type = (value: string) => actor.send({ type: 'amount.change', value });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, calls, notified, payment: payment.calls, type, flush };
}

describe('deposit', () => {
  it('stays closed until Deposit; the currency is chosen only when the member has wallets', () => {
    const actor = createActor(depositMachine, { input: depositInput() }).start();
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'dialog.open', hasWallets: false, fiatCurrencies: [] });
    expect(actor.getSnapshot().context).toMatchObject({ currencies: [], currency: 'USDT' });
    actor.send({ type: 'currency.select', currency: 'EUR' });
    expect(actor.getSnapshot().context.currency).toBe('USDT');
    actor.send({ type: 'dialog.close' });
    actor.send({ type: 'dialog.open', hasWallets: true, fiatCurrencies: [] });
    expect(actor.getSnapshot().context).toMatchObject({ currencies: ['USDT', 'EUR'], currency: 'USDT' });
  });

  it("with wallets, offers the currencies of the member's fiat wallets that the tenant takes (the tenant's when none is)", () => {
    const actor = createActor(depositMachine, { input: depositInput({ currencies: ['USDT', 'EUR', 'USD'] }) }).start();
    // USDT is the tenant's own but a crypto wallet's; GBP is fiat but not the tenant's.
    actor.send({ type: 'dialog.open', hasWallets: true, fiatCurrencies: ['EUR', 'GBP'] });
    expect(actor.getSnapshot().context).toMatchObject({ currencies: ['EUR'], currency: 'EUR' });
    actor.send({ type: 'currency.select', currency: 'USDT' });
    expect(actor.getSnapshot().context.currency).toBe('EUR');
    actor.send({ type: 'dialog.close' });
    actor.send({ type: 'dialog.open', hasWallets: true, fiatCurrencies: [] });
    expect(actor.getSnapshot().context).toMatchObject({ currencies: ['USDT', 'EUR', 'USD'], currency: 'USDT' });
  });

  it("a deposit for an invoice's payment opens at once with the amount it needs, and ends paid (or unpaid when closed)", async () => {
    const forPayment = depositInput({ currencies: ['USDT'], forPayment: { amount: '20' } });
    const { actor, calls, payment, flush } = startDeposit(async () => ({ ok: true, value: { invoiceId: '77' } }), forPayment);
    expect(actor.getSnapshot().context).toMatchObject({ amount: '20', currency: 'USDT', currencies: [] });
    actor.send({ type: 'deposit.submit' });
    await flush();
    expect(calls).toHaveBeenCalledWith({ amount: '20', currency: 'USDT', idempotencyKey: 'deposit-1:1' });
    const child = actor.getSnapshot().children.payment!;
    child.send({ type: 'method.select', method: 'balance' });
    child.send({ type: 'method.continue' });
    await flush();
    expect(payment.finishPaid).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ paid: true });

    const closed = startDeposit(async () => ({ ok: true, value: { invoiceId: '78' } }), forPayment);
    closed.actor.send({ type: 'dialog.close' });
    expect(closed.actor.getSnapshot().output).toEqual({ paid: false });
  });

  it('takes digits and one decimal point, 5 characters at most, no leading zero', () => {
    const { actor, type } = startDeposit(async () => ({ ok: true, value: { invoiceId: '1' } }));
    for (const [typed, kept] of [
      ['1', '1'],
      ['12.5', '12.5'],
      ['12.5.', '12.5'],
      ['0', '12.5'],
      ['012', '12.5'],
      ['12a', '12.5'],
      ['123456', '12.5'],
      ['50000', '50000'],
      ['', ''],
    ] as const) {
      type(typed);
      expect(actor.getSnapshot().context.amount).toBe(kept);
    }
  });

  it('refuses an amount outside 10-50000 before asking the server', () => {
    const { actor, calls, type } = startDeposit(async () => ({ ok: true, value: { invoiceId: '1' } }));
    actor.send({ type: 'deposit.submit' });
    expect(actor.getSnapshot().context.amountError).toBe('required');
    type('5');
    actor.send({ type: 'deposit.submit' });
    expect(actor.getSnapshot().context.amountError).toBe('min');
    type('50001');
    actor.send({ type: 'deposit.submit' });
    expect(actor.getSnapshot().context.amountError).toBe('max');
    expect(calls).not.toHaveBeenCalled();
  });

  it('tries the same deposit again with the same key, also after closing and opening the dialog again', async () => {
    let failing = true;
    const { actor, calls, notified, type, flush } = startDeposit(async () => {
      if (failing) {
        failing = false;
        throw { code: 'network' };
      }
      return { ok: true, value: { invoiceId: '77' } };
    });
    type('100');
    actor.send({ type: 'currency.select', currency: 'EUR' });
    actor.send({ type: 'deposit.submit' });
    await flush();
    expect(actor.getSnapshot().context.error).toEqual({ code: 'network' });
    // The failed call's message goes to the notifier (calls §8).
    expect(notified).toHaveBeenCalledTimes(1);
    actor.send({ type: 'dialog.close' });
    actor.send({ type: 'dialog.open', hasWallets: true, fiatCurrencies: [] });
    expect(actor.getSnapshot().context).toMatchObject({ amount: '', currency: 'USDT', error: null });
    type('100');
    actor.send({ type: 'currency.select', currency: 'EUR' });
    actor.send({ type: 'deposit.submit' });
    await flush();
    expect(calls.mock.calls.map(([request]) => request)).toEqual([
      { amount: '100', currency: 'EUR', idempotencyKey: 'deposit-1:1' },
      { amount: '100', currency: 'EUR', idempotencyKey: 'deposit-1:1' },
    ]);
    expect(actor.getSnapshot().matches({ open: 'paying' })).toBe(true);
    expect(actor.getSnapshot().context.invoiceId).toBe('77');
  });

  it('continues into its payment as a child flow; once paid, the success stays until the dialog closes', async () => {
    const { actor, payment, type, flush } = startDeposit(async () => ({ ok: true, value: { invoiceId: '77' } }));
    type('100');
    actor.send({ type: 'deposit.submit' });
    await flush();
    const child = actor.getSnapshot().children.payment!;
    // The payment opens at once for the deposit's invoice, with keys of its own.
    expect(payment.load).toHaveBeenCalledWith({ invoiceId: '77' });
    expect(child.getSnapshot().matches({ open: 'paying' })).toBe(true);
    child.send({ type: 'method.select', method: 'balance' });
    child.send({ type: 'method.continue' });
    await flush();
    expect(payment.pay).toHaveBeenCalledWith({ invoiceId: '77', idempotencyKey: 'deposit-1:77:1' });
    expect(payment.finishPaid).toHaveBeenCalledWith({ tag: 'INV-0077' });
    expect(actor.getSnapshot().matches({ open: { paying: 'paid' } })).toBe(true);
    // The paid payment stays to be shown (its invoice's tag) until the member closes the dialog.
    expect(actor.getSnapshot().children.payment?.getSnapshot().context.invoice?.tag).toBe('INV-0077');
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().children.payment).toBeUndefined();
  });

  it('a refused amount (AmountOutOfRange) keeps what was typed, with the reason', async () => {
    const { actor, type, flush } = startDeposit(async () => ({
      ok: false,
      reason: 'AmountOutOfRange',
      error: { code: 'validation', reason: 'AmountOutOfRange', message: 'The amount must be at least 10 EUR.' },
    }));
    type('10');
    actor.send({ type: 'deposit.submit' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ open: 'editing' });
    expect(actor.getSnapshot().context).toMatchObject({ amount: '10', error: { reason: 'AmountOutOfRange' } });
  });

  it('opens the first time with the amount a member typed before their session expired, keeps what they type, and forgets it once deposited', async () => {
    const saved: string[] = [];
    const cleared = vi.fn();
    const actor = createActor(
      depositMachine.provide({
        actors: {
          depositFunds: fromPromise<DepositOutcome, DepositRequest>(async () => ({ ok: true, value: { invoiceId: '9' } })),
          payment: depositPayment().logic,
        },
        actions: {
          notifyFailure: () => {},
          saveAmountDraft: ({ context }) => void saved.push(context.amount),
          clearAmountDraft: () => cleared(),
        },
      }),
      { input: { ...depositInput(), draftAmount: '250' } },
    ).start();
    actor.send({ type: 'dialog.open', hasWallets: false, fiatCurrencies: [] });
    expect(actor.getSnapshot().context.amount).toBe('250');
    actor.send({ type: 'amount.change', value: '300' });
    expect(saved).toEqual(['300']);
    actor.send({ type: 'dialog.close' });
    actor.send({ type: 'dialog.open', hasWallets: false, fiatCurrencies: [] });
    expect(actor.getSnapshot().context.amount).toBe('');
    actor.send({ type: 'amount.change', value: '300' });
    actor.send({ type: 'deposit.submit' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cleared).toHaveBeenCalledTimes(1);
  });
});
