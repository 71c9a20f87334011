// Affiliates: the team tree from the sponsor relation (levels up to the plan's max_depth, a level beyond the
// member's access refused with LevelAccessDenied, only the member's own downline), the top team list and the
// referral earnings with their states and what becomes payable when. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { affEarnings, sessions, tenants, users } from '../../server/db/schema';
import { hashToken } from '../../server/security/tokens';
import { startServer } from './harness';

let server: Awaited<ReturnType<typeof startServer>>;
let demoUuid: string;
let demoTenantId: number;

const gql = (query: string, variables: Record<string, unknown>, token?: string) => server.gql(query, variables, token);

beforeAll(async () => {
  server = await startServer();
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
  const [demo] = await server.db.select().from(tenants).where(eq(tenants.uuid, demoUuid));
  demoTenantId = demo!.id;
});
afterAll(async () => {
  await server?.close();
});

async function demoToken() {
  const login = await gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, {
    data: { username: 'demo@example.com', password: 'Demo12345', whitelabel_uuid: demoUuid },
  });
  return login.data.login.access_token as string;
}

let count = 0;
/** A fresh member of the Demo Portal under sponsorId, with a session token. */
async function newMember(sponsorId: number | null, tenantId = demoTenantId) {
  const tag = `${Date.now()}-${(count += 1)}`;
  const [member] = await server.db
    .insert(users)
    .values({ tenantId, email: `aff-${tag}@example.com`, name: `Aff ${tag}`, passwordHash: '!', refid: `aff-${tag}`, referenceId: `AFF-${tag}`, sponsorId })
    .returning();
  const token = `aff-session-${tag}`;
  await server.db.insert(sessions).values({ userId: member!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return { member: member!, token };
}

const teamQuery = `{ affTeam { max_depth access_depth levels { level open count } } }`;
const levelQuery = `query ($level: Int!, $page: Int) { affTeamLevel(level: $level, page: $page) { level page page_size total members { uuid name referrals sponsor_name joined_at } } }`;

describe('demo team', () => {
  it('the demo member sees levels 1-2 of a five-level plan, three members on level 1 and three on level 2', async () => {
    const token = await demoToken();
    const team = await gql(teamQuery, {}, token);
    expect(team.errors).toBeUndefined();
    expect(team.data.affTeam).toEqual({
      max_depth: 5,
      access_depth: 2,
      levels: [
        { level: 1, open: true, count: 3 },
        { level: 2, open: true, count: 3 },
        { level: 3, open: false, count: null },
        { level: 4, open: false, count: null },
        { level: 5, open: false, count: null },
      ],
    });
    // What opens the locked levels, as the operator set it (issue 33); an open level needs nothing.
    const unlocks = await gql(`{ affTeam { levels { level opens_with { kind tariff_name } } } }`, {}, token);
    expect(unlocks.data.affTeam.levels.map((l: { opens_with: unknown }) => l.opens_with)).toEqual([
      null,
      null,
      ...Array(3).fill({ kind: 'tariff', tariff_name: 'Pro' }),
    ]);
    const one = await gql(levelQuery, { level: 1 }, token);
    expect(one.data.affTeamLevel.members.map((m: { name: string }) => m.name).sort()).toEqual(['Marco Rossi', 'Olena Kovalenko', 'Two-Factor Member']);
    expect(one.data.affTeamLevel.members.every((m: { sponsor_name: string | null }) => m.sponsor_name === null)).toBe(true);
    const two = await gql(levelQuery, { level: 2 }, token);
    expect(two.data.affTeamLevel).toMatchObject({ level: 2, page: 1, page_size: 100, total: 3 });
    expect(two.data.affTeamLevel.members.find((m: { name: string }) => m.name === 'Ana García').sponsor_name).toBe('Olena Kovalenko');
  });

  it('a level beyond access answers LevelAccessDenied, and so does one beyond the plan', async () => {
    const token = await demoToken();
    for (const level of [3, 6]) {
      const answer = await gql(levelQuery, { level }, token);
      expect(answer.data).toBeNull();
      expect(answer.errors?.[0]?.extensions).toMatchObject({ category: 'forbidden', reason: 'LevelAccessDenied' });
      expect(answer.errors?.[0]?.message).toBe('You do not have access to this level.');
    }
  });

  it('a bad level or page is a validation error, and a visitor is refused', async () => {
    const token = await demoToken();
    expect((await gql(levelQuery, { level: 0 }, token)).errors?.[0]?.extensions?.category).toBe('validation');
    expect((await gql(levelQuery, { level: 1, page: 0 }, token)).errors?.[0]?.extensions?.category).toBe('validation');
    expect((await gql(teamQuery, {})).errors?.[0]?.extensions?.category).toBe('authentication');
  });

  it('the top team list ranks by what each member earned, within the levels the member may open', async () => {
    const token = await demoToken();
    const top = await gql(`{ affTopTeam { name level referrals earned currency } }`, {}, token);
    expect(top.errors).toBeUndefined();
    const list = top.data.affTopTeam;
    expect(list).toHaveLength(6);
    expect(list[0]).toEqual({ name: 'Marco Rossi', level: 1, referrals: 0, earned: '55.00', currency: 'USDT' });
    expect(list.some((m: { level: number }) => m.level > 2)).toBe(false);
  });
});

describe('only the own downline', () => {
  it('another member sees their own downline only, never their sponsor or siblings', async () => {
    const root = await newMember(null);
    const child = await newMember(root.member.id);
    const sibling = await newMember(root.member.id);
    const grandchild = await newMember(child.member.id);
    const childTeam = await gql(levelQuery, { level: 1 }, child.token);
    expect(childTeam.data.affTeamLevel.members.map((m: { uuid: string }) => m.uuid)).toEqual([grandchild.member.uuid]);
    const rootTwo = await gql(levelQuery, { level: 2 }, root.token);
    expect(rootTwo.data.affTeamLevel.members.map((m: { uuid: string }) => m.uuid)).toEqual([grandchild.member.uuid]);
    const siblingTeam = await gql(teamQuery, {}, sibling.token);
    expect(siblingTeam.data.affTeam.levels.map((l: { count: number }) => l.count)).toEqual([0, 0, 0, 0, 0]);
    // the two-factor member (on the demo member's level 1) reads only their own referral, not the demo team
    const [twofaMember] = await server.db.select().from(users).where(eq(users.email, 'twofa@example.com'));
    const twofa = `aff-twofa-${Date.now()}`;
    await server.db.insert(sessions).values({ userId: twofaMember!.id, tokenHash: hashToken(twofa), expiresAt: new Date(Date.now() + 3_600_000) });
    const theirs = await gql(levelQuery, { level: 1 }, twofa);
    expect(theirs.data.affTeamLevel.members.map((m: { name: string }) => m.name)).toEqual(['Lucía Fernández']);
    expect((await gql(`{ affEarnings { items { id } } }`, {}, twofa)).data.affEarnings.items).toEqual([]);
  });

  it('a member of another tenant sponsored across tenants is not in the team', async () => {
    const root = await newMember(null);
    const [acme] = await server.db.select().from(tenants).where(eq(tenants.subdomain, 'acme'));
    await newMember(root.member.id, acme!.id);
    const team = await gql(teamQuery, {}, root.token);
    expect(team.data.affTeam.levels[0].count).toBe(0);
  });

  it('a sponsor cycle in the data still ends at the plan depth', async () => {
    const a = await newMember(null);
    const b = await newMember(a.member.id);
    await server.db.update(users).set({ sponsorId: b.member.id }).where(eq(users.id, a.member.id));
    const team = await gql(teamQuery, {}, a.token);
    expect(team.errors).toBeUndefined();
    expect(team.data.affTeam.levels[0].count).toBe(1);
  });
});

describe('earnings', () => {
  const earningsQuery = `{ affEarnings { currency minimum_payout holding_days pending on_hold below_minimum payable paid payable_from
    schedule { date released payable_total payable } items { amount level from_name state created_at hold_until paid_at } } }`;

  it('the demo member has an earning in every state, with totals and the day the minimum is reached', async () => {
    const answer = await gql(earningsQuery, {}, await demoToken());
    expect(answer.errors).toBeUndefined();
    const e = answer.data.affEarnings;
    expect(e).toMatchObject({ currency: 'USDT', minimum_payout: '50.00', holding_days: 14, pending: '6.00', on_hold: '45.00', below_minimum: '20.50', payable: '0.00', paid: '65.00' });
    expect(new Set(e.items.map((i: { state: string }) => i.state))).toEqual(new Set(['pending', 'on_hold', 'below_minimum', 'paid']));
    expect(e.schedule.map((s: { released: string; payable_total: string; payable: boolean }) => [s.released, s.payable_total, s.payable])).toEqual([
      ['15.00', '35.50', false],
      ['30.00', '65.50', true],
    ]);
    expect(e.payable_from).toBe(e.schedule[1].date);
    const paid = e.items.find((i: { state: string }) => i.state === 'paid');
    expect(paid.paid_at).toBeTruthy();
    expect(e.items.find((i: { state: string }) => i.state === 'pending').hold_until).toBeNull();
  });

  it('released earnings at the minimum are payable', async () => {
    const { member, token } = await newMember(null);
    const past = new Date(Date.now() - 86_400_000);
    await server.db.insert(affEarnings).values([
      { userId: member.id, level: 1, amount: '30.00', currency: 'USDT', status: 'approved', holdUntil: past },
      { userId: member.id, level: 2, amount: '20.00', currency: 'USDT', status: 'approved', holdUntil: past },
    ]);
    const e = (await gql(earningsQuery, {}, token)).data.affEarnings;
    expect(e).toMatchObject({ payable: '50.00', below_minimum: '0.00', payable_from: null, schedule: [] });
    expect(e.items.map((i: { state: string }) => i.state)).toEqual(['payable', 'payable']);
  });
});

