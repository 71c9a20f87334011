import { depositMachine } from '../../machines/payments/deposit.machine';
import { invoicePaymentMachine } from '../../machines/payments/invoice-payment.machine';
import type { DepositContext, DepositEvent, DepositInput, DepositOutcome } from '../../machines/payments/deposit.types';
import type { InvoicePaymentOutput } from '../../machines/payments/invoice-payment.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

export const depositFixtures = {
  'dialog.open': [
    // Fiat wallets in EUR (the tenant takes it) and in GBP (it does not): EUR is offered.
    { type: 'dialog.open', hasWallets: true, fiatCurrencies: ['EUR', 'GBP'] },
    // Wallets, none of them fiat: the tenant's currencies.
    { type: 'dialog.open', hasWallets: true, fiatCurrencies: [] },
    { type: 'dialog.open', hasWallets: false, fiatCurrencies: [] },
  ],
  'amount.change': [
    { type: 'amount.change', value: '100' },
    { type: 'amount.change', value: '5' },
    { type: 'amount.change', value: '60000' },
    { type: 'amount.change', value: '' },
    // Not taken: a leading zero, letters, more than 5 characters.
    { type: 'amount.change', value: '0100' },
  ],
  'currency.select': [
    { type: 'currency.select', currency: 'EUR' },
    { type: 'currency.select', currency: 'GBP' },
  ],
  'deposit.submit': [{ type: 'deposit.submit' }],
  'dialog.close': [{ type: 'dialog.close' }],
  'xstate.done.actor.depositFunds': [
    { type: 'xstate.done.actor.depositFunds', output: success({ invoiceId: '77' }) },
    {
      type: 'xstate.done.actor.depositFunds',
      output: failure({
        code: 'validation',
        reason: 'AmountOutOfRange',
        message: 'The amount must be at least 10 EUR.',
        fields: { amount: ['The amount must be at least 10 EUR.'] },
      }),
    },
  ],
  'xstate.error.actor.depositFunds': [{ type: 'xstate.error.actor.depositFunds', error: networkError }],
  // The payment the deposit continues into ends only when paid (its own paths are the invoice payment's model).
  'xstate.done.actor.payment': [{ type: 'xstate.done.actor.payment', output: { tag: 'INV-0077', late: false } }],
  'xstate.error.actor.payment': [{ type: 'xstate.error.actor.payment', error: networkError }],
} satisfies { [K in DepositEvent['type']]: Extract<DepositEvent, { type: K }>[] } & {
  'xstate.done.actor.depositFunds': DoneEvent<'depositFunds', DepositOutcome>[];
  'xstate.error.actor.depositFunds': ErrorEvent<'depositFunds'>[];
  'xstate.done.actor.payment': DoneEvent<'payment', InvoicePaymentOutput>[];
  'xstate.error.actor.payment': ErrorEvent<'payment'>[];
};

export const depositInput = (overrides: Partial<DepositInput> = {}): DepositInput => ({
  currencies: ['USDT', 'EUR'],
  defaultCurrency: 'USDT',
  keyPrefix: 'deposit-1',
  ...overrides,
});

export const depositModel: Model<typeof depositMachine> = {
  // The payment runs as the child it is (its own paths are the invoice payment's model); the app gives it
  // the notifier, and here its failed calls (its actors are not provided) notify nobody.
  machine: depositMachine.provide({ actors: { payment: invoicePaymentMachine.provide({ actions: { notifyFailure: () => {} } }) } }),
  inputs: [
    { label: "the tenant's USDT and EUR", input: depositInput() },
    { label: 'for a payment whose balance is short by 19.90', input: depositInput({ currencies: ['USDT'], forPayment: { amount: '20' } }) },
  ],
  events: flattenFixtures(depositFixtures),
  cover: 'transitions',
  // What the guards read: the amount (its error), the currency, the currencies offered (the member's wallets),
  // and whether the attempt's key is unspent.
  contextKey: (context: DepositContext) => [
    context.amount,
    context.currency,
    context.currencies.join(),
    context.forPaymentAmount !== null,
    context.idempotencyKey !== null && context.attemptOf === `${context.amount}:${context.currency}`,
  ],
};
