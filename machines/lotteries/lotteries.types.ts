// What the lotteries area holds (spec §2, §4 "Raffle: active, filled, finished", §6 premium raffles; issue 29):
// the tenant's raffles and the member's entries as the contract sends them (amounts are Decimal strings).
import type { Decimal } from '../../domain/money';
import type { RaffleStatus } from '../../domain/lotteries';

export interface RafflePrize {
  place: number;
  amount: Decimal;
  currency: string;
}

export interface RaffleWinner extends RafflePrize {
  ticket: number;
  /** The winner's name shortened. */
  name: string;
}

/** Why the member may not buy tickets now. */
export type EntryBlock = 'PremiumRequired' | 'MaxTicketsReached' | 'SoldOut' | 'Finished' | 'LoginRequired';

/** A raffle (moduleLottery). */
export interface Raffle {
  id: string;
  name: string;
  /** Rich text (HTML), sanitised where it is shown. */
  description: string;
  image: string | null;
  currency: string;
  ticketPrice: Decimal;
  ticketsTotal: number;
  ticketsSold: number;
  maxTicketsPerMember: number;
  minTickets: number | null;
  startsAt: string;
  endsAt: string;
  status: RaffleStatus;
  premiumOnly: boolean;
  accessTariffs: string[];
  viewerCanEnter: boolean;
  viewerReason: EntryBlock | null;
  viewerTickets: number[];
  prizes: RafflePrize[];
  seedHash: string;
  seed: string | null;
  drawnTickets: number[];
  winners: RaffleWinner[];
  drawnAt: string | null;
  refundedAt: string | null;
}

/** Tickets just bought (moduleLotteryBuyTickets). */
export interface TicketPurchase {
  tickets: number[];
  amount: Decimal;
  currency: string;
}

/** The idempotency key of an attempt: one per flow and attempt (1-128 of [A-Za-z0-9_.:-]). */
export const attemptKey = (keyPrefix: string, attempt: number) => `${keyPrefix}:${attempt}`;
