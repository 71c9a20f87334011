// The lotteries area's calls (issue 29, server/schema.graphql "lotteries", Beyond §7): the tenant's raffles
// (visitors too), one raffle, the member's entries and buying tickets from the balance; the mapping of the
// contract's raffles to the flows' (amounts stay Decimal strings).
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import type { LotteryFieldsFragment } from './generated/graphql';
import { api } from './client';
import { queryKeys } from './query-keys';
import { raffleStatuses, type RaffleStatus } from '../../domain/lotteries';
import type { EntryBlock, Raffle, RaffleWinner } from '../../machines/lotteries/lotteries.types';

graphql(`
  fragment LotteryFields on Lottery {
    id
    name
    description
    image
    currency
    ticket_price
    tickets_total
    tickets_sold
    max_tickets_per_member
    min_tickets
    starts_at
    ends_at
    status
    premium_only
    access_tariffs
    viewer_can_enter
    viewer_reason
    viewer_tickets
    prizes {
      place
      amount
      currency
    }
    seed_hash
    seed
    drawn_tickets
    winners {
      place
      ticket
      name
      amount
      currency
    }
    drawn_at
    refunded_at
  }
`);

export const lotteriesQuery = graphql(`
  query Lotteries($whitelabel_uuid: ID!, $status: String) {
    moduleLotteries(whitelabel_uuid: $whitelabel_uuid, status: $status) {
      ...LotteryFields
    }
  }
`);

export const lotteryQuery = graphql(`
  query Lottery($whitelabel_uuid: ID!, $id: ID!) {
    moduleLottery(whitelabel_uuid: $whitelabel_uuid, id: $id) {
      ...LotteryFields
    }
  }
`);

export const lotteryMyTicketsQuery = graphql(`
  query LotteryMyTickets($whitelabel_uuid: ID!) {
    moduleLotteryMyTickets(whitelabel_uuid: $whitelabel_uuid) {
      lottery {
        ...LotteryFields
      }
      tickets
      spent
      won {
        place
        ticket
        name
        amount
        currency
      }
      entered_at
    }
  }
`);

export const lotteryBuyTicketsMutation = graphql(`
  mutation LotteryBuyTickets($whitelabel_uuid: ID!, $raffle_id: ID!, $qty: Int!, $idempotency_key: String) {
    moduleLotteryBuyTickets(whitelabel_uuid: $whitelabel_uuid, raffle_id: $raffle_id, qty: $qty, idempotency_key: $idempotency_key) {
      tickets
      amount
      currency
    }
  }
`);

const entryBlocks: readonly EntryBlock[] = ['PremiumRequired', 'MaxTicketsReached', 'SoldOut', 'Finished', 'LoginRequired'];
const statusOf = (status: string): RaffleStatus => ((raffleStatuses as readonly string[]).includes(status) ? (status as RaffleStatus) : 'finished');

export function toRaffle(lottery: LotteryFieldsFragment): Raffle {
  return {
    id: lottery.id,
    name: lottery.name,
    description: lottery.description,
    image: lottery.image ?? null,
    currency: lottery.currency,
    ticketPrice: lottery.ticket_price,
    ticketsTotal: lottery.tickets_total,
    ticketsSold: lottery.tickets_sold,
    maxTicketsPerMember: lottery.max_tickets_per_member,
    minTickets: lottery.min_tickets ?? null,
    startsAt: lottery.starts_at,
    endsAt: lottery.ends_at,
    status: statusOf(lottery.status),
    premiumOnly: lottery.premium_only,
    accessTariffs: lottery.access_tariffs,
    viewerCanEnter: lottery.viewer_can_enter,
    viewerReason: entryBlocks.find((block) => block === lottery.viewer_reason) ?? null,
    viewerTickets: lottery.viewer_tickets,
    prizes: lottery.prizes.map((prize) => ({ place: prize.place, amount: prize.amount, currency: prize.currency })),
    seedHash: lottery.seed_hash,
    seed: lottery.seed ?? null,
    drawnTickets: lottery.drawn_tickets,
    winners: lottery.winners.map((winner) => ({ place: winner.place, ticket: winner.ticket, name: winner.name, amount: winner.amount, currency: winner.currency })),
    drawnAt: lottery.drawn_at ?? null,
    refundedAt: lottery.refunded_at ?? null,
  };
}

/** The tenant's raffles, every status; a member's answer carries their own tickets, so it is kept apart. */
export const lotteriesQueryOptions = (whitelabelUuid: string, signedIn: boolean) =>
  queryOptions({
    queryKey: queryKeys.lotteries.list(whitelabelUuid, signedIn),
    queryFn: async () => (await api.request(lotteriesQuery, { whitelabel_uuid: whitelabelUuid, status: null })).moduleLotteries.map(toRaffle),
  });

/** A raffle the member entered: their tickets, what they spent and what they won. */
export interface LotteryEntry {
  raffle: Raffle;
  tickets: number[];
  spent: string;
  won: RaffleWinner[];
  enteredAt: string;
}

/** Every raffle the member entered, newest first. */
export const lotteryEntriesQueryOptions = (whitelabelUuid: string) =>
  queryOptions({
    queryKey: queryKeys.lotteries.entries(whitelabelUuid),
    queryFn: async (): Promise<LotteryEntry[]> =>
      (await api.request(lotteryMyTicketsQuery, { whitelabel_uuid: whitelabelUuid })).moduleLotteryMyTickets.map((entry) => ({
        raffle: toRaffle(entry.lottery),
        tickets: entry.tickets,
        spent: entry.spent,
        won: entry.won.map((winner) => ({ place: winner.place, ticket: winner.ticket, name: winner.name, amount: winner.amount, currency: winner.currency })),
        enteredAt: entry.entered_at,
      })),
  });
