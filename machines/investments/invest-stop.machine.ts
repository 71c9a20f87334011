// Stopping an investment plan early (spec §4 "Investment plan: stopped early with a penalty", calls §9 "penalty
// for early termination is a percentage of the final amount"; issue 27 "Stop early"): the flow owns the dialog.
// Stop early on an active plan opens it and asks the server for the quote; before the member agrees, the dialog
// shows what they get now (the payout), what they give up (the penalty as an amount) and the final amount they
// would have had at the term. Confirm stops the plan with an idempotency key made once for the attempt (a call
// that failed is retried with the same key, so the plan is stopped and paid once), and the result is the quote.
import { assign, setup } from 'xstate';
import { errorOf, failureOf, valueOf } from '../../domain/app-error';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { attemptKey } from './investments.types';
import type { InvestStopContext, InvestStopEvent, InvestStopInput, StopOutcome, StopQuoteOutcome } from './invest-stop.types';

export const investStopMachine = setup({
  types: {
    context: {} as InvestStopContext,
    events: {} as InvestStopEvent,
    input: {} as InvestStopInput,
  },
  actors: {
    /** moduleInvestStopQuote: what stopping now pays and gives up. */
    quoteStop: notProvidedActor<StopQuoteOutcome, { id: string }>('quoteStop'),
    /** moduleInvestStop: the quote's payout to the balance, once per idempotency key. */
    stopPlan: notProvidedActor<StopOutcome, { id: string; idempotencyKey: string }>('stopPlan'),
  },
  actions: {
    /** The member's plans and balance are loaded again (the page's lists). */
    plansChanged: notProvidedAction('plansChanged'),
    /** A failed call's message goes to the notifier (calls §8). */
    notifyFailure: notProvidedAction('notifyFailure'),
    startStop: assign(({ event }) => (event.type === 'dialog.open' ? { target: event.target, quote: null, error: null, stopped: null, idempotencyKey: null } : {})),
    /** The attempt's key, made once: a retry after a failed call sends it again. */
    beginAttempt: assign(({ context }) =>
      context.idempotencyKey !== null ? {} : { attempt: context.attempt + 1, idempotencyKey: attemptKey(context.keyPrefix, context.attempt + 1) },
    ),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
  },
  guards: {
    succeeded: ({ event }) => failureOf(event) === null,
  },
}).createMachine({
  id: 'investStop',
  context: ({ input }) => ({ keyPrefix: input.keyPrefix, target: null, quote: null, error: null, attempt: 0, idempotencyKey: null, stopped: null }),
  initial: 'closed',
  states: {
    closed: {
      meta: { description: 'The dialog is closed: every active plan offers Stop early.' },
      on: { 'dialog.open': { target: 'open', actions: 'startStop', meta: { description: 'Stop early: the dialog opens and asks for the quote.' } } },
    },
    open: {
      meta: { description: 'The dialog is open for one active plan.' },
      initial: 'quoting',
      on: { 'dialog.close': { target: 'closed', meta: { description: 'Keep the plan, or close: nothing is stopped (a stop under way still counts).' } } },
      states: {
        quoting: {
          meta: { description: 'What stopping now would pay and give up is asked of the server.' },
          tags: ['busy'],
          invoke: {
            id: 'quoteStop',
            src: 'quoteStop',
            input: ({ context }) => ({ id: context.target!.id }),
            onDone: [
              {
                guard: 'succeeded',
                target: 'reviewing',
                actions: assign({ quote: ({ event }) => valueOf(event.output), error: null }),
                meta: { description: 'Quoted' },
              },
              { target: 'finished', actions: ['assignError', 'notifyFailure', 'plansChanged'], meta: { description: 'The plan has finished meanwhile' } },
            ],
            onError: { target: 'quoteFailed', actions: ['assignError', 'notifyFailure'], meta: { description: 'Quote failed: the notifier says why.' } },
          },
        },
        quoteFailed: {
          meta: { description: 'The quote could not be loaded; the dialog offers Try again.' },
          on: { retry: { target: 'quoting', actions: assign({ error: null }), meta: { description: 'Member retries' } } },
        },
        reviewing: {
          meta: { description: 'Before agreeing: the payout now, the penalty as an amount and the final amount at the term.' },
          on: {
            'stop.confirm': { target: 'stopping', actions: [assign({ error: null }), 'beginAttempt'], meta: { description: 'Member stops the plan' } },
          },
        },
        stopping: {
          meta: { description: "The plan is stopped and the quote's payout goes to the balance (once per attempt)." },
          tags: ['busy'],
          invoke: {
            id: 'stopPlan',
            src: 'stopPlan',
            input: ({ context }) => ({ id: context.target!.id, idempotencyKey: context.idempotencyKey! }),
            onDone: [
              {
                guard: 'succeeded',
                target: 'stopped',
                actions: [assign({ stopped: ({ event }) => valueOf(event.output), idempotencyKey: null }), 'plansChanged'],
                meta: { description: 'Plan stopped' },
              },
              { target: 'finished', actions: ['assignError', 'notifyFailure', 'plansChanged'], meta: { description: 'The plan had finished meanwhile' } },
            ],
            // Unknown whether it stopped: Confirm again sends the same key, so it is stopped and paid once.
            onError: { target: 'reviewing', actions: ['assignError', 'notifyFailure'], meta: { description: 'Call failed: the notifier says why.' } },
          },
        },
        stopped: {
          meta: { description: 'The plan is finished early: what was paid to the balance (the quote) and the penalty.' },
        },
        finished: {
          meta: { description: 'The plan has already finished; nothing can be stopped, the dialog only closes.' },
        },
      },
    },
  },
});
