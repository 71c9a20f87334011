// Real-estate deals (issue 30; server/schema.graphql "deals, licenses, roadmap"): a member files a deal (status new,
// once per idempotency key) and reads their own deals and their downline's (10 levels, from team_paths), the team's
// without the filer's personal answers. What the signed-in member earns from a deal (viewer_fee) is its referrer fee
// when they are the filer's sponsor. The operator's moves are operator.ts.
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withIdempotency } from '../../db/idempotency';
import type { UserRow } from '../../context';
import { appError } from '../../errors';
import { dealCurrency, type dealInputSchema } from '../../../domain/deals';
import { cents } from '../../../domain/money';
import type * as v from 'valibot';
import { users } from '../account/tables';
import { teamPaths } from '../affiliates/tables';
import { shortName } from '../account/public-name';
import { hasModule, type TenantRow } from '../shell/service';
import { teamDepth } from '../wallet/dashboard';
import { dealHistory, deals } from './tables';

export type DealRow = typeof deals.$inferSelect;
export type DealScope = 'mine' | 'team';
export const dealScopes = ['mine', 'team'] as const;

export async function requireDeals(db: Db, tenant: TenantRow): Promise<void> {
  if (!(await hasModule(db, tenant.id, 'deals'))) throw appError('not_found', 'This portal has no deals.');
}

export const dealNotFound = () => appError('not_found', 'No such deal.');

/** A deal with its filer's name and sponsor, and how many levels below the viewer the filer is (0: their own). */
interface Seen {
  deal: DealRow;
  filerName: string | null;
  filerSponsorId: number | null;
  level: number;
}

const seenColumns = { deal: deals, filerName: users.name, filerSponsorId: users.sponsorId };

/** Who earns a deal's referrer fee: the sponsor credited once it completed, else the filer's sponsor now. */
const sponsorOf = (seen: Seen) => (seen.deal.status === 'completed' ? seen.deal.sponsorId : seen.filerSponsorId);

async function dealViews(db: Db, seen: Seen[], viewer: UserRow) {
  const ids = seen.map((row) => row.deal.id);
  const history = new Map<number, { status: string; at: string }[]>();
  if (ids.length) {
    const rows = await db.select().from(dealHistory).where(inArray(dealHistory.dealId, ids)).orderBy(asc(dealHistory.at), asc(dealHistory.id));
    for (const row of rows) history.set(row.dealId, [...(history.get(row.dealId) ?? []), { status: row.status, at: row.at.toISOString() }]);
  }
  return seen.map((row) => {
    const { deal, level } = row;
    // The team sees the deal, not the person's file (the Deal type): only the viewer's own deals carry the answers.
    const own = level === 0;
    const privately = <T>(value: T) => (own ? value : null);
    const referrerFee = deal.referrerFee === null ? null : cents(deal.referrerFee);
    return {
      id: String(deal.id),
      first_name: privately(deal.firstName),
      last_name: privately(deal.lastName),
      job: privately(deal.job),
      marital_status: privately(deal.maritalStatus),
      kids: privately(deal.kids),
      distance_to_sea: privately(deal.distanceToSea),
      payment_scheme: privately(deal.paymentScheme),
      readiness: privately(deal.readiness),
      contacts: privately(deal.contacts),
      status: deal.status,
      currency: dealCurrency,
      transaction_amount: deal.transactionAmount === null ? null : cents(deal.transactionAmount),
      transaction_fee: deal.transactionFee === null ? null : cents(deal.transactionFee),
      referrer_fee: referrerFee,
      viewer_fee: referrerFee === null ? null : sponsorOf(row) === viewer.id ? referrerFee : '0.00',
      fee_paid: deal.feePaidAt !== null,
      decline_reason: privately(deal.declineReason),
      member_name: shortName(row.filerName ?? ''),
      level,
      history: history.get(deal.id) ?? [],
      created_at: deal.createdAt.toISOString(),
    };
  });
}

export type DealView = Awaited<ReturnType<typeof dealViews>>[number];

/** The viewer's own deals (mine) or their downline's to teamDepth levels (team), newest first. */
export async function memberDeals(db: Db, tenant: TenantRow, viewer: UserRow, scope: DealScope, id?: number): Promise<DealView[]> {
  const byId = id === undefined ? undefined : eq(deals.id, id);
  const seen: Seen[] =
    scope === 'mine'
      ? (
          await db
            .select(seenColumns)
            .from(deals)
            .innerJoin(users, eq(users.id, deals.userId))
            .where(and(eq(deals.userId, viewer.id), eq(deals.tenantId, tenant.id), byId))
            .orderBy(desc(deals.createdAt), desc(deals.id))
        ).map((row) => ({ ...row, level: 0 }))
      : await db
          .select({ ...seenColumns, level: teamPaths.depth })
          .from(deals)
          .innerJoin(teamPaths, and(eq(teamPaths.memberId, deals.userId), eq(teamPaths.ancestorId, viewer.id), lte(teamPaths.depth, teamDepth)))
          .innerJoin(users, eq(users.id, deals.userId))
          .where(and(eq(deals.tenantId, tenant.id), byId))
          .orderBy(desc(deals.createdAt), desc(deals.id));
  return dealViews(db, seen, viewer);
}

/** One deal of the viewer or their downline (the same privacy as the lists), else not_found. */
export async function oneDeal(db: Db, tenant: TenantRow, viewer: UserRow, id: number): Promise<DealView> {
  const [found] = [...(await memberDeals(db, tenant, viewer, 'mine', id)), ...(await memberDeals(db, tenant, viewer, 'team', id))];
  if (!found) throw dealNotFound();
  return found;
}

export type DealAnswers = v.InferOutput<typeof dealInputSchema>;

/** Files a deal (status new, with its first history row): once per idempotency key. */
export async function createDeal(db: Db, tenant: TenantRow, user: UserRow, input: DealAnswers, idempotencyKey: string | null, now = new Date()) {
  const { id } = await withIdempotency(db, user.id, 'moduleDealCreate', idempotencyKey, { ...input }, async (tx) => {
    const [deal] = await tx
      .insert(deals)
      .values({
        tenantId: tenant.id,
        userId: user.id,
        firstName: input.first_name,
        lastName: input.last_name,
        job: input.job,
        maritalStatus: input.marital_status,
        kids: input.kids,
        distanceToSea: input.distance_to_sea,
        paymentScheme: input.payment_scheme,
        readiness: input.readiness,
        contacts: input.contacts,
        status: 'new',
        createdAt: now,
      })
      .returning({ id: deals.id });
    await tx.insert(dealHistory).values({ dealId: deal!.id, status: 'new', at: now });
    return { id: deal!.id };
  });
  return oneDeal(db, tenant, user, id);
}
