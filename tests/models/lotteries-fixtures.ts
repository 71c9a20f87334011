// The raffles the models, machine tests and view tests share: the Demo Portal's Demo Raffle (5 USDT a ticket, 20
// tickets, at most 10 a member, one prize of 80 USDT) on sale, the same raffle drawn, and a premium raffle the
// member cannot enter.
import type { Raffle, TicketPurchase } from '../../machines/lotteries/lotteries.types';
import type { RafflePage } from '../../machines/lotteries/buy-tickets.types';

export const demoRaffle: Raffle = {
  id: '1',
  name: 'Demo Raffle',
  description: '<p>One prize of <strong>80 USDT</strong>.</p>',
  image: null,
  currency: 'USDT',
  ticketPrice: '5.00',
  ticketsTotal: 20,
  ticketsSold: 6,
  maxTicketsPerMember: 10,
  minTickets: null,
  startsAt: '2026-11-20T00:00:00.000Z',
  endsAt: '2099-12-04T00:00:00.000Z',
  status: 'active',
  premiumOnly: false,
  accessTariffs: [],
  viewerCanEnter: true,
  viewerReason: null,
  viewerTickets: [],
  prizes: [{ place: 1, amount: '80.00', currency: 'USDT' }],
  seedHash: 'a'.repeat(64),
  seed: null,
  drawnTickets: [],
  winners: [],
  drawnAt: null,
  refundedAt: null,
};

export const drawnRaffle: Raffle = {
  ...demoRaffle,
  status: 'finished',
  ticketsSold: 20,
  seed: 'b'.repeat(64),
  drawnTickets: Array.from({ length: 20 }, (_, index) => index + 1),
  winners: [{ place: 1, ticket: 7, name: 'Olena K.', amount: '80.00', currency: 'USDT' }],
  drawnAt: '2026-11-26T10:00:00.000Z',
};

export const premiumRaffle: Raffle = {
  ...demoRaffle,
  id: '2',
  name: 'Premium Raffle',
  premiumOnly: true,
  accessTariffs: ['Pro', 'Elite'],
  viewerCanEnter: false,
  viewerReason: 'PremiumRequired',
};

export const twoTickets: TicketPurchase = { tickets: [7, 8], amount: '10.00', currency: 'USDT' };

export const onSalePage: RafflePage = { raffle: demoRaffle, balance: '1250.50' };
export const drawnPage: RafflePage = { raffle: drawnRaffle, balance: '1250.50' };
export const premiumPage: RafflePage = { raffle: premiumRaffle, balance: '1250.50' };
export const missingRafflePage: RafflePage = { raffle: null, balance: '0' };
