// Deposit (spec §2 "Deposit funds modal", §4 "Deposit", §5, §9): the flow owns the deposit dialog, from the
// Deposit button to the payment's success. Step 1: the member picks the currency (when they have wallets) and
// types the amount (10 to 50000, digits and one decimal point, 5 characters at most, no leading zero);
// Continue makes the deposit's invoice (depositFunds, with an idempotency key per attempt: the same deposit
// tried again sends the same key, also after the dialog was closed and opened again). The deposit then
// continues into its payment, the invoice payment's flow as a child (gateway choice, the crypto address with
// its 15-minute countdown or the bank details, I paid, waiting); once paid, the success step stays until the
// member closes the dialog. A deposit opened from an invoice's payment (the balance was short) opens at once
// with the amount that payment needs, in its currency, and ends when paid or closed: the member goes back to
// that payment (the output says whether the deposit was paid).
import { assign, setup } from 'xstate';
import { errorOf, failureOf, valueOf } from '../../domain/app-error';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { attemptKey } from './payment-rules';
import { depositAmountError, depositCurrencies, isTypeableAmount } from './deposit.schema';
import { invoicePaymentMachine } from './invoice-payment.machine';
import type { DepositContext, DepositEvent, DepositInput, DepositOutcome, DepositOutput, DepositRequest } from './deposit.types';

const signature = (context: DepositContext) => `${context.amount.replace(/\.$/, '')}:${context.currency}`;

export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
    input: {} as DepositInput,
    output: {} as DepositOutput,
    children: {} as { payment: 'payment' },
  },
  actors: {
    depositFunds: notProvidedActor<DepositOutcome, DepositRequest>('depositFunds'),
    /** The deposit's invoice paid in the payment dialog (provided with what a paid deposit refreshes). */
    payment: invoicePaymentMachine,
  },
  actions: {
    /** A new opening: step 1 afresh, with the currency choice when the member has wallets (spec §2). */
    startDeposit: assign(({ context, event }) => {
      const currencies =
        event.type === 'dialog.open' ? depositCurrencies(context.offeredCurrencies, event.hasWallets, event.fiatCurrencies) : [];
      return {
        currencies,
        currency: currencies.length === 0 || currencies.includes(context.defaultCurrency) ? context.defaultCurrency : currencies[0]!,
        amount: context.forPaymentAmount ?? context.draftAmount ?? '',
        // A kept draft fills the first opening only; later ones start afresh as before.
        draftAmount: null,
        amountError: null,
        error: null,
        invoiceId: null,
      };
    }),
    /** A new attempt unless the same amount and currency are tried again with the key not yet spent. */
    beginAttempt: assign(({ context }) =>
      context.idempotencyKey !== null && context.attemptOf === signature(context)
        ? {}
        : { attempt: context.attempt + 1, idempotencyKey: attemptKey(context.keyPrefix, context.attempt + 1), attemptOf: signature(context) },
    ),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    /** A failed call's message goes to the notifier (calls §8); an amount refused stays beside its field. */
    notifyFailure: notProvidedAction('notifyFailure'),
    /** The typed amount kept for the member (it survives an expired session), and forgotten once deposited. */
    saveAmountDraft: notProvidedAction('saveAmountDraft'),
    clearAmountDraft: notProvidedAction('clearAmountDraft'),
  },
  guards: {
    isTypeable: ({ event }) => event.type === 'amount.change' && isTypeableAmount(event.value),
    isOffered: ({ context, event }) => event.type === 'currency.select' && context.currencies.includes(event.currency),
    isAmountValid: ({ context }) => depositAmountError(context.amount) === null,
    succeeded: ({ event }) => failureOf(event) === null,
    /** Opened from an invoice's payment: it opens at once and hands the member back when it ends. */
    isForPayment: ({ context }) => context.forPaymentAmount !== null,
  },
}).createMachine({
  id: 'deposit',
  context: ({ input }) => ({
    offeredCurrencies: input.currencies,
    currencies: [],
    defaultCurrency: input.defaultCurrency,
    keyPrefix: input.keyPrefix,
    currency: input.defaultCurrency,
    amount: '',
    draftAmount: input.draftAmount ?? null,
    amountError: null,
    error: null,
    attempt: 0,
    idempotencyKey: null,
    attemptOf: null,
    invoiceId: null,
    forPaymentAmount: input.forPayment?.amount ?? null,
    paid: false,
  }),
  output: ({ context }) => ({ paid: context.paid }),
  initial: 'closed',
  states: {
    closed: {
      meta: { description: 'The dialog is closed: the header (and the balance page) offers Deposit.' },
      always: {
        guard: 'isForPayment',
        target: 'open',
        actions: 'startDeposit',
        meta: { description: "Opened from an invoice's payment: step 1 opens at once with the amount it needs." },
      },
      on: { 'dialog.open': { target: 'open', actions: 'startDeposit', meta: { description: 'Deposit: the dialog opens at step 1.' } } },
    },
    open: {
      meta: { description: 'The dialog is open.' },
      initial: 'editing',
      on: {
        'dialog.close': [
          {
            guard: 'isForPayment',
            target: 'returned',
            meta: { description: "Cancel or close: back to the invoice's payment; a deposit payment under way still counts." },
          },
          { target: 'closed', meta: { description: 'Cancel or close: nothing more is made; a payment under way still counts.' } },
        ],
      },
      states: {
        editing: {
          meta: { description: 'Step 1: the currency (when the member has wallets) and the amount.' },
          on: {
            'amount.change': {
              guard: 'isTypeable',
              actions: [assign({ amount: ({ event }) => event.value, amountError: null }), 'saveAmountDraft'],
            },
            'currency.select': { guard: 'isOffered', actions: assign({ currency: ({ event }) => event.currency, amountError: null }) },
            'deposit.submit': [
              {
                guard: 'isAmountValid',
                target: 'creating',
                actions: [assign({ amountError: null, error: null }), 'beginAttempt'],
                meta: { description: 'Member deposits' },
              },
              {
                actions: assign({ amountError: ({ context }) => depositAmountError(context.amount), error: null }),
                meta: { description: 'The amount is missing or out of 10-50000: the message names the bound and the currency.' },
              },
            ],
          },
        },
        creating: {
          meta: { description: "Continue: the deposit's invoice is made (once per attempt)." },
          tags: ['busy'],
          invoke: {
            id: 'depositFunds',
            src: 'depositFunds',
            input: ({ context }) => ({
              amount: context.amount.replace(/\.$/, ''),
              currency: context.currency,
              idempotencyKey: context.idempotencyKey!,
            }),
            onDone: [
              {
                guard: 'succeeded',
                target: 'paying',
                actions: [
                  assign({ invoiceId: ({ event }) => valueOf(event.output).invoiceId, idempotencyKey: null }),
                  'clearAmountDraft',
                ],
                meta: { description: 'Invoice made' },
              },
              { target: 'editing', actions: ['assignError', 'notifyFailure'], meta: { description: 'Deposit refused' } },
            ],
            // Unknown whether it was made: Continue again sends the same key, so there is one invoice at most.
            onError: { target: 'editing', actions: ['assignError', 'notifyFailure'], meta: { description: 'Call failed' } },
          },
        },
        paying: {
          meta: { description: "The deposit continues into its invoice's payment (gateway, details, waiting)." },
          initial: 'pending',
          invoke: {
            id: 'payment',
            src: 'payment',
            // Each deposit invoice's attempts have keys of their own.
            input: ({ context }) => ({ invoiceId: context.invoiceId!, keyPrefix: `${context.keyPrefix}:${context.invoiceId}`, openAtOnce: true }),
            onDone: [
              {
                guard: 'isForPayment',
                target: '#deposit.returned',
                actions: assign({ paid: true }),
                meta: { description: "The deposit is paid: back to the invoice's payment, the balance now enough." },
              },
              { target: '.paid', meta: { description: 'The deposit is paid.' } },
            ],
            // The payment flow broke down (not a refusal, which it shows itself): the dialog closes.
            onError: [
              { guard: 'isForPayment', target: '#deposit.returned', meta: { description: "Payment flow failed: back to the invoice's payment" } },
              { target: '#deposit.closed', meta: { description: 'Payment flow failed' } },
            ],
          },
          states: {
            pending: {
              meta: { description: 'The payment dialog: the member pays the deposit.' },
            },
            paid: {
              meta: { description: 'Paid: the success step stays until the member closes the dialog (spec §4 "Deposit", step 5).' },
            },
          },
        },
      },
    },
    returned: {
      meta: { description: "A deposit opened from an invoice's payment ended (paid, or closed): the member is back in that payment." },
      type: 'final',
    },
  },
});
