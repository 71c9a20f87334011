// Buying a coin from a merchant (issue 27, spec §2 /merchants/buy/{symbol}): the member types what they pay in the
// balance's currency (within the coin's bounds) and sees about how much of the coin that buys; "Get a price" asks
// for a quote, whose price is locked for 15 minutes (calls §9) with a countdown from its deadline. Buying it makes
// its invoice, which opens to be paid like any other (/invoice/{id}?pay=true: balance or a gateway). A quote whose
// lock has ended is never bought: the member gets a new price. Failed calls go to the notifier, and nothing typed
// is lost.
import { assign, setup } from 'xstate';
import { notProvidedAction, notProvidedActor } from '../shared/not-provided';
import { clockNow } from '../shared/clock';
import { errorOf } from '../../domain/app-error';
import { isTypeablePayAmount, payAmountError, quoteDeadline } from '../../domain/merchants';
import type { BuyOutcome, MerchantBuyContext, MerchantBuyEvent, MerchantBuyInput, MerchantOffer, MerchantQuote } from './merchant-buy.types';

const boundsOf = (context: MerchantBuyContext) => ({ min: context.offer!.asset!.minAmount, max: context.offer!.asset!.maxAmount });

export const merchantBuyMachine = setup({
  types: {
    context: {} as MerchantBuyContext,
    events: {} as MerchantBuyEvent,
    input: {} as MerchantBuyInput,
  },
  actors: {
    /** moduleMerchantAssets and the member's balance: the coin of the page and what pays for it. */
    loadOffer: notProvidedActor<MerchantOffer, { symbol: string }>('loadOffer'),
    /** moduleMerchantQuote: a price locked for 15 minutes. */
    getQuote: notProvidedActor<MerchantQuote, { symbol: string; amount: string }>('getQuote'),
    /** moduleMerchantBuy: the quote's invoice (the same one again for the same quote). */
    buyQuote: notProvidedActor<BuyOutcome, { quoteId: string; idempotencyKey: string }>('buyQuote'),
  },
  actions: {
    /** Opens the invoice to pay it. */
    openInvoice: notProvidedAction('openInvoice'),
    /** A failed call's message goes to the notifier (calls §8); an amount refused stays beside its field. */
    notifyFailure: notProvidedAction('notifyFailure'),
    /** What is left of the quote's lock, on the flow's clock, as the quote shows. */
    measureLock: assign(({ context, self }) => ({ lockLeft: Math.max(0, (context.deadline ?? 0) - clockNow(self)) })),
    dropQuote: assign({ quote: null, deadline: null, lockLeft: 0 }),
  },
  guards: {
    isSold: ({ event }) => (event as unknown as { output: MerchantOffer }).output.asset !== null,
    isTypeable: ({ event }) => event.type === 'amount.change' && isTypeablePayAmount(event.value),
    isAmountValid: ({ context }) => payAmountError(context.amount, boundsOf(context)) === null,
    isExpired: ({ event }) => {
      const output = (event as unknown as { output: BuyOutcome }).output;
      return !output.ok && output.reason === 'QuoteExpired';
    },
  },
  delays: {
    /** What is left of the quote's 15-minute price lock. */
    quoteLock: ({ context }) => context.lockLeft,
  },
}).createMachine({
  id: 'merchantBuy',
  context: ({ input }) => ({
    symbol: input.symbol,
    keyPrefix: input.keyPrefix,
    offer: null,
    amount: '',
    amountError: null,
    quote: null,
    deadline: null,
    lockLeft: 0,
    error: null,
    invoiceId: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'The coin, its price now and the member’s balance are loaded.' },
      tags: ['loading'],
      invoke: {
        id: 'loadOffer',
        src: 'loadOffer',
        input: ({ context }) => ({ symbol: context.symbol }),
        onDone: [
          {
            guard: 'isSold',
            target: 'editing',
            actions: assign({ offer: ({ event }) => event.output, error: null }),
            meta: { description: 'The coin is sold here: the member types an amount.' },
          },
          { target: 'notSold', meta: { description: 'The tenant does not sell this coin.' } },
        ],
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => errorOf(event) }),
          meta: { description: 'Loading failed: the page says so with Retry.' },
        },
      },
    },
    loadFailed: {
      meta: { description: 'The page could not be loaded: its message and Retry.' },
      on: { 'load.retry': { target: 'loading', meta: { description: 'Member retries' } } },
    },
    notSold: {
      meta: { description: 'This portal does not sell the coin: the page says so and leads back to the balance.' },
      type: 'final',
    },
    editing: {
      meta: { description: 'The member types what they pay; about how much of the coin it buys shows at today’s price.' },
      on: {
        'amount.change': { guard: 'isTypeable', actions: assign({ amount: ({ event }) => event.value, amountError: null }) },
        'quote.request': [
          {
            guard: 'isAmountValid',
            target: 'quoting',
            actions: assign({ amountError: null, error: null }),
            meta: { description: 'Member asks for a price' },
          },
          {
            actions: assign({ amountError: ({ context }) => payAmountError(context.amount, boundsOf(context)), error: null }),
            meta: { description: 'The amount is missing or out of the coin’s bounds: the message names the bound.' },
          },
        ],
      },
    },
    quoting: {
      meta: { description: 'The price is asked for the typed amount.' },
      tags: ['busy'],
      invoke: {
        id: 'getQuote',
        src: 'getQuote',
        input: ({ context }) => ({ symbol: context.symbol, amount: context.amount.replace(/\.$/, '') }),
        onDone: {
          target: 'quoted',
          actions: assign(({ event, self }) => ({ quote: event.output, deadline: quoteDeadline(clockNow(self), event.output) })),
          meta: { description: 'The price is locked: it shows with its countdown.' },
        },
        onError: {
          target: 'editing',
          actions: [assign({ error: ({ event }) => errorOf(event) }), 'notifyFailure'],
          meta: { description: 'Call failed: the notifier says why; the amount stays.' },
        },
      },
    },
    quoted: {
      meta: { description: 'The locked price, what the member pays and gets, and the time left to buy at it.' },
      entry: 'measureLock',
      after: { quoteLock: { target: 'expired', meta: { description: 'The 15-minute price lock ended.' } } },
      on: {
        'quote.buy': { target: 'buying', actions: assign({ error: null }), meta: { description: 'Member buys' } },
        'amount.edit': { target: 'editing', actions: 'dropQuote', meta: { description: 'Member changes the amount' } },
      },
    },
    expired: {
      meta: { description: 'The price lock ended: this price cannot be bought; the member gets a new one.' },
      on: {
        'quote.refresh': { target: 'quoting', actions: ['dropQuote', assign({ error: null })], meta: { description: 'Member gets a new price' } },
        'amount.edit': { target: 'editing', actions: ['dropQuote', assign({ error: null })], meta: { description: 'Member changes the amount' } },
      },
    },
    buying: {
      meta: { description: 'The quote’s invoice is made.' },
      tags: ['busy'],
      invoke: {
        id: 'buyQuote',
        src: 'buyQuote',
        input: ({ context }) => ({ quoteId: context.quote!.id, idempotencyKey: `${context.keyPrefix}:${context.quote!.id}` }),
        onDone: [
          {
            guard: 'isExpired',
            target: 'expired',
            actions: assign({ error: ({ event }) => (event.output.ok ? null : event.output.error) }),
            meta: { description: 'The price lock ended on the server first: the member gets a new price.' },
          },
          {
            target: 'paying',
            actions: [assign({ invoiceId: ({ event }) => (event.output.ok ? event.output.value.invoiceId : null) }), 'openInvoice'],
            meta: { description: 'The invoice is ready: it opens to be paid.' },
          },
        ],
        onError: {
          target: 'quoted',
          actions: [assign({ error: ({ event }) => errorOf(event) }), 'notifyFailure'],
          meta: { description: 'Call failed: the notifier says why; the price stays while its lock runs.' },
        },
      },
    },
    paying: {
      meta: { description: 'The invoice is open to be paid.' },
      type: 'final',
    },
  },
});
