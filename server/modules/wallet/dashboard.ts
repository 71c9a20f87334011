// Dashboard widget values (spec §2 "Widgets", §3 "Dashboard widget values": dealsSum, dealsCount,
// profitSum, invSum), aggregated in SQL for the signed-in member. Each widget has its own query so that
// none waits for another. Sources: the member's investment plans (started and finished), the ledger (profits,
// investments) and, for my deals and team deals (the member's own and those of the downline by the sponsor relation),
// the real-estate deals when the portal has the deals module (in USD), else paid invoices. Money is in USDT at each
// currency's rate (deals: USD), two decimals, as Decimal strings.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { TransactionType } from '../../../domain/ledger';
import type { Decimal } from '../../../domain/money';
import { users } from '../account/tables';
import { invoices } from '../payments/tables';
import { investments } from '../investments/tables';
import { currencies, ledgerEntries } from './tables';
import { deals } from '../deals/tables';
import { hasModule } from '../shell/service';
import { dealCurrency } from '../../../domain/deals';

/** The months a selector offers: this month (UTC) and the 11 before it. */
export const dashboardMonths = 12;
/** How deep the team reaches for team deals (levels below the member). */
export const teamDepth = 10;

/** Profit: realised results and returns (a simple plan's profit paid out), not deposits, bonuses or the return of invested bodies. */
const profitTypes: readonly TransactionType[] = [
  'REALISED_PNL',
  'STAKING_REWARD',
  'CROWDFUNDING_PAYOUT_PROFIT',
  'SPONSOR_AIRDROP_PROFIT',
  'INVESTMENT_PLAN_WITHDRAW',
];
/** Invested: money put into plans and projects (debits, counted positive). */
const investmentTypes: readonly TransactionType[] = ['INVESTMENT_PLAN_ACTIVATE', 'CROWDFUNDING_INVESTMENT'];

const list = (types: readonly string[]) =>
  sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  );

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** "YYYY-MM" of this month (UTC) and the 11 before it, newest first. */
export function lastMonths(now = new Date()): string[] {
  return Array.from({ length: dashboardMonths }, (_, back) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

export interface PlansMonth {
  month: string;
  count: number;
  active: number;
}

/**
 * My plans per month: how many investment plans the member has started by the end of the month, and how many
 * of them were still running then (started less finished, at term or stopped early).
 */
export async function dashboardPlans(db: Db, userId: number): Promise<PlansMonth[]> {
  const month = (column: SQL) => sql`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`;
  const result = await db.execute(sql`
    select month, count(*) filter (where event = 'started')::int as started, count(*) filter (where event = 'ended')::int as ended
    from (
      select ${month(sql`started_at`)} as month, 'started' as event from ${investments} where user_id = ${userId}
      union all
      select ${month(sql`finished_at`)}, 'ended' from ${investments} where user_id = ${userId} and finished_at is not null
    ) as plan_events
    group by month`);
  const byMonth = new Map(rowsOf<{ month: string; started: number; ended: number }>(result).map((row) => [row.month, row]));
  const months = lastMonths();
  const oldest = months.at(-1)!;
  // Everything before the oldest month counts into its opening figures.
  let started = 0;
  let ended = 0;
  for (const [month, row] of byMonth) {
    if (month < oldest) {
      started += Number(row.started);
      ended += Number(row.ended);
    }
  }
  const answer: PlansMonth[] = [];
  for (const month of [...months].reverse()) {
    const row = byMonth.get(month);
    started += Number(row?.started ?? 0);
    ended += Number(row?.ended ?? 0);
    answer.push({
      month,
      count: started,
      active: Math.max(0, started - ended),
    });
  }
  return answer.reverse();
}

export interface FinanceMonth {
  month: string;
  profitSum: Decimal;
  invSum: Decimal;
}

/** My finance per month: profit earned and money invested in the month, in USDT. */
export async function dashboardFinance(db: Db, userId: number): Promise<FinanceMonth[]> {
  const months = lastMonths();
  const result = await db.execute(sql`
    select to_char(date_trunc('month', l.created_at at time zone 'UTC'), 'YYYY-MM') as month,
      coalesce(sum(l.amount * c.usdt_rate) filter (where l.type in (${list(profitTypes)})), 0)::numeric(36,2)::text as profit,
      coalesce(-sum(l.amount * c.usdt_rate) filter (where l.type in (${list(investmentTypes)})), 0)::numeric(36,2)::text as invested
    from ${ledgerEntries} l join ${currencies} c on c.code = l.currency
    where l.user_id = ${userId} and l.type in (${list([...profitTypes, ...investmentTypes])})
      and l.created_at >= ${`${months.at(-1)!}-01T00:00:00Z`}::timestamptz
    group by 1`);
  const byMonth = new Map(rowsOf<{ month: string; profit: string; invested: string }>(result).map((row) => [row.month, row]));
  return months.map((month) => ({
    month,
    profitSum: byMonth.get(month)?.profit ?? '0.00',
    invSum: byMonth.get(month)?.invested ?? '0.00',
  }));
}

export interface Deals {
  dealsSum: Decimal;
  dealsCount: number;
  currency: string;
}

/** Paid invoices, in USDT at each currency's rate: the deals of a portal without the deals module. */
const paidInvoicesOf = async (db: Db, members: SQL): Promise<Deals> => {
  const result = await db.execute(sql`
    select count(*)::int as count, coalesce(sum(i.total * c.usdt_rate), 0)::numeric(36,2)::text as total
    from ${invoices} i join ${currencies} c on c.code = i.currency
    where i.status = 'paid' and i.user_id in (${members})`);
  const [row] = rowsOf<{ count: number; total: string }>(result);
  return {
    dealsSum: row?.total ?? '0.00',
    dealsCount: Number(row?.count ?? 0),
    currency: 'USDT',
  };
};

/** Real-estate deals (deals module): those not declined count, the completed ones' transaction amounts add up, in USD. */
const realEstateDealsOf = async (db: Db, members: SQL): Promise<Deals> => {
  const result = await db.execute(sql`
    select count(*) filter (where d.status <> 'declined')::int as count,
      coalesce(sum(d.transaction_amount) filter (where d.status = 'completed'), 0)::numeric(36,2)::text as total
    from ${deals} d where d.user_id in (${members})`);
  const [row] = rowsOf<{ count: number; total: string }>(result);
  return {
    dealsSum: row?.total ?? '0.00',
    dealsCount: Number(row?.count ?? 0),
    currency: dealCurrency,
  };
};

type Member = { id: number; tenantId: number };

/** The widgets count real-estate deals when the member's portal has the deals module, else paid invoices. */
const dealsOf = async (db: Db, member: Member, members: SQL): Promise<Deals> =>
  (await hasModule(db, member.tenantId, 'deals')) ? realEstateDealsOf(db, members) : paidInvoicesOf(db, members);

/** My deals: the member's real-estate deals (deals module), else their paid invoices. */
export const dashboardMyDeals = (db: Db, user: Member) => dealsOf(db, user, sql`${user.id}`);

/** Team deals: the same of the member's downline (sponsor relation, same tenant, up to teamDepth levels). */
export const dashboardTeamDeals = (db: Db, user: Member) =>
  dealsOf(
    db,
    user,
    sql`with recursive team(id, depth) as (
        select u.id, 1 from ${users} u where u.sponsor_id = ${user.id} and u.tenant_id = ${user.tenantId}
        union
        select u.id, t.depth + 1 from ${users} u join team t on u.sponsor_id = t.id
        where t.depth < ${teamDepth} and u.tenant_id = ${user.tenantId}
      ) select id from team`,
  );
