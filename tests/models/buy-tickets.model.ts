import { buyTicketsMachine } from '../../machines/lotteries/buy-tickets.machine';
import type { BuyOutcome, BuyTicketsContext, BuyTicketsEvent, RafflePage } from '../../machines/lotteries/buy-tickets.types';
import { failure, flattenFixtures, networkError, success, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';
import { drawnPage, missingRafflePage, onSalePage, premiumPage, twoTickets } from './lotteries-fixtures';

export const buyTicketsFixtures = {
  'quantity.change': [
    { type: 'quantity.change', value: '2' },
    { type: 'quantity.change', value: '21' },
    { type: 'quantity.change', value: '' },
    // Not taken: a leading zero.
    { type: 'quantity.change', value: '02' },
  ],
  'buy.submit': [{ type: 'buy.submit' }],
  'buy.back': [{ type: 'buy.back' }],
  'buy.confirm': [{ type: 'buy.confirm' }],
  'buy.again': [{ type: 'buy.again' }],
  'load.retry': [{ type: 'load.retry' }],
  'xstate.done.actor.loadPage': [
    { type: 'xstate.done.actor.loadPage', output: onSalePage },
    { type: 'xstate.done.actor.loadPage', output: drawnPage },
    { type: 'xstate.done.actor.loadPage', output: premiumPage },
    { type: 'xstate.done.actor.loadPage', output: missingRafflePage },
  ],
  'xstate.error.actor.loadPage': [{ type: 'xstate.error.actor.loadPage', error: networkError }],
  'xstate.done.actor.buyTickets': [
    { type: 'xstate.done.actor.buyTickets', output: success(twoTickets) },
    {
      type: 'xstate.done.actor.buyTickets',
      output: failure({ code: 'server', category: 'conflict', reason: 'SoldOut', message: 'Only 1 tickets are left.' }),
    },
  ],
  'xstate.error.actor.buyTickets': [{ type: 'xstate.error.actor.buyTickets', error: networkError }],
} satisfies { [K in BuyTicketsEvent['type']]: Extract<BuyTicketsEvent, { type: K }>[] } & {
  'xstate.done.actor.loadPage': DoneEvent<'loadPage', RafflePage>[];
  'xstate.error.actor.loadPage': ErrorEvent<'loadPage'>[];
  'xstate.done.actor.buyTickets': DoneEvent<'buyTickets', BuyOutcome>[];
  'xstate.error.actor.buyTickets': ErrorEvent<'buyTickets'>[];
};

export const buyTicketsModel: Model<typeof buyTicketsMachine> = {
  machine: buyTicketsMachine,
  inputs: [{ label: 'Demo Raffle', input: { raffleId: '1', keyPrefix: 'lottery-1' } }],
  events: flattenFixtures(buyTicketsFixtures),
  cover: 'transitions',
  // What the guards read: the quantity (its problem against the raffle) and which raffle was loaded.
  contextKey: (context: BuyTicketsContext) => [
    context.quantity,
    context.page?.raffle ? `${context.page.raffle.status}:${context.page.raffle.viewerCanEnter}` : 'none',
  ],
};
