// Buying raffle tickets (issue 29; spec §4 raffle statuses, §5 numeric rules, §6 "some raffles need a premium
// subscription"): the raffle page's flow. It loads the raffle and the balance of its currency. A raffle no longer
// on sale shows its result; one the member cannot enter says why and what gives access (never a dead button).
// Otherwise the member types how many tickets (1 to what is left and their own maximum, within their balance),
// checks the total, and confirms; the tickets come off the balance in one transaction on the server and their
// numbers show at once. Each attempt carries an idempotency key made once: a call that failed is retried with
// the same key, so tickets are bought at most once. A refusal by name (sold out meanwhile, the maximum, closed,
// premium, the balance) reloads the raffle and the notifier says why; the quantity typed stays.
import { assign, setup } from 'xstate';
import { errorOf, failureOf, valueOf } from '../../domain/app-error';
import { quantityProblem, ticketsLeftFor } from '../../domain/lotteries';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { attemptKey } from './lotteries.types';
import type { BuyOutcome, BuyRequest, BuyTicketsContext, BuyTicketsEvent, BuyTicketsInput, RafflePage } from './buy-tickets.types';

const loadedOf = (event: unknown) => (event as { output: RafflePage }).output;

/** The most tickets the member can buy now (0 without a raffle). */
export function mostOf(page: RafflePage | null): number {
  const raffle = page?.raffle;
  if (!raffle) return 0;
  return ticketsLeftFor({ ticketsTotal: raffle.ticketsTotal, ticketsSold: raffle.ticketsSold, maxTicketsPerMember: raffle.maxTicketsPerMember, held: raffle.viewerTickets.length });
}

/** The typed quantity's problem against the raffle and the balance (null: it may be bought). */
export function quantityProblemOf(context: Pick<BuyTicketsContext, 'quantity' | 'page'>) {
  const raffle = context.page?.raffle;
  if (!raffle) return 'required' as const;
  return quantityProblem(context.quantity, { most: mostOf(context.page), ticketPrice: raffle.ticketPrice, balance: context.page!.balance });
}

export const buyTicketsMachine = setup({
  types: {
    context: {} as BuyTicketsContext,
    events: {} as BuyTicketsEvent,
    input: {} as BuyTicketsInput,
  },
  actors: {
    /** moduleLottery and the member's balance of its currency. */
    loadPage: notProvidedActor<RafflePage, { raffleId: string }>('loadPage'),
    /** moduleLotteryBuyTickets: the tickets off the balance, once per idempotency key. */
    buyTickets: notProvidedActor<BuyOutcome, BuyRequest>('buyTickets'),
  },
  actions: {
    /** Money moved: the balances (header, wallet) and the raffle lists are fetched again. */
    refreshBalances: notProvidedAction('refreshBalances'),
    /** A failed call's message goes to the notifier (calls §8); a quantity refused here stays beside its field. */
    notifyFailure: notProvidedAction('notifyFailure'),
    assignPage: assign({ page: ({ event }) => loadedOf(event) }),
    assignError: assign({ error: ({ event }) => errorOf(event) }),
    /** A new attempt unless the same quantity is confirmed again with its key not yet spent. */
    beginAttempt: assign(({ context }) =>
      context.idempotencyKey !== null && context.attemptOf === context.quantity
        ? {}
        : { attempt: context.attempt + 1, idempotencyKey: attemptKey(context.keyPrefix, context.attempt + 1), attemptOf: context.quantity },
    ),
  },
  guards: {
    isMissing: ({ event }) => loadedOf(event).raffle === null,
    /** Filled (drawing) or finished: no tickets are sold any more. */
    isClosed: ({ context }) => !context.page?.raffle || context.page.raffle.status !== 'active',
    /** The member may not enter (premium, their maximum held, sold out): the page says why. */
    isBlocked: ({ context }) => Boolean(context.page?.raffle && !context.page.raffle.viewerCanEnter),
    /** Still on sale after the purchase (the last ticket not sold): Buy more is offered. */
    isOnSale: ({ context }) => context.page?.raffle?.status === 'active',
    isTypeable: ({ event }) => event.type === 'quantity.change' && /^(?:[1-9]\d{0,3})?$/.test(event.value),
    isQuantityValid: ({ context }) => quantityProblemOf(context) === null,
    succeeded: ({ event }) => failureOf(event) === null,
  },
}).createMachine({
  id: 'buyTickets',
  context: ({ input }) => ({
    raffleId: input.raffleId,
    keyPrefix: input.keyPrefix,
    page: null,
    quantity: '1',
    quantityError: null,
    error: null,
    attempt: 0,
    idempotencyKey: null,
    attemptOf: null,
    purchase: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'The raffle and the member’s balance are loading.' },
      tags: ['loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ raffleId: context.raffleId }),
        onDone: [
          { guard: 'isMissing', target: 'missing', meta: { description: 'This portal has no such raffle.' } },
          { target: 'ready', actions: 'assignPage', meta: { description: 'Raffle loaded' } },
        ],
        onError: { target: 'loadFailed', actions: 'assignError', meta: { description: 'Loading failed: the page says so with Try again.' } },
      },
    },
    loadFailed: {
      meta: { description: 'The raffle could not be loaded: its message and Try again.' },
      on: { 'load.retry': { target: 'loading', actions: assign({ error: null }), meta: { description: 'Member retries' } } },
    },
    missing: {
      meta: { description: 'No such raffle here: the page says so and leads to the lotteries.' },
      type: 'final',
    },
    ready: {
      meta: { description: 'The raffle: prizes, price, tickets left, time left, the member’s tickets; once drawn, the winners and the proof.' },
      initial: 'deciding',
      states: {
        deciding: {
          meta: { description: 'Whether the member can buy tickets now.' },
          always: [
            { guard: 'isClosed', target: 'closed', meta: { description: 'No tickets on sale any more.' } },
            { guard: 'isBlocked', target: 'blocked', meta: { description: 'The member may not enter.' } },
            { target: 'choosing', meta: { description: 'The member can buy' } },
          ],
        },
        closed: {
          meta: { description: 'Filled (the draw is coming) or finished: the result, the winners and Verify the draw.' },
        },
        blocked: {
          meta: { description: 'Why the member cannot enter (premium, their maximum, sold out) and what gives access.' },
        },
        choosing: {
          meta: { description: 'The member types how many tickets; the most they can buy and the total are shown.' },
          on: {
            'quantity.change': { guard: 'isTypeable', actions: assign({ quantity: ({ event }) => event.value, quantityError: null }) },
            'buy.submit': [
              { guard: 'isQuantityValid', target: 'confirming', actions: assign({ quantityError: null, error: null }), meta: { description: 'Member continues' } },
              {
                actions: assign({ quantityError: ({ context }) => quantityProblemOf(context) }),
                meta: { description: 'No quantity, more than is left or allowed, or more than the balance pays: the message says which.' },
              },
            ],
          },
        },
        confirming: {
          meta: { description: 'How many tickets and their total, from the balance; the member confirms.' },
          on: {
            'buy.back': { target: 'choosing', meta: { description: 'Member changes the quantity' } },
            'buy.confirm': { target: 'buying', actions: [assign({ error: null }), 'beginAttempt'], meta: { description: 'Member confirms' } },
          },
        },
        buying: {
          meta: { description: 'The tickets come off the balance (once per attempt).' },
          tags: ['busy'],
          invoke: {
            id: 'buyTickets',
            src: 'buyTickets',
            input: ({ context }) => ({ raffleId: context.raffleId, qty: Number.parseInt(context.quantity, 10), idempotencyKey: context.idempotencyKey! }),
            onDone: [
              {
                guard: 'succeeded',
                target: 'bought',
                actions: [assign({ purchase: ({ event }) => valueOf(event.output), idempotencyKey: null, attemptOf: null }), 'refreshBalances'],
                meta: { description: 'Tickets bought' },
              },
              {
                target: 'refreshing',
                actions: ['assignError', 'notifyFailure'],
                meta: { description: 'Refused (sold out, the maximum, closed, premium, the balance): the notifier says why; the raffle loads again.' },
              },
            ],
            // Unknown whether they were bought: Confirm again sends the same key, so they are bought once at most.
            onError: { target: 'confirming', actions: ['assignError', 'notifyFailure'], meta: { description: 'Call failed: the notifier says why.' } },
          },
        },
        refreshing: {
          meta: { description: 'The raffle and the balance load again; the quantity stays.' },
          tags: ['busy'],
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ raffleId: context.raffleId }),
            onDone: [
              { guard: 'isMissing', target: '#buyTickets.missing', meta: { description: 'The raffle is gone.' } },
              { target: 'deciding', actions: 'assignPage', meta: { description: 'Raffle loaded again' } },
            ],
            onError: { target: 'choosing', actions: ['assignError', 'notifyFailure'], meta: { description: 'Reloading failed: the notifier says why; the raffle shown stays.' } },
          },
        },
        bought: {
          meta: { description: 'The ticket numbers just bought, shown at once.' },
          initial: 'reloading',
          states: {
            reloading: {
              meta: { description: 'The raffle (tickets left, the member’s tickets) and the balance load again.' },
              invoke: {
                id: 'loadPage',
                src: 'loadPage',
                input: ({ context }) => ({ raffleId: context.raffleId }),
                onDone: [
                  { guard: 'isMissing', target: '#buyTickets.missing', meta: { description: 'The raffle is gone.' } },
                  { target: 'shown', actions: 'assignPage', meta: { description: 'Raffle loaded again' } },
                ],
                onError: { target: 'shown', actions: 'notifyFailure', meta: { description: 'Reloading failed: the notifier says why; the raffle shown stays.' } },
              },
            },
            shown: {
              meta: { description: 'The tickets bought and the raffle as it is now.' },
            },
          },
          on: {
            'buy.again': {
              guard: 'isOnSale',
              target: 'deciding',
              actions: assign({ quantity: '1', quantityError: null, purchase: null, error: null }),
              meta: { description: 'Member buys more' },
            },
          },
        },
      },
    },
  },
});
