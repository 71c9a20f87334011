import { merchantBuyMachine } from '../../machines/merchants/merchant-buy.machine';
import type { BuyOutcome, MerchantBuyContext, MerchantBuyEvent, MerchantOffer, MerchantQuote } from '../../machines/merchants/merchant-buy.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

const sol: MerchantOffer = {
  asset: { symbol: 'SOL', name: 'Solana', rate: '150', payCurrency: 'USDT', minAmount: '10', maxAmount: '10000' },
  balance: '1250.50',
};
const quote: MerchantQuote = {
  id: '9',
  amount: '150.00',
  payCurrency: 'USDT',
  rate: '150',
  assetAmount: '1.00000000',
  expiresAt: '1970-01-01T00:15:00.000Z',
  createdAt: '1970-01-01T00:00:00.000Z',
};

export const merchantBuyFixtures = {
  'amount.change': [
    { type: 'amount.change', value: '150' },
    { type: 'amount.change', value: '5' },
    { type: 'amount.change', value: '' },
    // Not taken: a leading zero.
    { type: 'amount.change', value: '0150' },
  ],
  'quote.request': [{ type: 'quote.request' }],
  'quote.buy': [{ type: 'quote.buy' }],
  'quote.refresh': [{ type: 'quote.refresh' }],
  'amount.edit': [{ type: 'amount.edit' }],
  'load.retry': [{ type: 'load.retry' }],
  'xstate.done.actor.loadOffer': [
    { type: 'xstate.done.actor.loadOffer', output: sol },
    { type: 'xstate.done.actor.loadOffer', output: { asset: null, balance: '0' } },
  ],
  'xstate.error.actor.loadOffer': [{ type: 'xstate.error.actor.loadOffer', error: networkError }],
  'xstate.done.actor.getQuote': [{ type: 'xstate.done.actor.getQuote', output: quote }],
  'xstate.error.actor.getQuote': [{ type: 'xstate.error.actor.getQuote', error: networkError }],
  'xstate.done.actor.buyQuote': [
    { type: 'xstate.done.actor.buyQuote', output: success({ invoiceId: '41' }) },
    {
      type: 'xstate.done.actor.buyQuote',
      output: failure({ code: 'server', category: 'conflict', reason: 'QuoteExpired', message: 'This price has expired. Get a new quote to buy at the current rate.' }),
    },
  ],
  'xstate.error.actor.buyQuote': [{ type: 'xstate.error.actor.buyQuote', error: networkError }],
  'xstate.after.quoteLock.merchantBuy.quoted': [{ type: 'xstate.after.quoteLock.merchantBuy.quoted' }],
} satisfies { [K in MerchantBuyEvent['type']]: Extract<MerchantBuyEvent, { type: K }>[] } & {
  'xstate.done.actor.loadOffer': DoneEvent<'loadOffer', MerchantOffer>[];
  'xstate.error.actor.loadOffer': ErrorEvent<'loadOffer'>[];
  'xstate.done.actor.getQuote': DoneEvent<'getQuote', MerchantQuote>[];
  'xstate.error.actor.getQuote': ErrorEvent<'getQuote'>[];
  'xstate.done.actor.buyQuote': DoneEvent<'buyQuote', BuyOutcome>[];
  'xstate.error.actor.buyQuote': ErrorEvent<'buyQuote'>[];
  'xstate.after.quoteLock.merchantBuy.quoted': { type: string }[];
};

export const merchantBuyModel: Model<typeof merchantBuyMachine> = {
  machine: merchantBuyMachine,
  inputs: [{ label: 'the Demo Portal’s SOL', input: { symbol: 'SOL', keyPrefix: 'merchant-1' } }],
  events: flattenFixtures(merchantBuyFixtures),
  cover: 'transitions',
  // What the guards read: the amount (its error against the bounds).
  contextKey: (context: MerchantBuyContext) => [context.amount, context.offer?.asset ? 'sold' : 'none'],
};
