// Affiliates: the member's team from the sponsor relation (users.sponsor_id, read flattened from team_paths; only
// the member's own downline, in the member's tenant, never deeper than the plan's max_depth or the member's
// level access: spec §3 aff_plan, §6 team level access), the top team list (spec §9: 100) and the referral
// earnings with their holding period and minimum payout (issue "Wallet", beyond the reference portals).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appError } from '../../errors';
import { add, cents, compare, sum, type Decimal } from '../../../domain/money';
import { affiliateEarnings, teamLevelPage, topTeamSize, type EarningState } from '../../../domain/limits';
import { affPlans } from '../shell/tables';
import { users } from '../account/tables';
import { products } from '../shop/tables';
import { affEarnings, affLevelAccess, teamPaths, teamPathsDepth } from './tables';

interface Member {
  id: number;
  tenantId: number;
}

/** How deep the member may look: the plan's max_depth, narrowed by the member's level access. */
export async function teamAccess(db: Db, member: Member) {
  const [row] = await db
    .select({
      maxDepth: affPlans.maxDepth,
      maxLevel: affLevelAccess.maxLevel,
      opensWithTariff: products.name,
      opensWithPurchase: affLevelAccess.opensWithPurchase,
    })
    .from(users)
    .leftJoin(affPlans, eq(affPlans.tenantId, users.tenantId))
    .leftJoin(affLevelAccess, eq(affLevelAccess.userId, users.id))
    .leftJoin(products, eq(products.id, affLevelAccess.opensWithProductId))
    .where(eq(users.id, member.id));
  const maxDepth = Math.max(0, row?.maxDepth ?? 0);
  const accessDepth = Math.min(maxDepth, row?.maxLevel ?? maxDepth);
  // What opens the deeper levels (issue 33): a tariff by name, any purchase, or nothing the member can do.
  const opensWith = row?.opensWithTariff
    ? { kind: 'tariff', tariff_name: row.opensWithTariff }
    : row?.opensWithPurchase
      ? { kind: 'purchase', tariff_name: null }
      : null;
  return { maxDepth, accessDepth, opensWith };
}

/**
 * The member's downline to depth: (id, level, created_at) rows, each member once at their shallowest level,
 * with their joining time so a level's page and the top team list are ordered and cut before any member's
 * details are looked up. Read from team_paths (the tree flattened, one index range); a plan deeper than it
 * reaches walks users.sponsor_id instead, which answers the same rows.
 */
export const downline = (member: Member, depth: number) =>
  depth <= teamPathsDepth
    ? sql`
  select p.member_id as id, p.depth as level, p.member_created_at as created_at from ${teamPaths} p
  where p.ancestor_id = ${member.id} and p.depth <= ${depth}`
    : downlineWalked(member, depth);

/** The same rows by walking the sponsor relation level by level (a recursive query). */
export const downlineWalked = (member: Member, depth: number) => sql`
  with recursive team(id, level, created_at) as (
    select u.id, 1, u.created_at from ${users} u where u.sponsor_id = ${member.id} and u.tenant_id = ${member.tenantId}
    union all
    select u.id, team.level + 1, u.created_at from ${users} u join team on u.sponsor_id = team.id
    where team.level < ${depth} and u.tenant_id = ${member.tenantId}
  )
  select id, min(level) as level, created_at from team group by id, created_at`;

/** db.execute answers { rows } on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const levelDenied = () => appError('forbidden', 'You do not have access to this level.', { reason: 'LevelAccessDenied' });

/** The team's levels 1..max_depth: how many members each holds, and whether the member may open it. */
export async function teamOverview(db: Db, member: Member) {
  const { maxDepth, accessDepth, opensWith } = await teamAccess(db, member);
  const counts = new Map<number, number>();
  if (accessDepth > 0) {
    const result = await db.execute(sql`
      select level::int as level, count(*)::int as count from (${downline(member, accessDepth)}) t group by level`);
    for (const row of rowsOf<{ level: number; count: number }>(result)) counts.set(Number(row.level), Number(row.count));
  }
  const levels = Array.from({ length: maxDepth }, (_, index) => {
    const level = index + 1;
    const open = level <= accessDepth;
    return { level, open, count: open ? (counts.get(level) ?? 0) : null, opens_with: open ? null : opensWith };
  });
  return { max_depth: maxDepth, access_depth: accessDepth, levels };
}

interface LevelRow {
  uuid: string;
  name: string;
  avatar: string | null;
  joined_at: Date | string;
  referrals: number;
  sponsor_name: string | null;
  member_count: number;
}

/** One level of the team, 100 members a page (page from 1); a level beyond access is LevelAccessDenied. */
export async function teamLevel(db: Db, member: Member, level: number, page: number) {
  const { accessDepth } = await teamAccess(db, member);
  if (level > accessDepth) throw levelDenied();
  // The level's page is chosen from the downline's (id, created_at) rows (team_paths: one index range, in
  // order); only its members are looked up.
  const result = await db.execute(sql`
    with page as (
      select t.id, t.created_at from (${downline(member, level)}) t where t.level = ${level}
      order by t.created_at desc, t.id desc
      limit ${teamLevelPage} offset ${(page - 1) * teamLevelPage}
    )
    select u.uuid, u.name, u.avatar, u.created_at as joined_at, s.name as sponsor_name,
      (select count(*)::int from ${users} r where r.sponsor_id = u.id and r.tenant_id = u.tenant_id) as referrals,
      (select count(*)::int from (${downline(member, level)}) t where t.level = ${level}) as member_count
    from page join ${users} u on u.id = page.id left join ${users} s on s.id = u.sponsor_id
    order by page.created_at desc, page.id desc`);
  const rows = rowsOf<LevelRow>(result);
  let memberCount = rows[0]?.member_count ?? 0;
  if (rows.length === 0 && page > 1) {
    const counted = await db.execute(sql`select count(*)::int as member_count from (${downline(member, level)}) t where t.level = ${level}`);
    memberCount = rowsOf<{ member_count: number }>(counted)[0]?.member_count ?? 0;
  }
  return {
    level,
    page,
    total: Number(memberCount),
    page_size: teamLevelPage,
    members: rows.map((row) => ({
      uuid: row.uuid,
      name: row.name,
      avatar: row.avatar,
      joined_at: new Date(row.joined_at),
      referrals: Number(row.referrals),
      sponsor_name: level > 1 ? row.sponsor_name : null,
    })),
  };
}

interface TopRow {
  uuid: string;
  name: string;
  avatar: string | null;
  level: number;
  referrals: number;
  team_size: number;
  earned: string;
}

/**
 * The top team list (spec §9: 100): the members of the downline the member may see, by what they earned
 * the member (approved and paid earnings), then by their own direct referrals, then the earliest joined.
 */
export async function topTeam(db: Db, member: Member) {
  const { accessDepth } = await teamAccess(db, member);
  if (accessDepth === 0) return [];
  // The team's referrals counted in one pass: each member's referrals (users they sponsor in the tenant)
  // are the team's members one level deeper grouped by their sponsor (team_paths carries it); earnings are
  // grouped once. The list is ordered and cut on the downline's rows, then only its 100 members looked up.
  const counted = accessDepth + 1 <= teamPathsDepth;
  const result = await db.execute(sql`
    with t as (${downline(member, accessDepth)}),
    referrals as (${
      counted
        ? sql`
      select p.member_sponsor_id as id, count(*)::int as referrals from ${teamPaths} p
      where p.ancestor_id = ${member.id} and p.depth <= ${accessDepth + 1}
      group by p.member_sponsor_id`
        : sql`
      select r.sponsor_id as id, count(*)::int as referrals from ${users} r
      where r.tenant_id = ${member.tenantId} and r.sponsor_id in (select id from t)
      group by r.sponsor_id`
    }
    ),
    earned as (
      select e.from_user_id as id, sum(e.amount) as earned from ${affEarnings} e
      where e.user_id = ${member.id} and e.status <> 'pending' and e.from_user_id is not null
      group by e.from_user_id
    ),
    ranked as (
      select t.id, t.level::int as level, t.created_at, coalesce(r.referrals, 0) as referrals, coalesce(e.earned, 0) as earned
      from t left join referrals r on r.id = t.id left join earned e on e.id = t.id
      order by earned desc, referrals desc, t.created_at asc, t.id asc
      limit ${topTeamSize}
    )
    select u.uuid, u.name, u.avatar, ranked.level, ranked.referrals, ranked.earned::numeric(36,2)::text as earned
    from ranked join ${users} u on u.id = ranked.id
    order by ranked.earned desc, ranked.referrals desc, ranked.created_at asc, ranked.id asc`);
  return rowsOf<TopRow>(result).map((row) => ({
    uuid: row.uuid,
    name: row.name,
    avatar: row.avatar,
    level: Number(row.level),
    referrals: Number(row.referrals),
    earned: row.earned,
    currency: affiliateEarnings.currency,
  }));
}

/**
 * The member's referral earnings (newest first, at most 100) with the state each is in, and what becomes
 * payable when: pending (the purchase is not paid yet), on hold until its date (holding period), released
 * but below the minimum payout (with the rest released), payable, or paid. The schedule lists the dates on
 * which held earnings are released and the released total from then on, marking the first date it reaches
 * the minimum payout.
 */
export async function earnings(db: Db, member: Member, now = new Date()) {
  const rows = await db
    .select({
      id: affEarnings.id,
      amount: affEarnings.amount,
      currency: affEarnings.currency,
      level: affEarnings.level,
      status: affEarnings.status,
      holdUntil: affEarnings.holdUntil,
      paidAt: affEarnings.paidAt,
      createdAt: affEarnings.createdAt,
      fromName: users.name,
    })
    .from(affEarnings)
    .leftJoin(users, eq(users.id, affEarnings.fromUserId))
    .where(and(eq(affEarnings.userId, member.id), eq(affEarnings.currency, affiliateEarnings.currency)))
    .orderBy(desc(affEarnings.createdAt), desc(affEarnings.id));
  const held = (row: (typeof rows)[number]) => row.status === 'approved' && row.holdUntil !== null && row.holdUntil > now;
  const released = rows.filter((row) => row.status === 'approved' && !held(row));
  const releasedTotal = sum(released.map((row) => row.amount));
  const minimum = affiliateEarnings.minimumPayout;
  const releasedPayable = compare(releasedTotal, minimum) >= 0;
  const stateOf = (row: (typeof rows)[number]): EarningState => {
    if (row.status === 'paid') return 'paid';
    if (row.status === 'pending') return 'pending';
    if (held(row)) return 'on_hold';
    return releasedPayable ? 'payable' : 'below_minimum';
  };
  const items = rows.map((row) => ({
    id: String(row.id),
    amount: cents(row.amount),
    currency: row.currency,
    level: row.level,
    from_name: row.fromName,
    state: stateOf(row),
    created_at: row.createdAt,
    hold_until: row.status === 'approved' ? row.holdUntil : null,
    paid_at: row.paidAt,
  }));
  const totalOf = (state: EarningState) => cents(sum(rows.filter((row) => stateOf(row) === state).map((row) => row.amount)));
  // Held earnings by release day, in date order; the released total grows with each.
  const byDay = new Map<string, Decimal>();
  for (const row of rows.filter(held).sort((a, b) => a.holdUntil!.getTime() - b.holdUntil!.getTime())) {
    const day = row.holdUntil!.toISOString().slice(0, 10);
    byDay.set(day, add(byDay.get(day) ?? '0', row.amount));
  }
  let running = releasedTotal;
  const schedule = [...byDay].map(([date, amount]) => {
    running = add(running, amount);
    return { date, released: cents(amount), payable_total: cents(running), payable: compare(running, minimum) >= 0 };
  });
  return {
    currency: affiliateEarnings.currency,
    minimum_payout: minimum,
    holding_days: affiliateEarnings.holdingDays,
    pending: totalOf('pending'),
    on_hold: totalOf('on_hold'),
    below_minimum: totalOf('below_minimum'),
    payable: totalOf('payable'),
    paid: totalOf('paid'),
    payable_from: releasedPayable ? null : (schedule.find((entry) => entry.payable)?.date ?? null),
    schedule,
    items: items.slice(0, affiliateEarnings.listSize),
  };
}
