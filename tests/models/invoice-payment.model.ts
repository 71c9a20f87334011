import { depositMachine } from '../../machines/payments/deposit.machine';
import type { DepositOutput } from '../../machines/payments/deposit.types';
import { invoicePaymentMachine } from '../../machines/payments/invoice-payment.machine';
import type {
  InvoicePaymentContext,
  InvoicePaymentEvent,
  LoadPaymentOutcome,
  PayFromBalanceOutcome,
} from '../../machines/payments/invoice-payment.types';
import { balanceShortfall, hasShortPayment, methodKind } from '../../machines/payments/payment-rules';
import type {
  CreateTransactionOutcome,
  InvoiceState,
  PaymentLinkOutcome,
  ReportTransferOutcome,
  SetGatewayOutcome,
} from '../../machines/payments/payments.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import {
  canceledInvoice,
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
} from './payments-fixtures';

const gatewayUnavailable = failure({
  code: 'server',
  reason: 'GatewayUnavailable',
  message: 'This payment gateway is temporarily unavailable.',
});

export const invoicePaymentFixtures = {
  'method.select': [
    { type: 'method.select', method: 'balance' },
    { type: 'method.select', method: 'coinpayments' },
    { type: 'method.select', method: 'payport' },
    { type: 'method.select', method: 'bank_transfer' },
  ],
  'method.continue': [{ type: 'method.continue' }],
  'coin.select': [{ type: 'coin.select', coin: 'USDT.TRC20' }],
  'coin.continue': [{ type: 'coin.continue' }],
  'step.back': [{ type: 'step.back' }],
  'payment.sent': [{ type: 'payment.sent' }],
  'payment.confirmAnother': [{ type: 'payment.confirmAnother' }],
  'transfer.select': [{ type: 'transfer.select', method: 'account' }],
  'deposit.start': [{ type: 'deposit.start' }],
  'transaction.renew': [{ type: 'transaction.renew' }],
  'transaction.retry': [{ type: 'transaction.retry' }],
  'difference.pay': [{ type: 'difference.pay' }],
  'load.retry': [{ type: 'load.retry' }],
  'page.hidden': [{ type: 'page.hidden' }],
  'page.visible': [{ type: 'page.visible' }],
  'dialog.open': [{ type: 'dialog.open' }],
  'dialog.close': [{ type: 'dialog.close' }],
  'xstate.done.actor.loadPayment': [
    { type: 'xstate.done.actor.loadPayment', output: success({ invoice: unpaidInvoice, options: paymentOptions, balance: enoughBalance }) },
    { type: 'xstate.done.actor.loadPayment', output: success({ invoice: unpaidInvoice, options: paymentOptions, balance: shortBalance }) },
    { type: 'xstate.done.actor.loadPayment', output: success({ invoice: reportedInvoice, options: paymentOptions, balance: enoughBalance }) },
    { type: 'xstate.done.actor.loadPayment', output: success({ invoice: paidInvoice, options: paymentOptions, balance: enoughBalance }) },
    { type: 'xstate.done.actor.loadPayment', output: success({ invoice: canceledInvoice, options: paymentOptions, balance: enoughBalance }) },
    {
      type: 'xstate.done.actor.loadPayment',
      output: failure({ code: 'server', category: 'not_found', reason: 'InvoiceNotFound', message: 'Invoice not found.' }),
    },
  ],
  'xstate.error.actor.loadPayment': [{ type: 'xstate.error.actor.loadPayment', error: networkError }],
  'xstate.done.actor.fetchInvoice': [
    { type: 'xstate.done.actor.fetchInvoice', output: shortInvoice },
    { type: 'xstate.done.actor.fetchInvoice', output: paidLateInvoice },
    { type: 'xstate.done.actor.fetchInvoice', output: canceledInvoice },
  ],
  'xstate.error.actor.fetchInvoice': [{ type: 'xstate.error.actor.fetchInvoice', error: networkError }],
  'xstate.done.actor.setGateway': [
    { type: 'xstate.done.actor.setGateway', output: success(invoiceWithFee) },
    { type: 'xstate.done.actor.setGateway', output: gatewayUnavailable },
  ],
  'xstate.error.actor.setGateway': [{ type: 'xstate.error.actor.setGateway', error: networkError }],
  'xstate.done.actor.payFromBalance': [
    { type: 'xstate.done.actor.payFromBalance', output: success(undefined) },
    {
      type: 'xstate.done.actor.payFromBalance',
      output: failure({ code: 'server', reason: 'InsufficientBalance', message: 'Insufficient balance for an invoice.' }),
    },
    {
      type: 'xstate.done.actor.payFromBalance',
      output: failure({ code: 'server', reason: 'InvoiceAlreadyPaid', message: 'This invoice is already paid.' }),
    },
  ],
  'xstate.error.actor.payFromBalance': [{ type: 'xstate.error.actor.payFromBalance', error: networkError }],
  'xstate.done.actor.createTransaction': [
    {
      type: 'xstate.done.actor.createTransaction',
      output: success({ transaction: cryptoPayment, invoice: invoiceWithFee }),
    },
    { type: 'xstate.done.actor.createTransaction', output: gatewayUnavailable },
  ],
  'xstate.error.actor.createTransaction': [{ type: 'xstate.error.actor.createTransaction', error: networkError }],
  'xstate.done.actor.fetchLink': [
    {
      type: 'xstate.done.actor.fetchLink',
      output: success({ link: 'https://sandbox.example/pay/PP-1', invoice: invoiceWithFee }),
    },
    { type: 'xstate.done.actor.fetchLink', output: gatewayUnavailable },
  ],
  'xstate.error.actor.fetchLink': [{ type: 'xstate.error.actor.fetchLink', error: networkError }],
  'xstate.done.actor.reportTransfer': [
    { type: 'xstate.done.actor.reportTransfer', output: success(reportedInvoice) },
    {
      type: 'xstate.done.actor.reportTransfer',
      output: failure({ code: 'server', reason: 'InvoiceAlreadyPaid', message: 'This invoice is already paid.' }),
    },
  ],
  'xstate.error.actor.reportTransfer': [{ type: 'xstate.error.actor.reportTransfer', error: networkError }],
  // The deposit runs as the child it is (its own paths are the deposit's model): it ends paid, or closed unpaid.
  'xstate.done.actor.deposit': [
    { type: 'xstate.done.actor.deposit', output: { paid: true } },
    { type: 'xstate.done.actor.deposit', output: { paid: false } },
  ],
  'xstate.error.actor.deposit': [{ type: 'xstate.error.actor.deposit', error: networkError }],
  'xstate.done.actor.loadBalance': [{ type: 'xstate.done.actor.loadBalance', output: enoughBalance }],
  'xstate.error.actor.loadBalance': [{ type: 'xstate.error.actor.loadBalance', error: networkError }],
  'xstate.after.invoicePoll.invoicePayment.open.paying.poll.waiting': [
    { type: 'xstate.after.invoicePoll.invoicePayment.open.paying.poll.waiting' },
  ],
  'xstate.after.rateLock.invoicePayment.open.paying.steps.awaitingCrypto': [
    { type: 'xstate.after.rateLock.invoicePayment.open.paying.steps.awaitingCrypto' },
  ],
} satisfies { [K in InvoicePaymentEvent['type']]: Extract<InvoicePaymentEvent, { type: K }>[] } & {
  'xstate.done.actor.loadPayment': DoneEvent<'loadPayment', LoadPaymentOutcome>[];
  'xstate.error.actor.loadPayment': ErrorEvent<'loadPayment'>[];
  'xstate.done.actor.fetchInvoice': DoneEvent<'fetchInvoice', InvoiceState>[];
  'xstate.error.actor.fetchInvoice': ErrorEvent<'fetchInvoice'>[];
  'xstate.done.actor.setGateway': DoneEvent<'setGateway', SetGatewayOutcome>[];
  'xstate.error.actor.setGateway': ErrorEvent<'setGateway'>[];
  'xstate.done.actor.payFromBalance': DoneEvent<'payFromBalance', PayFromBalanceOutcome>[];
  'xstate.error.actor.payFromBalance': ErrorEvent<'payFromBalance'>[];
  'xstate.done.actor.createTransaction': DoneEvent<'createTransaction', CreateTransactionOutcome>[];
  'xstate.error.actor.createTransaction': ErrorEvent<'createTransaction'>[];
  'xstate.done.actor.fetchLink': DoneEvent<'fetchLink', PaymentLinkOutcome>[];
  'xstate.error.actor.fetchLink': ErrorEvent<'fetchLink'>[];
  'xstate.done.actor.reportTransfer': DoneEvent<'reportTransfer', ReportTransferOutcome>[];
  'xstate.error.actor.reportTransfer': ErrorEvent<'reportTransfer'>[];
  'xstate.done.actor.deposit': DoneEvent<'deposit', DepositOutput>[];
  'xstate.error.actor.deposit': ErrorEvent<'deposit'>[];
  'xstate.done.actor.loadBalance': DoneEvent<'loadBalance', string>[];
  'xstate.error.actor.loadBalance': ErrorEvent<'loadBalance'>[];
  'xstate.after.invoicePoll.invoicePayment.open.paying.poll.waiting': { type: string }[];
  'xstate.after.rateLock.invoicePayment.open.paying.steps.awaitingCrypto': { type: string }[];
};

export const invoicePaymentModel: Model<typeof invoicePaymentMachine> = {
  // The deposit a short balance opens is the deposit flow, as the app provides it (its depositFunds and its
  // payment's calls are never reached here: a path names how the deposit ends).
  machine: invoicePaymentMachine.provide({
    actors: {
      deposit: depositMachine.provide({ actors: { payment: invoicePaymentMachine.provide({ actions: { notifyFailure: () => {} } }) } }) as never,
    },
  }),
  inputs: [
    { label: 'Pay on the invoice page', input: { invoiceId: '41', keyPrefix: 'dialog-1', openAtOnce: false } },
    { label: 'opened to pay', input: { invoiceId: '41', keyPrefix: 'dialog-1', openAtOnce: true } },
  ],
  events: flattenFixtures(invoicePaymentFixtures),
  cover: 'transitions',
  // What the guards read: the method's kind, a coin and a transfer method chosen, the invoice's status, a
  // reported transfer, a short payment, a short balance, and whether the attempt's key is unspent for this choice.
  contextKey: (context: InvoicePaymentContext) => [
    context.method && methodKind(context.method),
    context.transferReportedAt !== null,
    context.coin !== null,
    context.transferMethod !== null,
    context.invoice?.status ?? null,
    hasShortPayment(context),
    balanceShortfall(context) !== null,
    context.idempotencyKey !== null && context.attemptOf === `${context.method}:${context.coin ?? ''}`,
  ],
};
