// What the raffle page reads of its buying flow.
import type { SnapshotFrom } from 'xstate';
import { multiply } from '../../domain/money';
import type { buyTicketsMachine } from './buy-tickets.machine';
import { mostOf } from './buy-tickets.machine';

type BuyTicketsSnapshot = SnapshotFrom<typeof buyTicketsMachine>;

export const selectLoading = (s: BuyTicketsSnapshot) => s.hasTag('loading');
export const selectLoadFailed = (s: BuyTicketsSnapshot) => s.matches('loadFailed');
export const selectMissing = (s: BuyTicketsSnapshot) => s.matches('missing');
export const selectRaffle = (s: BuyTicketsSnapshot) => s.context.page?.raffle ?? null;
export const selectBalance = (s: BuyTicketsSnapshot) => s.context.page?.balance ?? '0';
export const selectClosed = (s: BuyTicketsSnapshot) => s.matches({ ready: 'closed' });
export const selectBlocked = (s: BuyTicketsSnapshot) => s.matches({ ready: 'blocked' });
export const selectQuantity = (s: BuyTicketsSnapshot) => s.context.quantity;
export const selectQuantityError = (s: BuyTicketsSnapshot) => s.context.quantityError;
export const selectMost = (s: BuyTicketsSnapshot) => mostOf(s.context.page);
/** The form shows while the member chooses, and stays (read only) through the confirmation. */
export const selectFormShown = (s: BuyTicketsSnapshot) =>
  s.matches({ ready: 'choosing' }) || s.matches({ ready: 'confirming' }) || s.matches({ ready: 'buying' }) || s.matches({ ready: 'refreshing' });
export const selectChoosing = (s: BuyTicketsSnapshot) => s.matches({ ready: 'choosing' });
export const selectConfirming = (s: BuyTicketsSnapshot) => s.matches({ ready: 'confirming' }) || s.matches({ ready: 'buying' });
export const selectBuying = (s: BuyTicketsSnapshot) => s.matches({ ready: 'buying' });
export const selectRefreshing = (s: BuyTicketsSnapshot) => s.matches({ ready: 'refreshing' });
export const selectPurchase = (s: BuyTicketsSnapshot) => (s.matches({ ready: 'bought' }) ? s.context.purchase : null);
/** What the typed quantity costs (null while it is not a number of tickets). */
export const selectTotal = (s: BuyTicketsSnapshot) => {
  const raffle = s.context.page?.raffle;
  if (!raffle || !/^[1-9]\d*$/.test(s.context.quantity)) return null;
  return multiply(raffle.ticketPrice, Number.parseInt(s.context.quantity, 10));
};
