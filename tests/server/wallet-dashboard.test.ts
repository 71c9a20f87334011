// Dashboard widget values (spec §3 "Dashboard widget values"): My plans per month (12 plans, 3 active for the
// demo member), my finance per month (profitSum, invSum in USDT), my deals and team deals (dealsSum,
// dealsCount): real-estate deals in USD where the deals module is on (the Demo Portal; tests/server/deals.test.ts
// counts them), else paid invoices (Acme), the team by the sponsor relation only. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invoices, sessions, tenants, users } from '../../server/db/schema';
import { hashToken } from '../../server/security/tokens';
import { lastMonths } from '../../server/modules/wallet/dashboard';
import { startServer } from './harness';
import { graphqlAs } from './requests';

let server: Awaited<ReturnType<typeof startServer>>;
let demoUuid: string;
let demoTenantId: number;
let acmeTenantId: number;

beforeAll(async () => {
  server = await startServer();
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid design { dashboard_widgets } } }`)).data.whiteLabel.uuid;
  const [demo] = await server.db.select().from(tenants).where(eq(tenants.uuid, demoUuid));
  demoTenantId = demo!.id;
  const [acme] = await server.db.select().from(tenants).where(eq(tenants.subdomain, 'acme'));
  acmeTenantId = acme!.id;
});
afterAll(async () => {
  await server?.close();
});

async function demoToken() {
  const login = await server.gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, {
    data: { username: 'demo@example.com', password: 'Demo12345', whitelabel_uuid: demoUuid },
  });
  return login.data.login.access_token as string;
}

let count = 0;
async function newMember(sponsorId: number | null, tenantId = demoTenantId) {
  const n = (count += 1);
  const tag = `${Date.now()}-${n}`;
  const [member] = await server.db
    .insert(users)
    .values({
      tenantId,
      email: `dash-${tag}@example.com`,
      name: `Dash ${n}`,
      passwordHash: 'x',
      refid: `dash-${tag}`,
      referenceId: `DSH-${tag}`,
      sponsorId,
    })
    .returning();
  const token = `dash-session-${tag}`;
  await server.db.insert(sessions).values({ userId: member!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return { member: member!, token };
}

const paid = (userId: number, currency: string, total: string, status: 'paid' | 'unpaid' = 'paid') => ({
  tag: `INV-DASH-${Math.random().toString(36).slice(2)}`,
  tenantId: acmeTenantId,
  userId,
  kind: 'order',
  status,
  currency,
  subtotal: total,
  total,
  amountPaid: status === 'paid' ? total : '0',
  dueDate: new Date(),
  datePaid: status === 'paid' ? new Date() : null,
});

const widgets = `{ dashboardPlans { month count active } dashboardFinance { month profitSum invSum }
  dashboardMyDeals { dealsSum dealsCount currency } dashboardTeamDeals { dealsSum dealsCount currency } }`;

describe('dashboard widget values', () => {
  it('the demo tenant lists its widgets', async () => {
    const answer = await server.gql(`{ whiteLabel(source: "localhost") { design { dashboard_widgets } } }`);
    expect(answer.data.whiteLabel.design.dashboard_widgets).toEqual(['my_plans', 'my_tariff', 'my_deals', 'team_deals', 'my_finance', 'cms_banners']);
  });

  it('gives the demo member 12 months of plans (12, 3 active now), finance, deals and team deals', async () => {
    const answer = await server.gql(widgets, {}, await demoToken());
    expect(answer.errors).toBeUndefined();
    const { dashboardPlans, dashboardFinance, dashboardMyDeals, dashboardTeamDeals } = answer.data;
    expect(dashboardPlans.map((row: { month: string }) => row.month)).toEqual(lastMonths());
    expect(dashboardPlans[0]).toMatchObject({ count: 12, active: 3 });
    // Counts never fall going back, and active never exceeds the count.
    for (let index = 1; index < dashboardPlans.length; index += 1) {
      expect(dashboardPlans[index].count).toBeLessThanOrEqual(dashboardPlans[index - 1].count);
      expect(dashboardPlans[index].active).toBeLessThanOrEqual(dashboardPlans[index].count);
    }
    expect(dashboardFinance).toHaveLength(12);
    expect(dashboardFinance.some((row: { profitSum: string }) => Number(row.profitSum) !== 0)).toBe(true);
    expect(dashboardFinance.some((row: { invSum: string }) => Number(row.invSum) > 0)).toBe(true);
    expect(dashboardFinance.every((row: { invSum: string }) => /^\d+\.\d{2}$/.test(row.invSum))).toBe(true);
    // The Demo Portal has the deals module: the demo member's real-estate deals (three not declined, one completed).
    expect(dashboardMyDeals).toEqual({ dealsSum: '250000.00', dealsCount: 3, currency: 'USD' });
    // The two-factor member (the demo member's referral) filed three deals that are not declined, one completed.
    expect(dashboardTeamDeals).toEqual({ dealsSum: '180000.00', dealsCount: 3, currency: 'USD' });
  });

  it('without the deals module a new member sees zeros; deals count only paid invoices; the team is the downline only, at every level', async () => {
    // Acme has no deals module: its widgets count paid invoices.
    const gql = graphqlAs(server.db, { host: 'acme.localhost' });
    const top = await newMember(null, acmeTenantId);
    const empty = await gql(widgets, {}, top.token);
    expect(empty.errors).toBeUndefined();
    expect(empty.data.dashboardPlans.every((row: { count: number; active: number }) => row.count === 0 && row.active === 0)).toBe(true);
    expect(
      empty.data.dashboardFinance.every((row: { profitSum: string; invSum: string }) => row.profitSum === '0.00' && row.invSum === '0.00'),
    ).toBe(true);
    expect(empty.data.dashboardMyDeals).toEqual({ dealsSum: '0.00', dealsCount: 0, currency: 'USDT' });
    expect(empty.data.dashboardTeamDeals).toEqual({ dealsSum: '0.00', dealsCount: 0, currency: 'USDT' });

    const child = await newMember(top.member.id, acmeTenantId);
    const grandchild = await newMember(child.member.id, acmeTenantId);
    const stranger = await newMember(null, acmeTenantId);
    await server.db
      .insert(invoices)
      .values([
        paid(top.member.id, 'USDT', '10.00'),
        paid(top.member.id, 'USDT', '99.00', 'unpaid'),
        paid(child.member.id, 'USDT', '20.50'),
        paid(grandchild.member.id, 'USDT', '30.25'),
        paid(stranger.member.id, 'USDT', '1000.00'),
      ]);
    const answer = await gql(widgets, {}, top.token);
    expect(answer.data.dashboardMyDeals).toEqual({ dealsSum: '10.00', dealsCount: 1, currency: 'USDT' });
    expect(answer.data.dashboardTeamDeals).toEqual({ dealsSum: '50.75', dealsCount: 2, currency: 'USDT' });
    const childView = await gql(widgets, {}, child.token);
    expect(childView.data.dashboardTeamDeals).toEqual({ dealsSum: '30.25', dealsCount: 1, currency: 'USDT' });
  });

  it('answers only a signed-in member', async () => {
    const anonymous = await server.gql(`{ dashboardPlans { month } }`, {});
    expect(anonymous.errors?.[0]?.message).toBe('Unauthenticated.');
  });
});
