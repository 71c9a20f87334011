// Deposit, step 1 (spec §2 "Deposit funds modal", §4 "Deposit", §5, §9): the member picks the currency (when
// they have wallets) and types the amount (10 to 50000, digits and one decimal point, 5 characters at most,
// no leading zero); Continue makes the deposit's invoice (depositFunds, with an idempotency key per attempt:
// the same deposit tried again sends the same key). Its payment (gateway choice, the crypto address with its
// 15-minute countdown or the bank details, I paid, waiting, success) is the invoice payment's flow.
import { assign, setup } from 'xstate';
import { errorOf, failureOf, valueOf } from '../../domain/app-error';
import { notProvidedActor } from '../shared/not-provided';
import { attemptKey } from './payment-rules';
import { depositAmountError, isTypeableAmount } from './deposit.schema';
import type { DepositContext, DepositEvent, DepositInput, DepositOutcome, DepositOutput, DepositRequest } from './deposit.types';

const signature = (context: DepositContext) => `${context.amount.replace(/\.$/, '')}:${context.currency}`;

export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
    input: {} as DepositInput,
    output: {} as DepositOutput,
  },
  actors: {
    depositFunds: notProvidedActor<DepositOutcome, DepositRequest>('depositFunds'),
  },
  actions: {
    /** A new attempt unless the same amount and currency are tried again with the key not yet spent. */
    beginAttempt: assign(({ context }) =>
      context.idempotencyKey !== null && context.attemptOf === signature(context)
        ? {}
        : { attempt: context.attempt + 1, idempotencyKey: attemptKey(context.keyPrefix, context.attempt + 1), attemptOf: signature(context) },
    ),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
  },
  guards: {
    isTypeable: ({ event }) => event.type === 'amount.change' && isTypeableAmount(event.value),
    isOffered: ({ context, event }) => event.type === 'currency.select' && context.currencies.includes(event.currency),
    isAmountValid: ({ context }) => depositAmountError(context.amount) === null,
    succeeded: ({ event }) => failureOf(event) === null,
  },
}).createMachine({
  id: 'deposit',
  context: ({ input }) => ({
    ...input,
    currency: input.defaultCurrency,
    amount: '',
    amountError: null,
    error: null,
    attempt: 0,
    idempotencyKey: null,
    attemptOf: null,
    invoiceId: null,
  }),
  output: ({ context }) => (context.invoiceId ? { invoiceId: context.invoiceId } : null),
  initial: 'editing',
  on: { 'dialog.close': { target: '.closed', meta: { description: 'Cancel: nothing is made.' } } },
  states: {
    editing: {
      meta: { description: 'Step 1: the currency (when the member has wallets) and the amount.' },
      on: {
        'amount.change': { guard: 'isTypeable', actions: assign({ amount: ({ event }) => event.value, amountError: null }) },
        'currency.select': { guard: 'isOffered', actions: assign({ currency: ({ event }) => event.currency, amountError: null }) },
        'deposit.submit': [
          { guard: 'isAmountValid', target: 'creating', actions: [assign({ amountError: null, error: null }), 'beginAttempt'] },
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
            target: 'created',
            actions: assign({ invoiceId: ({ event }) => valueOf(event.output).invoiceId, idempotencyKey: null }),
          },
          { target: 'editing', actions: 'assignError' },
        ],
        // Unknown whether it was made: Continue again sends the same key, so there is one invoice at most.
        onError: { target: 'editing', actions: 'assignError' },
      },
    },
    created: {
      meta: { description: "The deposit's invoice is made: its payment takes over (gateway, details, waiting, success)." },
      type: 'final',
    },
    closed: {
      meta: { description: 'The dialog is closed.' },
      type: 'final',
    },
  },
});
