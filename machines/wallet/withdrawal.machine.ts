// Withdrawal request (spec §5 "Withdrawal", §6 "withdrawals ... may be suspended for overdue invoices;
// withdrawal requires 2FA", §9 payout wait): a member with overdue invoices sees why withdrawals are
// suspended, one without two-factor is sent to Security; otherwise the form takes a wallet and an amount
// within its bounds, a saved template or new payout details, the wallet-access confirmation and the
// authenticator's code. The rules are checked before anything is sent; the server's refusals come back by
// name, go to the notifier unless they name fields, and keep what was typed. A made request shows its amount and the payout wait.
import { assign, setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { errorOf, failureOf, valueOf } from '../../domain/app-error';
import { hasErrors, withdrawalErrors, type WithdrawalFormValues } from './withdrawal.schema';
import type { RequestWithdrawalOutcome, WithdrawalContext, WithdrawalEvent, WithdrawalInput, WithdrawalSetup } from './withdrawal.types';

/** The form's codes for these values against the chosen wallet's bounds. */
export const formErrors = (setup: WithdrawalSetup, values: WithdrawalFormValues) =>
  withdrawalErrors(values, setup.currencies.find((currency) => currency.currency === values.currency) ?? null);

export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
    input: {} as WithdrawalInput,
  },
  actors: {
    requestWithdrawal: notProvidedActor<RequestWithdrawalOutcome, WithdrawalFormValues>('requestWithdrawal'),
  },
  actions: {
    /** The wallets, the withdrawals list and the form's options are fetched again. */
    refreshWallet: notProvidedAction('refreshWallet'),
    /** A failed call's message goes to the notifier (calls §8); a refusal that names fields stays beside them. */
    notifyFailure: notProvidedAction('notifyFailure'),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
  },
  guards: {
    isSuspended: ({ context }) => context.setup.suspended,
    hasNoTwoFactor: ({ context }) => !context.setup.twofa,
    isValid: ({ event }) => event.type === 'withdrawal.submit' && !hasErrors(formErrors(event.setup, event.values)),
    succeeded: ({ event }) => failureOf(event) === null,
    becameSuspended: ({ event }) => failureOf(event) === 'WithdrawalsSuspended',
    lostTwoFactor: ({ event }) => failureOf(event) === 'TwoFaRequired',
  },
}).createMachine({
  id: 'withdrawal',
  context: ({ input }) => ({ setup: input.setup, values: null, fieldErrors: {}, error: null, requested: null }),
  initial: 'checking',
  states: {
    checking: {
      meta: { description: 'Whether the member may withdraw at all.' },
      always: [
        { guard: 'isSuspended', target: 'suspended', meta: { description: 'Overdue invoices' } },
        { guard: 'hasNoTwoFactor', target: 'twoFactorOff', meta: { description: 'Two-factor off' } },
        { target: 'editing', meta: { description: 'May withdraw' } },
      ],
    },
    suspended: {
      meta: { description: 'Withdrawals are suspended: why (overdue invoices link to the invoices), or that they are, when suspended meanwhile.' },
    },
    twoFactorOff: {
      meta: { description: 'Two-factor is off: the form explains and links to Security.' },
    },
    editing: {
      meta: { description: 'The member fills the form; a submit that breaks a rule names the fields.' },
      on: {
        'withdrawal.submit': [
          {
            guard: 'isValid',
            target: 'submitting',
            actions: assign({ setup: ({ event }) => event.setup, values: ({ event }) => event.values, fieldErrors: {}, error: null }),
            meta: { description: 'Member requests' },
          },
          {
            actions: assign({
              setup: ({ event }) => event.setup,
              values: ({ event }) => event.values,
              fieldErrors: ({ event }) => formErrors(event.setup, event.values),
              error: null,
            }),
          },
        ],
      },
    },
    submitting: {
      meta: { description: 'The server moves the amount from available to locked.' },
      tags: ['busy'],
      invoke: {
        id: 'requestWithdrawal',
        src: 'requestWithdrawal',
        input: ({ context }) => context.values!,
        onDone: [
          {
            guard: 'succeeded',
            target: 'requested',
            actions: [assign({ requested: ({ event }) => valueOf(event.output) }), 'refreshWallet'],
            meta: { description: 'Request made' },
          },
          { guard: 'becameSuspended', target: 'suspended', actions: 'notifyFailure', meta: { description: 'Suspended meanwhile' } },
          { guard: 'lostTwoFactor', target: 'twoFactorOff', actions: 'notifyFailure', meta: { description: 'Two-factor turned off' } },
          { target: 'editing', actions: ['assignError', 'notifyFailure'], meta: { description: 'Request refused' } },
        ],
        onError: { target: 'editing', actions: ['assignError', 'notifyFailure'], meta: { description: 'Call failed: the notifier says why.' } },
      },
    },
    requested: {
      meta: { description: 'The request is made: its amount, status and the payout wait; another can follow.' },
      on: {
        'withdrawal.again': {
          target: 'editing',
          actions: assign({ setup: ({ event }) => event.setup, values: null, fieldErrors: {}, error: null, requested: null }),
          meta: { description: 'Member makes another' },
        },
      },
    },
  },
});
