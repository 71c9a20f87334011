// Activating an investment plan (spec §1, §4 "Investment plan", §5 numeric rules, §8 "Insufficient balance for
// an invoice."; issue 27 "Activate"): the flow owns the dialog. Activate on a plan's card opens it for that
// plan (the calculator's Activate opens it at once, with the plan and amount it computed). The member types an
// amount (digits and one decimal point, no leading zero) within the plan's min and max, then confirms what they
// invest; the amount comes off the balance in one transaction on the server. Each attempt carries an
// idempotency key made once: a call that failed is retried with the same key, so a plan is activated at most
// once. A balance too small is refused by name: the notifier says so, nothing moved, the amount stays typed.
import { assign, setup } from 'xstate';
import { errorOf, failureOf, valueOf } from '../../domain/app-error';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { attemptKey } from './investments.types';
import { activateAmountError, isTypeableAmount, sentAmount } from './invest-activate.schema';
import type { ActivateOutcome, ActivateRequest, InvestActivateContext, InvestActivateEvent, InvestActivateInput } from './invest-activate.types';

const signature = (context: InvestActivateContext) => `${context.plan?.id}:${sentAmount(context.amount)}`;

export const investActivateMachine = setup({
  types: {
    context: {} as InvestActivateContext,
    events: {} as InvestActivateEvent,
    input: {} as InvestActivateInput,
  },
  actors: {
    /** moduleInvestActivate: the amount off the balance into the plan, once per idempotency key. */
    activatePlan: notProvidedActor<ActivateOutcome, ActivateRequest>('activatePlan'),
  },
  actions: {
    /** The member's plans and balance are loaded again (the page's lists). */
    plansChanged: notProvidedAction('plansChanged'),
    /** A failed call's message goes to the notifier (calls §8); an amount refused stays beside its field. */
    notifyFailure: notProvidedAction('notifyFailure'),
    /** A new opening, for the plan chosen (and the amount brought, if any). */
    startActivation: assign(({ event }) =>
      event.type === 'dialog.open' ? { plan: event.plan, amount: event.amount ?? '', amountError: null, error: null, activated: null } : {},
    ),
    /** The calculator's plan and amount, taken once. */
    takePrefill: assign(({ context }) => ({ plan: context.prefill!.plan, amount: context.prefill!.amount, prefill: null })),
    /** A new attempt unless the same plan and amount are tried again with the key not yet spent. */
    beginAttempt: assign(({ context }) =>
      context.idempotencyKey !== null && context.attemptOf === signature(context)
        ? {}
        : { attempt: context.attempt + 1, idempotencyKey: attemptKey(context.keyPrefix, context.attempt + 1), attemptOf: signature(context) },
    ),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
  },
  guards: {
    hasPrefill: ({ context }) => context.prefill !== null,
    isTypeable: ({ event }) => event.type === 'amount.change' && isTypeableAmount(event.value),
    isAmountValid: ({ context }) => context.plan !== null && activateAmountError(context.amount, context.plan) === null,
    succeeded: ({ event }) => failureOf(event) === null,
  },
}).createMachine({
  id: 'investActivate',
  context: ({ input }) => ({
    keyPrefix: input.keyPrefix,
    prefill: input.prefill,
    plan: null,
    amount: '',
    amountError: null,
    error: null,
    attempt: 0,
    idempotencyKey: null,
    attemptOf: null,
    activated: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      meta: { description: 'Whether the calculator brought a plan and an amount to activate.' },
      always: [
        { guard: 'hasPrefill', target: 'open', actions: 'takePrefill', meta: { description: "The calculator's Activate: the dialog opens with its plan and amount." } },
        { target: 'closed', meta: { description: 'Nothing brought' } },
      ],
    },
    closed: {
      meta: { description: "The dialog is closed: every plan's card offers Activate." },
      on: { 'dialog.open': { target: 'open', actions: 'startActivation', meta: { description: 'Activate: the dialog opens for the plan.' } } },
    },
    open: {
      meta: { description: 'The dialog is open for one plan.' },
      initial: 'editing',
      on: { 'dialog.close': { target: 'closed', meta: { description: 'Cancel or close: nothing is activated (one under way still counts).' } } },
      states: {
        editing: {
          meta: { description: "The member types the amount; the plan's min and max are shown." },
          on: {
            'amount.change': { guard: 'isTypeable', actions: assign({ amount: ({ event }) => event.value, amountError: null }) },
            'activate.submit': [
              { guard: 'isAmountValid', target: 'confirming', actions: assign({ amountError: null, error: null }), meta: { description: 'Member continues' } },
              {
                actions: assign({ amountError: ({ context }) => (context.plan ? activateAmountError(context.amount, context.plan) : 'required') }),
                meta: { description: "The amount is missing or outside the plan's bounds: the message names the bound." },
              },
            ],
          },
        },
        confirming: {
          meta: { description: 'The member checks what they invest and what the plan pays at its term, then confirms.' },
          on: {
            'activate.back': { target: 'editing', meta: { description: 'Member changes the amount' } },
            'activate.confirm': { target: 'activating', actions: [assign({ error: null }), 'beginAttempt'], meta: { description: 'Member confirms' } },
          },
        },
        activating: {
          meta: { description: 'The amount comes off the balance into the plan (once per attempt).' },
          tags: ['busy'],
          invoke: {
            id: 'activatePlan',
            src: 'activatePlan',
            input: ({ context }) => ({ planId: context.plan!.id, amount: sentAmount(context.amount), idempotencyKey: context.idempotencyKey! }),
            onDone: [
              {
                guard: 'succeeded',
                target: 'activated',
                actions: [assign({ activated: ({ event }) => valueOf(event.output), idempotencyKey: null, attemptOf: null }), 'plansChanged'],
                meta: { description: 'Plan activated' },
              },
              {
                target: 'editing',
                actions: ['assignError', 'notifyFailure'],
                meta: { description: 'Refused (the balance, the bounds): the notifier says why; nothing moved, the amount stays.' },
              },
            ],
            // Unknown whether it was made: Confirm again sends the same key, so there is one plan at most.
            onError: { target: 'confirming', actions: ['assignError', 'notifyFailure'], meta: { description: 'Call failed: the notifier says why.' } },
          },
        },
        activated: {
          meta: { description: 'The plan is active: its amount, start and end; the lists show it.' },
        },
      },
    },
  },
});
