// Lotteries (issue 29; server/schema.graphql "lotteries"): the tenant's raffles as the contract sends them, to
// members (whether they may enter, their tickets) and visitors alike, and the raffles a member entered. Buying is
// buy.ts, the draw job draw.ts. The seed is read only to be sent once the raffle is drawn.
import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../context';
import { appError } from '../../errors';
import type { RaffleStatus } from '../../../domain/lotteries';
import { cents } from '../../../domain/money';
import { users } from '../account/tables';
import { hasModule, type TenantRow } from '../shell/service';
import { products, purchases } from '../shop/tables';
import { tariffProducts } from '../tariffs/tables';
import { lotteryAccessTariffs, lotteryPrizes, lotteryPurchases, lotteryRaffles, lotteryTickets, lotteryWinners } from './tables';
import { shortName } from '../account/public-name';

export type RaffleRow = typeof lotteryRaffles.$inferSelect;

export async function requireLottery(db: Db, tenant: TenantRow): Promise<void> {
  if (!(await hasModule(db, tenant.id, 'lottery'))) throw appError('not_found', 'This portal has no raffles.');
}

export const raffleNotFound = () => appError('not_found', 'No such raffle.');

/** Why a member may not buy now, in the contract's words (viewer_reason); null when they may. */
export type EntryRefusal = 'Finished' | 'PremiumRequired' | 'SoldOut' | 'MaxTicketsReached';

/** Whether a raffle sells tickets at `now`: active, started and before its ends_at. */
export const onSale = (raffle: RaffleRow, now: Date) =>
  raffle.status === 'active' && raffle.startsAt.getTime() <= now.getTime() && now.getTime() < raffle.endsAt.getTime();

/**
 * The member's current tariff, as crowdfunding's tariffCapOf and `me` find it: the running tariff purchase of the
 * highest level, then the newest; null without one.
 */
export async function currentTariffOf(db: Db, tenantId: number, userId: number, now: Date): Promise<number | null> {
  const [current] = await db
    .select({ productId: purchases.productId })
    .from(purchases)
    .innerJoin(tariffProducts, and(eq(tariffProducts.productId, purchases.productId), eq(tariffProducts.tenantId, tenantId)))
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.tenantId, tenantId),
        or(sql`${purchases.activeFrom} is null`, lte(purchases.activeFrom, now)),
        or(sql`${purchases.activeTill} is null`, sql`${purchases.activeTill} > ${now}`),
      ),
    )
    .orderBy(desc(tariffProducts.level), desc(purchases.id))
    .limit(1);
  return current?.productId ?? null;
}

/** The tariffs that open each premium raffle: their product ids and names. */
export async function accessTariffsOf(db: Db, raffleIds: number[]) {
  const found = new Map<number, { productId: number; name: string }[]>();
  if (!raffleIds.length) return found;
  const rows = await db
    .select({ raffleId: lotteryAccessTariffs.raffleId, productId: products.id, name: products.name, level: tariffProducts.level })
    .from(lotteryAccessTariffs)
    .innerJoin(products, eq(products.id, lotteryAccessTariffs.productId))
    .leftJoin(tariffProducts, eq(tariffProducts.productId, products.id))
    .where(inArray(lotteryAccessTariffs.raffleId, raffleIds))
    .orderBy(asc(tariffProducts.level), asc(products.id));
  for (const row of rows) found.set(row.raffleId, [...(found.get(row.raffleId) ?? []), { productId: row.productId, name: row.name }]);
  return found;
}

/** Tickets sold per raffle; read under the raffle's lock when the caller holds it. */
export async function soldCounts(db: Db, raffleIds: number[]): Promise<Map<number, number>> {
  if (!raffleIds.length) return new Map();
  const rows = await db
    .select({ raffleId: lotteryTickets.raffleId, sold: sql<number>`count(*)::int` })
    .from(lotteryTickets)
    .where(inArray(lotteryTickets.raffleId, raffleIds))
    .groupBy(lotteryTickets.raffleId);
  return new Map(rows.map((row) => [row.raffleId, Number(row.sold)]));
}

/** The ticket numbers of the raffles (of one member when `userId`), ascending, per raffle. */
export async function ticketNumbers(db: Db, raffleIds: number[], userId: number | null): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>();
  if (!raffleIds.length) return found;
  const rows = await db
    .select({ raffleId: lotteryTickets.raffleId, number: lotteryTickets.number })
    .from(lotteryTickets)
    .where(and(inArray(lotteryTickets.raffleId, raffleIds), userId === null ? undefined : eq(lotteryTickets.userId, userId)))
    .orderBy(asc(lotteryTickets.raffleId), asc(lotteryTickets.number));
  for (const row of rows) found.set(row.raffleId, [...(found.get(row.raffleId) ?? []), row.number]);
  return found;
}

type Prize = { place: number; amount: string; currency: string };
export type WinnerView = Prize & { ticket: number; name: string };

async function prizesOf(db: Db, raffles: RaffleRow[]): Promise<Map<number, Prize[]>> {
  const found = new Map<number, Prize[]>();
  if (!raffles.length) return found;
  const currency = new Map(raffles.map((raffle) => [raffle.id, raffle.currency]));
  const rows = await db
    .select()
    .from(lotteryPrizes)
    .where(
      inArray(
        lotteryPrizes.raffleId,
        raffles.map((raffle) => raffle.id),
      ),
    )
    .orderBy(asc(lotteryPrizes.raffleId), asc(lotteryPrizes.place));
  for (const row of rows) {
    found.set(row.raffleId, [...(found.get(row.raffleId) ?? []), { place: row.place, amount: cents(row.amount), currency: currency.get(row.raffleId)! }]);
  }
  return found;
}

/** The drawn winners of the raffles, place 1 first, with their names shortened, and whose they are. */
async function winnersOf(db: Db, raffles: RaffleRow[]): Promise<Map<number, (WinnerView & { userId: number })[]>> {
  const found = new Map<number, (WinnerView & { userId: number })[]>();
  const drawn = raffles.filter((raffle) => raffle.drawnAt);
  if (!drawn.length) return found;
  const currency = new Map(drawn.map((raffle) => [raffle.id, raffle.currency]));
  const rows = await db
    .select({ winner: lotteryWinners, name: users.name })
    .from(lotteryWinners)
    .innerJoin(users, eq(users.id, lotteryWinners.userId))
    .where(
      inArray(
        lotteryWinners.raffleId,
        drawn.map((raffle) => raffle.id),
      ),
    )
    .orderBy(asc(lotteryWinners.raffleId), asc(lotteryWinners.place));
  for (const { winner, name } of rows) {
    const view = {
      place: winner.place,
      ticket: winner.ticket,
      name: shortName(name ?? ''),
      amount: cents(winner.amount),
      currency: currency.get(winner.raffleId)!,
      userId: winner.userId,
    };
    found.set(winner.raffleId, [...(found.get(winner.raffleId) ?? []), view]);
  }
  return found;
}

/** Why the member may not buy (in the order buying refuses), or null when they may. */
export function entryRefusal(
  raffle: RaffleRow,
  figures: { sold: number; held: number; hasAccess: boolean },
  now: Date,
): EntryRefusal | null {
  if (!onSale(raffle, now)) return 'Finished';
  if (raffle.premiumOnly && !figures.hasAccess) return 'PremiumRequired';
  if (figures.sold >= raffle.ticketsTotal) return 'SoldOut';
  if (figures.held >= raffle.maxTicketsPerMember) return 'MaxTicketsReached';
  return null;
}

/** Raffles as the contract sends them, for a member (whether they may enter, their tickets) or a visitor (viewer null). */
export async function raffleViews(db: Db, tenant: TenantRow, rows: RaffleRow[], viewer: UserRow | null, now: Date) {
  const ids = rows.map((row) => row.id);
  const drawnIds = rows.filter((row) => row.drawnAt).map((row) => row.id);
  const [sold, access, prizes, winners, drawnTickets, viewerTickets, tariff] = await Promise.all([
    soldCounts(db, ids),
    accessTariffsOf(db, ids),
    prizesOf(db, rows),
    winnersOf(db, rows),
    ticketNumbers(db, drawnIds, null),
    viewer ? ticketNumbers(db, ids, viewer.id) : new Map<number, number[]>(),
    viewer ? currentTariffOf(db, tenant.id, viewer.id, now) : null,
  ]);
  return rows.map((raffle) => {
    const tariffs = raffle.premiumOnly ? (access.get(raffle.id) ?? []) : [];
    const mine = viewerTickets.get(raffle.id) ?? [];
    const soldHere = sold.get(raffle.id) ?? 0;
    const refusal = viewer
      ? entryRefusal(raffle, { sold: soldHere, held: mine.length, hasAccess: tariffs.some((t) => t.productId === tariff) }, now)
      : 'LoginRequired';
    const drawn = raffle.drawnAt !== null;
    return {
      id: String(raffle.id),
      name: raffle.name,
      description: raffle.description,
      image: raffle.image,
      currency: raffle.currency,
      ticket_price: cents(raffle.ticketPrice),
      tickets_total: raffle.ticketsTotal,
      tickets_sold: soldHere,
      max_tickets_per_member: raffle.maxTicketsPerMember,
      min_tickets: raffle.minTickets,
      starts_at: raffle.startsAt.toISOString(),
      ends_at: raffle.endsAt.toISOString(),
      status: raffle.status,
      premium_only: raffle.premiumOnly,
      access_tariffs: tariffs.map((t) => t.name),
      viewer_can_enter: refusal === null,
      viewer_reason: refusal,
      viewer_tickets: mine,
      prizes: prizes.get(raffle.id) ?? [],
      seed_hash: raffle.seedHash,
      // The commitment holds only while the seed is secret: it leaves the server once drawn, never before.
      seed: drawn ? raffle.seed : null,
      drawn_tickets: drawn ? (drawnTickets.get(raffle.id) ?? []) : [],
      winners: drawn ? (winners.get(raffle.id) ?? []).map(({ userId: _userId, ...winner }) => winner) : [],
      drawn_at: raffle.drawnAt?.toISOString() ?? null,
      refunded_at: raffle.refundedAt?.toISOString() ?? null,
      viewerWins: viewer && drawn ? (winners.get(raffle.id) ?? []).filter((winner) => winner.userId === viewer.id).map(({ userId: _userId, ...winner }) => winner) : [],
    };
  });
}

export type RaffleView = Omit<Awaited<ReturnType<typeof raffleViews>>[number], 'viewerWins'>;

const answer = ({ viewerWins: _wins, ...view }: Awaited<ReturnType<typeof raffleViews>>[number]): RaffleView => view;

const statusOrder = sql`case ${lotteryRaffles.status} when 'active' then 0 when 'filled' then 1 else 2 end`;

/** The tenant's raffles that have started: on sale first, then filled, then finished, each by ends_at. */
export async function tenantRaffles(db: Db, tenant: TenantRow, viewer: UserRow | null, status: RaffleStatus | null, now = new Date()) {
  const rows = await db
    .select()
    .from(lotteryRaffles)
    .where(and(eq(lotteryRaffles.tenantId, tenant.id), lte(lotteryRaffles.startsAt, now), status ? eq(lotteryRaffles.status, status) : undefined))
    .orderBy(statusOrder, asc(lotteryRaffles.endsAt), asc(lotteryRaffles.id));
  return (await raffleViews(db, tenant, rows, viewer, now)).map(answer);
}

export async function oneRaffle(db: Db, tenant: TenantRow, viewer: UserRow | null, id: number, now = new Date()) {
  const [row] = await db
    .select()
    .from(lotteryRaffles)
    .where(and(eq(lotteryRaffles.id, id), eq(lotteryRaffles.tenantId, tenant.id), lte(lotteryRaffles.startsAt, now)));
  if (!row) throw raffleNotFound();
  return answer((await raffleViews(db, tenant, [row], viewer, now))[0]!);
}

/**
 * Every raffle of the tenant the member bought tickets in, newest entry first: their tickets, what they spent
 * (less what was refunded) and what they won.
 */
export async function memberEntries(db: Db, tenant: TenantRow, user: UserRow, now = new Date()) {
  const entered = await db
    .select({
      raffleId: lotteryPurchases.raffleId,
      spent: sql<string>`coalesce(sum(${lotteryPurchases.amount}) filter (where ${lotteryPurchases.refundedAt} is null), 0)::text`,
      enteredAt: sql<Date>`min(${lotteryPurchases.createdAt})`.mapWith(lotteryPurchases.createdAt),
    })
    .from(lotteryPurchases)
    .innerJoin(lotteryRaffles, eq(lotteryRaffles.id, lotteryPurchases.raffleId))
    .where(and(eq(lotteryPurchases.userId, user.id), eq(lotteryRaffles.tenantId, tenant.id)))
    .groupBy(lotteryPurchases.raffleId)
    .orderBy(desc(sql`min(${lotteryPurchases.createdAt})`), desc(lotteryPurchases.raffleId));
  if (!entered.length) return [];
  const rows = await db
    .select()
    .from(lotteryRaffles)
    .where(
      inArray(
        lotteryRaffles.id,
        entered.map((entry) => entry.raffleId),
      ),
    );
  const views = new Map((await raffleViews(db, tenant, rows, user, now)).map((view) => [view.id, view]));
  return entered.map((entry) => {
    const view = views.get(String(entry.raffleId))!;
    return {
      lottery: answer(view),
      tickets: view.viewer_tickets,
      spent: cents(entry.spent),
      won: view.viewerWins,
      entered_at: new Date(entry.enteredAt).toISOString(),
    };
  });
}

/** What a purchase bought: its numbers and cost, with the raffle as the buyer now sees it. */
export async function purchaseView(db: Db, tenant: TenantRow, user: UserRow, purchaseId: number, now = new Date()) {
  const [purchase] = await db.select().from(lotteryPurchases).where(eq(lotteryPurchases.id, purchaseId));
  const [raffle] = await db.select().from(lotteryRaffles).where(eq(lotteryRaffles.id, purchase!.raffleId));
  const numbers = await db
    .select({ number: lotteryTickets.number })
    .from(lotteryTickets)
    .where(eq(lotteryTickets.purchaseId, purchaseId))
    .orderBy(asc(lotteryTickets.number));
  return {
    lottery: answer((await raffleViews(db, tenant, [raffle!], user, now))[0]!),
    tickets: numbers.map((row) => row.number),
    amount: cents(purchase!.amount),
    currency: raffle!.currency,
  };
}
