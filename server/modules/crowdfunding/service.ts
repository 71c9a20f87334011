// Crowdfunding (issue 28): the tenant's projects with their figures (raised, pending, what is left), a member's
// cap under their tariff, and the briefcase. Investing is invest.ts, the payout job payouts.ts. What a holding
// pays and when comes from domain/crowdfunding.ts, the rule the portal's views use, so every figure agrees.
import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../context';
import { appError } from '../../errors';
import { goalLeft, holdingTotal, payoutSchedule, type ProjectStatus, type ProjectTerms } from '../../../domain/crowdfunding';
import { add, cents, compare, divideRoundingDown, multiply, plain, subtract, type Decimal } from '../../../domain/money';
import { hasModule, type TenantRow } from '../shell/service';
import { purchases, products } from '../shop/tables';
import { tariffProducts } from '../tariffs/tables';
import { crowdfundingHoldings, crowdfundingProjects, crowdfundingTariffCaps } from './tables';

export type ProjectRow = typeof crowdfundingProjects.$inferSelect;
export type HoldingRow = typeof crowdfundingHoldings.$inferSelect;

export async function requireCrowdfunding(db: Db, tenant: TenantRow): Promise<void> {
  if (!(await hasModule(db, tenant.id, 'crowdfunding'))) throw appError('not_found', 'This portal has no crowdfunding projects.');
}

export const termsOf = (project: ProjectRow): ProjectTerms => ({
  returnPercent: project.returnPercent,
  payoutPeriodMonths: project.payoutPeriodMonths,
  termMonths: project.termMonths,
});

export const fundraisingFinished = () => appError('conflict', 'Fundraising finished, so no investing.', { reason: 'FundraisingFinished' });
export const projectNotFound = () => appError('not_found', 'No such project.');

// ---------------------------------------------------------------- figures

/** What a project has raised and reserved, and what one member holds in it. */
export interface Figures {
  raised: Decimal;
  pending: Decimal;
  investors: number;
  viewerInvested: Decimal;
}

export const noFigures: Figures = { raised: '0', pending: '0', investors: 0, viewerInvested: '0' };

/**
 * Raised (holdings whose money arrived: paid_at set), pending (holdings waiting on an invoice), the investors
 * who paid, and what `viewerId` holds (pending and active), per project; read under the project's lock when
 * the caller holds it.
 */
export async function figuresOf(db: Db, projectIds: number[], viewerId: number | null): Promise<Map<number, Figures>> {
  if (!projectIds.length) return new Map();
  const h = crowdfundingHoldings;
  const rows = await db
    .select({
      projectId: h.projectId,
      raised: sql<string>`coalesce(sum(${h.amount}) filter (where ${h.paidAt} is not null), 0)::text`,
      pending: sql<string>`coalesce(sum(${h.amount}) filter (where ${h.status} = 'pending'), 0)::text`,
      investors: sql<number>`(count(distinct ${h.userId}) filter (where ${h.paidAt} is not null))::int`,
      // A completed holding still counts against the cap: its body coming back does not free the member to invest again.
      viewerInvested: sql<string>`coalesce(sum(${h.amount}) filter (where ${h.userId} = ${viewerId ?? 0} and ${h.status} in ('pending', 'active', 'completed')), 0)::text`,
    })
    .from(h)
    .where(inArray(h.projectId, projectIds))
    .groupBy(h.projectId);
  return new Map(rows.map((row) => [row.projectId, { ...row, investors: Number(row.investors) }]));
}

/**
 * The member's cap per project under their current tariff: the running tariff purchase of the highest level
 * (then the newest), as `me` reads the current tariff; 0 without one, or when the tenant set no cap for it.
 */
export async function tariffCapOf(db: Db, tenantId: number, userId: number, now: Date): Promise<Decimal> {
  const [current] = await db
    .select({ cap: crowdfundingTariffCaps.cap })
    .from(purchases)
    .innerJoin(tariffProducts, and(eq(tariffProducts.productId, purchases.productId), eq(tariffProducts.tenantId, tenantId)))
    .leftJoin(crowdfundingTariffCaps, and(eq(crowdfundingTariffCaps.productId, purchases.productId), eq(crowdfundingTariffCaps.tenantId, tenantId)))
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
  return current?.cap ?? '0';
}

/** The tenant's tariffs that allow investing, with their caps, smallest first. */
async function capTariffs(db: Db, tenantId: number) {
  const rows = await db
    .select({ uuid: products.uuid, name: products.name, cap: crowdfundingTariffCaps.cap })
    .from(crowdfundingTariffCaps)
    .innerJoin(products, eq(products.id, crowdfundingTariffCaps.productId))
    .where(and(eq(crowdfundingTariffCaps.tenantId, tenantId), sql`${crowdfundingTariffCaps.cap} > 0`))
    .orderBy(asc(crowdfundingTariffCaps.cap));
  return rows.map((row) => ({ tariff_id: row.uuid, name: row.name, cap: cents(row.cap) }));
}

/** What a project's status is now: finished when stored so, past ends_at, or the goal is raised. */
export function projectStatusAt(project: ProjectRow, raised: Decimal, now: Date): ProjectStatus {
  if (project.status === 'finished' || now.getTime() >= project.endsAt.getTime() || compare(raised, project.goal) >= 0) return 'finished';
  return 'active';
}

/** The viewer's side of the figures: null for visitors. */
interface ViewerCaps {
  tariffCap: Decimal;
}

function projectView(project: ProjectRow, figures: Figures, viewer: ViewerCaps | null, tariffs: Awaited<ReturnType<typeof capTariffs>>, now: Date) {
  const left = goalLeft(project.goal, figures.raised, figures.pending);
  const viewerCap = viewer ? subtract(viewer.tariffCap, figures.viewerInvested) : null;
  return {
    id: String(project.id),
    name: project.name,
    excerpt: project.excerpt,
    description: project.description,
    images: project.images,
    documents: project.documents,
    currency: project.currency,
    goal: cents(project.goal),
    raised: cents(figures.raised),
    pending: cents(figures.pending),
    available: cents(left),
    investors_count: figures.investors,
    min_investment: cents(project.minInvestment),
    starts_at: project.startsAt.toISOString(),
    ends_at: project.endsAt.toISOString(),
    status: projectStatusAt(project, figures.raised, now),
    goal_reached: compare(figures.raised, project.goal) >= 0,
    refunded_at: project.refundedAt?.toISOString() ?? null,
    return_percent: plain(project.returnPercent),
    payout_period_months: project.payoutPeriodMonths,
    term_months: project.termMonths,
    viewer_cap: viewerCap === null ? null : cents(compare(viewerCap, '0') < 0 ? '0' : viewerCap),
    viewer_tariff_cap: viewer ? cents(viewer.tariffCap) : null,
    viewer_invested: viewer ? cents(figures.viewerInvested) : null,
    cap_tariffs: tariffs,
  };
}

export type ProjectView = ReturnType<typeof projectView>;

/** Projects as the contract sends them, for a member (their caps) or a visitor (viewer null). */
async function projectViews(db: Db, tenant: TenantRow, rows: ProjectRow[], viewer: UserRow | null, now: Date): Promise<ProjectView[]> {
  const [figures, tariffs, tariffCap] = await Promise.all([
    figuresOf(
      db,
      rows.map((row) => row.id),
      viewer?.id ?? null,
    ),
    capTariffs(db, tenant.id),
    viewer ? tariffCapOf(db, tenant.id, viewer.id, now) : null,
  ]);
  return rows.map((row) => projectView(row, figures.get(row.id) ?? noFigures, tariffCap === null ? null : { tariffCap }, tariffs, now));
}

/** The tenant's projects, newest first, as they stand now (status active or finished, or both). */
export async function tenantProjects(db: Db, tenant: TenantRow, viewer: UserRow | null, status: ProjectStatus | null, now = new Date()) {
  const rows = await db
    .select()
    .from(crowdfundingProjects)
    .where(eq(crowdfundingProjects.tenantId, tenant.id))
    .orderBy(desc(crowdfundingProjects.startsAt), desc(crowdfundingProjects.id));
  const views = await projectViews(db, tenant, rows, viewer, now);
  return status ? views.filter((view) => view.status === status) : views;
}

export async function oneProject(db: Db, tenant: TenantRow, viewer: UserRow | null, id: number, now = new Date()) {
  const [row] = await db
    .select()
    .from(crowdfundingProjects)
    .where(and(eq(crowdfundingProjects.id, id), eq(crowdfundingProjects.tenantId, tenant.id)));
  if (!row) throw projectNotFound();
  return (await projectViews(db, tenant, [row], viewer, now))[0]!;
}

// ---------------------------------------------------------------- holdings and the briefcase

/** The next payout of a holding as the rule schedules it; null unless active. */
function nextPayout(holding: HoldingRow, project: ProjectRow) {
  if (holding.status !== 'active' || !holding.paidAt) return null;
  const terms = termsOf(project);
  const next = payoutSchedule(holding.amount, holding.paidAt, terms)[holding.payoutsDone];
  return next ? { at: next.dueAt.toISOString(), amount: cents(add(next.profit, next.body)) } : null;
}

function holdingView(holding: HoldingRow, project: ProjectRow, projectAnswer: ProjectView) {
  const next = nextPayout(holding, project);
  return {
    id: String(holding.id),
    project: projectAnswer,
    amount: cents(holding.amount),
    currency: project.currency,
    status: holding.status,
    share_percent: divideRoundingDown(multiply(holding.amount, '100'), project.goal, 2),
    received_profit: cents(holding.receivedProfit),
    received_body: cents(holding.receivedBody),
    total_return: cents(holdingTotal(holding.amount, termsOf(project))),
    next_payout_at: next?.at ?? null,
    next_payout_amount: next?.amount ?? null,
    paid_at: holding.paidAt?.toISOString() ?? null,
    refunded_at: holding.refundedAt?.toISOString() ?? null,
    created_at: holding.createdAt.toISOString(),
  };
}

/** The member's holdings in the tenant's projects (all, or those named), newest first. */
export async function memberHoldings(db: Db, tenant: TenantRow, user: UserRow, ids: number[] | null, now: Date) {
  const rows = await db
    .select({ holding: crowdfundingHoldings, project: crowdfundingProjects })
    .from(crowdfundingHoldings)
    .innerJoin(crowdfundingProjects, eq(crowdfundingProjects.id, crowdfundingHoldings.projectId))
    .where(
      and(
        eq(crowdfundingHoldings.userId, user.id),
        eq(crowdfundingProjects.tenantId, tenant.id),
        ids ? inArray(crowdfundingHoldings.id, ids) : undefined,
      ),
    )
    .orderBy(desc(crowdfundingHoldings.createdAt), desc(crowdfundingHoldings.id));
  const projects = [...new Map(rows.map(({ project }) => [project.id, project])).values()];
  const views = new Map((await projectViews(db, tenant, projects, user, now)).map((view) => [view.id, view]));
  return rows.map(({ holding, project }) => holdingView(holding, project, views.get(String(project.id))!));
}

export async function briefcase(db: Db, tenant: TenantRow, user: UserRow, now = new Date()) {
  const holdings = await memberHoldings(db, tenant, user, null, now);
  const kept = holdings.filter((holding) => holding.status !== 'refunded');
  return {
    currency: tenant.currency,
    total_invested: cents(kept.reduce<Decimal>((total, holding) => add(total, holding.amount), '0')),
    total_received: cents(holdings.reduce<Decimal>((total, holding) => add(add(total, holding.received_profit), holding.received_body), '0')),
    holdings,
  };
}
