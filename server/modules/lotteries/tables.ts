// Lotteries (issue 29, spec §4 "Raffle: active, filled, finished", §6 premium raffles): the tenant's raffles with
// their committed seed (secret until drawn; its SHA-256 published from the start), the prizes by place, the tariffs
// that open a premium raffle, one row per purchase and one per ticket, whose key (raffle, number) makes a number
// sold once, and one row per drawn winner, whose key (raffle, place) is how the draw job claims a prize (two
// server processes or a restart credit each prize once).
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';
import { users } from '../account/tables';
import { products } from '../shop/tables';
import { tenants } from '../shell/tables';
import type { RaffleStatus } from '../../../domain/lotteries';

export const lotteryRaffles = pgTable(
  'lottery_raffles',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Rich text (HTML), sanitised by the portal before rendering. */
    description: text('description').notNull().default(''),
    image: text('image'),
    currency: text('currency').notNull(),
    ticketPrice: money('ticket_price').notNull(),
    ticketsTotal: integer('tickets_total').notNull(),
    maxTicketsPerMember: integer('max_tickets_per_member').notNull(),
    /** The least that must sell by ends_at for the draw; below it every purchase is refunded. Null: no minimum. */
    minTickets: integer('min_tickets'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** active until the last ticket sells (filled) or the draw job finishes it. */
    status: text('status').$type<RaffleStatus>().notNull().default('active'),
    premiumOnly: boolean('premium_only').notNull().default(false),
    /** 64 lowercase hex digits: never sent before drawn_at. */
    seed: text('seed').notNull(),
    /** SHA-256 of the seed's text, published from the start (domain/lotteries.ts). */
    seedHash: text('seed_hash').notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('lottery_raffles_tenant').on(t.tenantId, t.status), index('lottery_raffles_due').on(t.status, t.endsAt)],
);

/** A raffle's prize for one place (1 is the first). */
export const lotteryPrizes = pgTable(
  'lottery_prizes',
  {
    raffleId: integer('raffle_id')
      .notNull()
      .references(() => lotteryRaffles.id, { onDelete: 'cascade' }),
    place: integer('place').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.raffleId, t.place] })],
);

/** The tariffs (products of the tenant's tariff line) whose members may enter a premium raffle. */
export const lotteryAccessTariffs = pgTable(
  'lottery_access_tariffs',
  {
    raffleId: integer('raffle_id')
      .notNull()
      .references(() => lotteryRaffles.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.raffleId, t.productId] })],
);

/** One purchase of tickets: what it cost (debited once) and, when the minimum was missed, its refund. */
export const lotteryPurchases = pgTable(
  'lottery_purchases',
  {
    id: serial('id').primaryKey(),
    raffleId: integer('raffle_id')
      .notNull()
      .references(() => lotteryRaffles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
    amount: money('amount').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('lottery_purchases_user').on(t.userId, t.createdAt), index('lottery_purchases_raffle').on(t.raffleId)],
);

/** A sold ticket: numbers run from 1 in the order they sell, each once per raffle. */
export const lotteryTickets = pgTable(
  'lottery_tickets',
  {
    raffleId: integer('raffle_id')
      .notNull()
      .references(() => lotteryRaffles.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => lotteryPurchases.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.raffleId, t.number] }), index('lottery_tickets_user').on(t.userId, t.raffleId)],
);

/** A drawn winner: its key is the prize's claim, so a prize is credited once. */
export const lotteryWinners = pgTable(
  'lottery_winners',
  {
    raffleId: integer('raffle_id')
      .notNull()
      .references(() => lotteryRaffles.id, { onDelete: 'cascade' }),
    place: integer('place').notNull(),
    ticket: integer('ticket').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.raffleId, t.place] }), index('lottery_winners_user').on(t.userId)],
);
