import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { invoicePaymentMachine } from '../../machines/payments/invoice-payment.machine';
import type { InvoicePaymentActors } from '../../machines/payments/invoice-payment.types';
import { selectOutcome, selectStep } from '../../machines/payments/invoice-payment.selectors';
import type { InvoiceState } from '../../machines/payments/payments.types';
import { exchangeRateLock, invoicePoll } from '../../domain/timing';
import { cents } from '../../domain/money';
import { selectBalance, selectDue, selectDueFee, selectPriceOf, selectShortfall } from '../../machines/payments/invoice-payment.selectors';
import {
  cryptoPayment,
  enoughBalance,
  invoiceWithFee,
  paidInvoice,
  paidLateInvoice,
  paymentOptions,
  reportedInvoice,
  shortBalance,
  shortInvoice,
  unpaidInvoice,
} from '../models/payments-fixtures';

type IO<K extends keyof InvoicePaymentActors> = InvoicePaymentActors[K];
type Answer<K extends keyof InvoicePaymentActors> = (input: InvoicePaymentActors[K]['input']) => Promise<InvoicePaymentActors[K]['output']>;

function startPayment(
  answers: {
    polls?: InvoiceState[];
    payFromBalance?: Answer<'payFromBalance'>;
    createTransaction?: Answer<'createTransaction'>;
    reportTransfer?: Answer<'reportTransfer'>;
    /** The invoice the dialog loads (unpaid, no gateway yet, unless given). */
    loaded?: InvoiceState;
    /** The balance available in the invoice's currency as the dialog opens (enough unless given). */
    balance?: string;
    /** The balance read again after a deposit. */
    balanceAfterDeposit?: string;
    /** How the deposit opened for the payment ends. */
    deposit?: Answer<'deposit'>;
  } = {},
  { openAtOnce = true }: { openAtOnce?: boolean } = {},
) {
  const clock = new SimulatedClock();
  const calls = {
    load: vi.fn(),
    poll: vi.fn(),
    pay: vi.fn<(input: InvoicePaymentActors['payFromBalance']['input']) => void>(),
    create: vi.fn<(input: InvoicePaymentActors['createTransaction']['input']) => void>(),
    finishPaid: vi.fn(),
    report: vi.fn<(input: InvoicePaymentActors['reportTransfer']['input']) => void>(),
    notifyFailure: vi.fn(),
    deposit: vi.fn<(input: InvoicePaymentActors['deposit']['input']) => void>(),
    loadBalance: vi.fn(),
  };
  let poll = 0;
  const polls = answers.polls ?? [invoiceWithFee];
  const actor = createActor(
    invoicePaymentMachine.provide({
      actors: {
        loadPayment: fromPromise<IO<'loadPayment'>['output'], IO<'loadPayment'>['input']>(async () => {
          calls.load();
          return { ok: true as const, value: { invoice: answers.loaded ?? unpaidInvoice, options: paymentOptions, balance: answers.balance ?? enoughBalance } };
        }),
        fetchInvoice: fromPromise<IO<'fetchInvoice'>['output'], IO<'fetchInvoice'>['input']>(async () => {
          calls.poll();
          return polls[Math.min(poll++, polls.length - 1)]!;
        }),
        setGateway: fromPromise<IO<'setGateway'>['output'], IO<'setGateway'>['input']>(async () => ({ ok: true as const, value: invoiceWithFee })),
        payFromBalance: fromPromise<IO<'payFromBalance'>['output'], IO<'payFromBalance'>['input']>(async ({ input }) => {
          calls.pay(input);
          return (answers.payFromBalance ?? (async () => ({ ok: true as const, value: undefined })))(input);
        }),
        createTransaction: fromPromise<IO<'createTransaction'>['output'], IO<'createTransaction'>['input']>(async ({ input }) => {
          calls.create(input);
          return (answers.createTransaction ?? (async () => ({ ok: true as const, value: { transaction: cryptoPayment, invoice: invoiceWithFee } })))(input);
        }),
        fetchLink: fromPromise<IO<'fetchLink'>['output'], IO<'fetchLink'>['input']>(async () => ({ ok: true as const, value: { link: 'https://sandbox.example/pay', invoice: invoiceWithFee } })),
        reportTransfer: fromPromise<IO<'reportTransfer'>['output'], IO<'reportTransfer'>['input']>(async ({ input }) => {
          calls.report(input);
          return (answers.reportTransfer ?? (async () => ({ ok: true as const, value: reportedInvoice })))(input);
        }),
        loadBalance: fromPromise<IO<'loadBalance'>['output'], IO<'loadBalance'>['input']>(async () => {
          calls.loadBalance();
          return answers.balanceAfterDeposit ?? enoughBalance;
        }),
        deposit: fromPromise<IO<'deposit'>['output'], IO<'deposit'>['input']>(async ({ input }) => {
          calls.deposit(input);
          return (answers.deposit ?? (async () => ({ paid: true })))(input);
        }),
        watchPage: fromCallback(() => {}),
      },
      actions: { finishPaid: (_, params) => calls.finishPaid(params), notifyFailure: () => calls.notifyFailure() },
    }),
    { input: { invoiceId: '41', keyPrefix: 'dialog-1', openAtOnce }, clock },
  ).start();
  const tick = async (ms: number) => {
    clock.increment(ms);
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { actor, calls, tick, clock };
}

async function toCryptoAddress(run: ReturnType<typeof startPayment>) {
  await run.tick(0);
  run.actor.send({ type: 'method.select', method: 'coinpayments' });
  run.actor.send({ type: 'method.continue' });
  run.actor.send({ type: 'coin.select', coin: 'USDT.TRC20' });
  run.actor.send({ type: 'coin.continue' });
  await run.tick(0);
}

describe('invoice payment', () => {
  it("tells each method's fee and total and the balance available before a choice", async () => {
    const run = startPayment();
    await run.tick(0);
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.context.method).toBeNull();
    expect(selectPriceOf('coinpayments')(snapshot)).toMatchObject({ fees: '0.25', total: '50.15' });
    expect(selectPriceOf('balance')(snapshot)).toMatchObject({ fees: '0.00', total: '49.90' });
    expect(selectBalance(snapshot)).toBe(enoughBalance);
    run.actor.send({ type: 'method.select', method: 'balance' });
    expect(selectShortfall(run.actor.getSnapshot())).toBeNull();
  });

  it('a short balance is said with a Deposit of what it lacks; once the deposit is paid the balance is read again and Pay from it goes through', async () => {
    const run = startPayment({ balance: shortBalance, balanceAfterDeposit: '50.00' });
    await run.tick(0);
    run.actor.send({ type: 'method.select', method: 'balance' });
    expect(selectShortfall(run.actor.getSnapshot())).toBe('19.9');
    // Pay sends nothing while the balance is short.
    run.actor.send({ type: 'method.continue' });
    await run.tick(0);
    expect(run.calls.pay).not.toHaveBeenCalled();
    run.actor.send({ type: 'deposit.start' });
    expect(selectStep(run.actor.getSnapshot())).toBe('deposit');
    await run.tick(0);
    // The deposit asks for the shortfall in whole units (at least the minimum), in the invoice's currency.
    expect(run.calls.deposit).toHaveBeenCalledWith({
      currencies: ['USDT'],
      defaultCurrency: 'USDT',
      keyPrefix: 'dialog-1:deposit-1',
      forPayment: { amount: '20' },
    });
    expect(run.calls.loadBalance).toHaveBeenCalledOnce();
    const back = run.actor.getSnapshot();
    expect(selectStep(back)).toBe('method');
    expect(back.context.method).toBe('balance');
    expect(selectShortfall(back)).toBeNull();
    run.actor.send({ type: 'method.continue' });
    await run.tick(0);
    expect(run.calls.pay).toHaveBeenCalledOnce();
    expect(run.calls.finishPaid).toHaveBeenCalledWith({ tag: 'INV-0041' });
  });

  it('a deposit closed before it was paid comes back to the method step, still short; a second deposit has keys of its own', async () => {
    const run = startPayment({ balance: shortBalance, deposit: async () => ({ paid: false }) });
    await run.tick(0);
    run.actor.send({ type: 'method.select', method: 'balance' });
    run.actor.send({ type: 'deposit.start' });
    await run.tick(0);
    expect(selectStep(run.actor.getSnapshot())).toBe('method');
    expect(run.calls.loadBalance).not.toHaveBeenCalled();
    expect(selectShortfall(run.actor.getSnapshot())).toBe('19.9');
    run.actor.send({ type: 'deposit.start' });
    await run.tick(0);
    expect(run.calls.deposit.mock.calls.map(([input]) => input.keyPrefix)).toEqual(['dialog-1:deposit-1', 'dialog-1:deposit-2']);
  });

  it("opens on the invoice's gateway: To pay is the invoice page's amount due, naming that gateway's fee", async () => {
    const run = startPayment({ loaded: { ...invoiceWithFee, gateway: 'bank_transfer' } });
    await run.tick(0);
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.context.method).toBe('bank_transfer');
    expect(selectDue(snapshot)).toBe('50.90');
    expect(selectDueFee(snapshot)).toBe('1.00');
    run.actor.send({ type: 'method.select', method: 'balance' });
    expect(cents(selectDue(run.actor.getSnapshot())!)).toBe('49.90');
    expect(selectDueFee(run.actor.getSnapshot())).toBeNull();
  });

  it('I paid on the bank details reports the transfer; a failed report goes to the notifier and stays on the details', async () => {
    let fail = true;
    const run = startPayment({
      reportTransfer: async () => {
        if (fail) throw new Error('offline');
        return { ok: true as const, value: reportedInvoice };
      },
    });
    await run.tick(0);
    run.actor.send({ type: 'method.select', method: 'bank_transfer' });
    run.actor.send({ type: 'method.continue' });
    await run.tick(0);
    run.actor.send({ type: 'transfer.select', method: 'card' });
    run.actor.send({ type: 'payment.sent' });
    await run.tick(0);
    expect(run.calls.report).toHaveBeenLastCalledWith({ invoiceId: '41', transferMethod: 'card' });
    expect(run.calls.notifyFailure).toHaveBeenCalledTimes(1);
    expect(run.actor.getSnapshot().matches({ open: { paying: { steps: 'bankDetails' } } })).toBe(true);
    fail = false;
    run.actor.send({ type: 'payment.sent' });
    await run.tick(0);
    expect(selectStep(run.actor.getSnapshot())).toBe('waiting');
    expect(run.actor.getSnapshot().context.transferReportedAt).toBe(reportedInvoice.transferReportedAt);
  });

  it('after a reported transfer, paying by another method is confirmed first; Back keeps waiting, the bank transfer needs no confirmation', async () => {
    const run = startPayment({ loaded: reportedInvoice });
    await run.tick(0);
    run.actor.send({ type: 'method.select', method: 'balance' });
    run.actor.send({ type: 'method.continue' });
    expect(selectStep(run.actor.getSnapshot())).toBe('confirm');
    expect(run.calls.pay).not.toHaveBeenCalled();
    run.actor.send({ type: 'step.back' });
    expect(selectStep(run.actor.getSnapshot())).toBe('method');
    run.actor.send({ type: 'method.select', method: 'bank_transfer' });
    run.actor.send({ type: 'method.continue' });
    await run.tick(0);
    expect(run.actor.getSnapshot().matches({ open: { paying: { steps: 'bankDetails' } } })).toBe(true);
    run.actor.send({ type: 'step.back' });
    run.actor.send({ type: 'method.select', method: 'balance' });
    run.actor.send({ type: 'method.continue' });
    run.actor.send({ type: 'payment.confirmAnother' });
    await run.tick(0);
    expect(run.calls.pay).toHaveBeenCalledTimes(1);
    expect(run.calls.finishPaid).toHaveBeenCalledTimes(1);
  });

  it('stays closed until Pay; each opening starts afresh, and an unspent key is sent again by the same attempt', async () => {
    let fail = true;
    const run = startPayment(
      {
        payFromBalance: async () => {
          if (fail) {
            fail = false;
            throw { code: 'network' };
          }
          return { ok: true, value: undefined };
        },
      },
      { openAtOnce: false },
    );
    await run.tick(invoicePoll);
    expect(run.actor.getSnapshot().value).toBe('closed');
    expect(run.calls.load).not.toHaveBeenCalled();
    expect(run.calls.poll).not.toHaveBeenCalled();
    run.actor.send({ type: 'dialog.open' });
    await run.tick(0);
    expect(selectStep(run.actor.getSnapshot())).toBe('method');
    run.actor.send({ type: 'method.select', method: 'balance' });
    run.actor.send({ type: 'method.continue' });
    await run.tick(0);
    expect(run.actor.getSnapshot().context.error).toEqual({ code: 'network' });
    run.actor.send({ type: 'dialog.close' });
    expect(run.actor.getSnapshot().value).toBe('closed');
    // No polls while closed.
    await run.tick(3 * invoicePoll);
    expect(run.calls.poll).not.toHaveBeenCalled();
    run.actor.send({ type: 'dialog.open' });
    expect(run.actor.getSnapshot().context).toMatchObject({ invoice: null, method: null, error: null, notice: null });
    await run.tick(0);
    expect(run.calls.load).toHaveBeenCalledTimes(2);
    run.actor.send({ type: 'method.select', method: 'balance' });
    run.actor.send({ type: 'method.continue' });
    await run.tick(0);
    expect(run.calls.pay.mock.calls.map(([input]) => input.idempotencyKey)).toEqual(['dialog-1:1', 'dialog-1:1']);
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.calls.finishPaid).toHaveBeenCalledWith({ tag: 'INV-0041' });
  });

  it('asks to choose a gateway, then a currency, before going on', async () => {
    const run = startPayment();
    await run.tick(0);
    run.actor.send({ type: 'method.continue' });
    expect(run.actor.getSnapshot().context.notice).toBe('chooseGateway');
    run.actor.send({ type: 'method.select', method: 'coinpayments' });
    run.actor.send({ type: 'method.continue' });
    run.actor.send({ type: 'coin.continue' });
    expect(run.actor.getSnapshot().context.notice).toBe('chooseCurrency');
    expect(selectStep(run.actor.getSnapshot())).toBe('currency');
  });

  it('polls the invoice every 5 s while the dialog is open, not while the tab is hidden, and once when shown', async () => {
    const run = startPayment();
    await run.tick(0);
    await run.tick(invoicePoll - 1);
    expect(run.calls.poll).not.toHaveBeenCalled();
    await run.tick(1);
    expect(run.calls.poll).toHaveBeenCalledTimes(1);
    await run.tick(invoicePoll);
    expect(run.calls.poll).toHaveBeenCalledTimes(2);
    run.actor.send({ type: 'page.hidden' });
    await run.tick(10 * invoicePoll);
    expect(run.calls.poll).toHaveBeenCalledTimes(2);
    run.actor.send({ type: 'page.visible' });
    await run.tick(0);
    expect(run.calls.poll).toHaveBeenCalledTimes(3);
  });

  it('retries a payment from the balance with the same idempotency key, and a new attempt gets a new one', async () => {
    let fail = true;
    const run = startPayment({
      payFromBalance: async () => {
        if (fail) {
          fail = false;
          throw { code: 'network' };
        }
        return { ok: true, value: undefined };
      },
    });
    await run.tick(0);
    run.actor.send({ type: 'method.select', method: 'balance' });
    run.actor.send({ type: 'method.continue' });
    await run.tick(0);
    expect(run.actor.getSnapshot().context.error).toEqual({ code: 'network' });
    run.actor.send({ type: 'method.continue' });
    await run.tick(0);
    expect(run.calls.pay.mock.calls.map(([input]) => input.idempotencyKey)).toEqual(['dialog-1:1', 'dialog-1:1']);
    expect(run.calls.finishPaid).toHaveBeenCalledWith({ tag: 'INV-0041' });
    expect(run.actor.getSnapshot().output).toEqual({ tag: 'INV-0041', late: false });
  });

  it('keeps the money where it is on insufficient balance, with the reason to show', async () => {
    const run = startPayment({
      payFromBalance: async () => ({
        ok: false,
        reason: 'InsufficientBalance',
        error: { code: 'server', reason: 'InsufficientBalance', message: 'Insufficient balance for an invoice.' },
      }),
    });
    await run.tick(0);
    run.actor.send({ type: 'method.select', method: 'balance' });
    run.actor.send({ type: 'method.continue' });
    await run.tick(0);
    expect(selectStep(run.actor.getSnapshot())).toBe('method');
    expect(run.actor.getSnapshot().context.error?.reason).toBe('InsufficientBalance');
    expect(run.calls.finishPaid).not.toHaveBeenCalled();
  });

  it('counts the 15-minute rate lock down from a deadline on the flow clock, then offers a new address', async () => {
    const run = startPayment();
    run.clock.set(1_000_000);
    await toCryptoAddress(run);
    const { context } = run.actor.getSnapshot();
    expect(context.deadline).toBe(1_000_000 + exchangeRateLock);
    expect(run.calls.create.mock.calls[0]![0]).toMatchObject({ module: 'coinpayments', coin: 'USDT.TRC20', idempotencyKey: 'dialog-1:1' });
    run.actor.send({ type: 'page.hidden' });
    await run.tick(exchangeRateLock - 1);
    expect(selectStep(run.actor.getSnapshot())).toBe('details');
    await run.tick(1);
    expect(selectOutcome(run.actor.getSnapshot())).toBe('expired');
    run.actor.send({ type: 'transaction.renew' });
    await run.tick(0);
    expect(run.calls.create.mock.calls[1]![0].idempotencyKey).toBe('dialog-1:2');
    expect(run.actor.getSnapshot().context.deadline).toBe(1_000_000 + 2 * exchangeRateLock);
  });

  it('a short payment shows what is still due; paying the difference makes a new transaction; paid goes on', async () => {
    const run = startPayment({ polls: [shortInvoice, shortInvoice, paidInvoice] });
    await toCryptoAddress(run);
    run.actor.send({ type: 'payment.sent' });
    await run.tick(invoicePoll);
    expect(selectOutcome(run.actor.getSnapshot())).toBe('paidShort');
    expect(run.actor.getSnapshot().context.invoice?.amountDue).toBe('10.90');
    run.actor.send({ type: 'difference.pay' });
    await run.tick(0);
    expect(run.calls.create.mock.calls.map(([input]) => input.idempotencyKey)).toEqual(['dialog-1:1', 'dialog-1:2']);
    // The same short invoice polled again is no new short payment.
    await run.tick(invoicePoll);
    expect(selectStep(run.actor.getSnapshot())).toBe('details');
    await run.tick(invoicePoll);
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.calls.finishPaid).toHaveBeenCalledTimes(1);
  });

  it('a late payment that covers the invoice is paid (late), not expired', async () => {
    const run = startPayment({ polls: [paidLateInvoice] });
    await toCryptoAddress(run);
    run.actor.send({ type: 'page.hidden' });
    await run.tick(exchangeRateLock);
    expect(selectOutcome(run.actor.getSnapshot())).toBe('expired');
    run.actor.send({ type: 'page.visible' });
    await run.tick(0);
    expect(selectOutcome(run.actor.getSnapshot())).toBe('paidLate');
    expect(run.actor.getSnapshot().output).toEqual({ tag: 'INV-0041', late: true });
  });
});
