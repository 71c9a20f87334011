// The team tree flattened (team_paths), which the team overview, levels and top team list read instead of
// walking users.sponsor_id: after members are added in bulk (children before their sponsor too), a member of
// another tenant sits in the tree, a subtree is moved, a member changes tenant or is deleted, a sponsor cycle
// appears, and members join in parallel while a subtree moves, every member's downline read from it equals
// the walked one (the recursive query the service used before) at every depth, and so does the top team list
// (referrals counted from team_paths). Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { downline, downlineWalked, teamAccess, topTeam } from '../../server/modules/affiliates/service';
import { teamPathsDepth } from '../../server/modules/affiliates/tables';
import { startServer } from './harness';

let server: Awaited<ReturnType<typeof startServer>>;
let tenantA: number;
let tenantB: number;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  server = await startServer();
  const tenants = rowsOf<{ id: number }>(await server.db.execute(sql`select id from tenants order by id limit 2`));
  tenantA = tenants[0]!.id;
  tenantB = tenants[1]!.id;
});
afterAll(async () => {
  await server?.close();
});

// Ids of their own (far above the seed's), so a test can name a sponsor before it exists.
const base = 700_000;
let users = 0;
async function addMembers(members: { id?: number; sponsor: number | null; tenant?: number }[], db = server.db) {
  const rows = members.map((member) => {
    const n = (users += 1);
    const id = member.id ?? base + 50_000 + n;
    return sql`(${id}, ${member.tenant ?? tenantA}, ${`paths-${n}@example.com`}, ${`Paths ${n}`}, '!', ${`paths-${n}`}, ${`PT-${n}`}, ${member.sponsor},
      now() - ${n} * interval '1 minute')`;
  });
  await db.execute(sql`
    insert into users (id, tenant_id, email, name, password_hash, refid, reference_id, sponsor_id, created_at)
    values ${sql.join(rows, sql`, `)}`);
}

type Row = { id: number; level: number; created_at: string };
async function team(member: { id: number; tenantId: number }, depth: number, walked: boolean) {
  const query = walked ? downlineWalked(member, depth) : downline(member, depth);
  return rowsOf<Row>(
    await server.db.execute(sql`
      select id, level::int as level, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as created_at
      from (${query}) t order by id`),
  );
}

/** The top team list as the service read it before team_paths: the walked downline, referrals counted per member. */
async function topTeamWalked(member: { id: number; tenantId: number }) {
  const { accessDepth } = await teamAccess(server.db, member);
  if (accessDepth === 0) return [];
  const result = await server.db.execute(sql`
    with t as (${downlineWalked(member, accessDepth)}),
    ranked as (
      select u.uuid, u.created_at, u.id, t.level::int as level,
        (select count(*)::int from users r where r.sponsor_id = u.id and r.tenant_id = u.tenant_id) as referrals,
        coalesce((select sum(e.amount) from aff_earnings e
          where e.user_id = ${member.id} and e.from_user_id = u.id and e.status <> 'pending'), 0) as earned
      from t join users u on u.id = t.id
    )
    select uuid, level, referrals, earned::numeric(36,2)::text as earned from ranked
    order by ranked.earned desc, referrals desc, created_at asc, id asc
    limit 100`);
  return rowsOf<{ uuid: string; level: number; referrals: number; earned: string }>(result);
}

/** Every member's downline from team_paths equals the walked one, at every depth up to 6 and at 32. */
async function expectTeamsAsWalked() {
  const members = rowsOf<{ id: number; tenantId: number }>(
    await server.db.execute(sql`select id, tenant_id as "tenantId" from users where id >= ${base} or sponsor_id >= ${base} order by id`),
  );
  let nonEmpty = 0;
  for (const member of members) {
    for (const depth of [1, 2, 3, 4, 5, 6, teamPathsDepth]) {
      const flat = await team(member, depth, false);
      expect(flat, `member ${member.id}, depth ${depth}`).toEqual(await team(member, depth, true));
      if (flat.length > 0) nonEmpty += 1;
    }
    const top = (await topTeam(server.db, member)).map(({ uuid, level, referrals, earned }) => ({ uuid, level, referrals, earned }));
    expect(top, `top team of ${member.id}`).toEqual(await topTeamWalked(member));
  }
  expect(nonEmpty).toBeGreaterThan(0);
}

describe('team paths', () => {
  it('equal the walked tree after bulk joins, children before sponsors, other tenants, moves, tenant changes, deletes and a cycle', async () => {
    const root = base + 1;
    await addMembers([{ id: root, sponsor: null }]);
    // A grandchild whose sponsor joins later; then three levels in bulk, one statement a level.
    await addMembers([{ id: base + 100, sponsor: base + 10 }]);
    await addMembers([{ id: base + 10, sponsor: root }, { id: base + 11, sponsor: root }, { id: base + 12, sponsor: root, tenant: tenantB }]);
    await addMembers(Array.from({ length: 12 }, (_, n) => ({ id: base + 200 + n, sponsor: base + 10 + (n % 3) })));
    await addMembers(Array.from({ length: 30 }, (_, n) => ({ sponsor: base + 200 + (n % 12), tenant: n % 7 === 0 ? tenantB : tenantA })));
    // What some of them earned the root, so the top team's order is by earnings first.
    await server.db.execute(sql`
      insert into aff_earnings (user_id, from_user_id, level, amount, currency, status)
      values (${root}, ${base + 203}, 2, 12.5, 'USDT', 'approved'), (${root}, ${base + 203}, 2, 1, 'USDT', 'paid'),
        (${root}, ${base + 11}, 1, 3, 'USDT', 'pending'), (${root}, ${base + 205}, 2, 3, 'USDT', 'approved')`);
    await expectTeamsAsWalked();

    // A subtree moves under another sponsor, a member changes tenant, another is deleted, one joins again.
    await server.db.execute(sql`update users set sponsor_id = ${base + 11} where id = ${base + 200}`);
    await server.db.execute(sql`update users set tenant_id = ${tenantB} where id = ${base + 201}`);
    await server.db.execute(sql`delete from users where id = ${base + 202}`);
    await server.db.execute(sql`update users set created_at = created_at - interval '1 day' where id = ${base + 203}`);
    await expectTeamsAsWalked();

    // A cycle: the root's sponsor is its own grandchild.
    await server.db.execute(sql`update users set sponsor_id = ${base + 200} where id = ${root}`);
    await expectTeamsAsWalked();
    await server.db.execute(sql`update users set sponsor_id = null where id = ${root}`);
    await expectTeamsAsWalked();
  });

  it('stay right when members join in parallel while a subtree moves', async () => {
    const root = base + 2;
    await addMembers([{ id: root, sponsor: null }]);
    await addMembers(Array.from({ length: 6 }, (_, n) => ({ id: base + 300 + n, sponsor: root })));
    await addMembers(Array.from({ length: 18 }, (_, n) => ({ id: base + 400 + n, sponsor: base + 300 + (n % 6) })));
    await Promise.all([
      ...Array.from({ length: 12 }, (_, n) =>
        server.db.transaction((tx) => addMembers([{ sponsor: base + 400 + (n % 18) }, { sponsor: base + 300 + (n % 6) }], tx)),
      ),
      server.db.transaction(async (tx) => {
        await tx.execute(sql`update users set sponsor_id = ${base + 305} where id = ${base + 301}`);
        await tx.execute(sql`update users set sponsor_id = ${base + 301} where id = ${base + 402}`);
      }),
    ]);
    await expectTeamsAsWalked();
  });
});
