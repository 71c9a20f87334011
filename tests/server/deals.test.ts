// Deals, licenses and the roadmap (issue 30): a deal request names every invalid field in one validation error and
// is filed once per idempotency key; the team sees its downline's deals without the filer's personal answers and
// with the fee the viewer earns; the operator's completion (POST /dev/deals/status) credits the sponsor's referrer
// fee once, in parallel and later; license requests are refused as calls §8 says and never take more licenses than
// the purchases grant under parallel requests; one roadmap vote per member under parallel votes; the dashboard's
// deal widgets count real-estate deals where the deals module is on. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { deals, ledgerEntries, licenseProducts, products, purchases, roadmapItems, roadmapItemTexts, tenants, users, wallets } from '../../server/db/schema';
import { createPortalServer } from '../../server/app';
import { readConfig } from '../../server/config';
import { createTestDatabase, databaseName, startInstance, testDatabaseUrl } from './harness';
import { newMember } from './members';
import { graphqlAs } from './requests';
import { requestLanguage } from '../../server/modules/roadmap/service';

let fresh: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let server: Awaited<ReturnType<typeof startInstance>>;
let http: ReturnType<typeof createPortalServer>;
let base: string;
let demoUuid: string;
let demoTenantId: number;

const reasonOf = (answer: { errors?: { extensions?: Record<string, any> }[] }) => answer.errors?.[0]?.extensions?.reason;

const dealFields = `id first_name last_name job marital_status kids distance_to_sea payment_scheme readiness contacts status currency
  transaction_amount transaction_fee referrer_fee viewer_fee fee_paid decline_reason member_name level history { status at } created_at`;
const createDeal = `mutation ($w: ID!, $i: DealInput!, $k: String) { moduleDealCreate(whitelabel_uuid: $w, input: $i, idempotency_key: $k) { ${dealFields} } }`;
const listDeals = `query ($w: ID!, $s: String!) { moduleDeals(whitelabel_uuid: $w, scope: $s) { ${dealFields} } }`;
const oneDeal = `query ($w: ID!, $id: ID!) { moduleDeal(whitelabel_uuid: $w, id: $id) { ${dealFields} } }`;
const licenses = `query ($w: ID!) { moduleLicenseRequests(whitelabel_uuid: $w) {
  requests { id product_id product_name broker_account broker_server comment status license_key decline_reason }
  products { id name licenses_total licenses_left needs_server } can_request reason } }`;
const requestLicense = `mutation ($w: ID!, $i: LicenseRequestInput!, $k: String) {
  moduleLicenseRequestCreate(whitelabel_uuid: $w, input: $i, idempotency_key: $k) { id product_id status broker_server } }`;
const roadmap = `query ($w: ID!) { moduleRoadmap(whitelabel_uuid: $w) { id title description stage quarter date votes vote } }`;
const vote = `mutation ($w: ID!, $id: ID!, $v: Boolean!) { moduleRoadmapVote(whitelabel_uuid: $w, item_id: $id, vote: $v) { id votes vote } }`;
const widgets = `{ dashboardMyDeals { dealsSum dealsCount currency } dashboardTeamDeals { dealsSum dealsCount currency } }`;

const answers = {
  first_name: 'Ana',
  last_name: 'Silva',
  job: 'Nurse',
  marital_status: 'married',
  kids: '2',
  distance_to_sea: 'walk',
  payment_scheme: 'mortgage',
  readiness: 'now',
  contacts: '+351 912 345 678',
};

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};
const moveDeal = (body: Record<string, unknown>) => post('/dev/deals/status', body);

/** A fresh member of the Demo Portal, with the sponsor given. */
async function member(sponsorId: number | null = null) {
  const made = await newMember(server.db, { tenantId: demoTenantId, prefix: 'deals' });
  if (sponsorId !== null) await server.db.update(users).set({ sponsorId }).where(eq(users.id, made.member.id));
  return made;
}

const file = async (token: string, key?: string) => (await server.gql(createDeal, { w: demoUuid, i: answers, k: key }, token)).data.moduleDealCreate;
const usd = async (userId: number) =>
  (await server.db.select().from(wallets).where(and(eq(wallets.userId, userId), eq(wallets.currency, 'USD'))))[0]?.available ?? null;

beforeAll(async () => {
  fresh = testDatabaseUrl ? await createTestDatabase() : undefined;
  server = await startInstance(fresh?.url);
  http = createPortalServer(server.db, { ...readConfig({}), staticDir: undefined });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
  const [tenant] = await server.db.select().from(tenants).where(eq(tenants.uuid, demoUuid));
  demoTenantId = tenant!.id;
}, 120_000);

afterAll(async () => {
  if (http) await new Promise((resolve) => http.close(resolve));
  await server?.close();
  await fresh?.drop();
});

describe(`deals on ${databaseName}`, () => {
  it('a request with every field invalid answers one validation error naming each of the nine', async () => {
    const { token } = await member();
    const invalid = {
      first_name: ' ',
      last_name: 'x'.repeat(101),
      // Only zero-width characters: nothing shows, so it is missing.
      job: '\u200B\u200B',
      marital_status: 'complicated',
      kids: 'many',
      distance_to_sea: '',
      payment_scheme: 'barter',
      readiness: 'someday',
      contacts: 'abc',
    };
    const answer = await server.gql(createDeal, { w: demoUuid, i: invalid }, token);
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors![0]!.extensions!.category).toBe('validation');
    expect(Object.keys(answer.errors![0]!.extensions!.fields).sort()).toEqual(Object.keys(answers).sort());
    expect(answer.errors![0]!.extensions!.codes.marital_status).toEqual(['choice']);
    expect(answer.errors![0]!.extensions!.codes.job).toEqual(['required']);
    expect((await server.gql(listDeals, { w: demoUuid, s: 'mine' }, token)).data.moduleDeals).toEqual([]);
    expect(Object.keys((await server.gql(listDeals, { w: demoUuid, s: 'all' }, token)).errors![0]!.extensions!.fields)).toEqual(['scope']);
  });

  it('20 parallel creates under one key file one deal, status new with its history', async () => {
    const { token, member: row } = await member();
    const filed = await Promise.all(Array.from({ length: 20 }, () => file(token, 'one-deal')));
    expect(new Set(filed.map((deal) => deal?.id)).size).toBe(1);
    expect(await server.db.select().from(deals).where(eq(deals.userId, row.id))).toHaveLength(1);
    expect(filed[0]).toMatchObject({ ...answers, status: 'new', currency: 'USD', transaction_fee: null, referrer_fee: null, viewer_fee: null, fee_paid: false, level: 0 });
    expect(filed[0].history.map((stage: { status: string }) => stage.status)).toEqual(['new']);
  });

  it('the team scope shows the downline to 10 levels without the personal answers, and the fee the viewer earns', async () => {
    const top = await member();
    const child = await member(top.member.id);
    const grandchild = await member(child.member.id);
    const stranger = await member();
    const childDeal = await file(child.token);
    const grandDeal = await file(grandchild.token);
    const strangerDeal = await file(stranger.token);
    for (const deal of [childDeal, grandDeal]) expect((await moveDeal({ deal_id: deal.id, status: 'pending', transaction_fee: '1000.05' })).status).toBe(200);
    const team = (await server.gql(listDeals, { w: demoUuid, s: 'team' }, top.token)).data.moduleDeals;
    expect(team.map((deal: { id: string }) => deal.id)).toEqual([grandDeal.id, childDeal.id]);
    const byId = new Map(team.map((deal: { id: string }) => [deal.id, deal]));
    for (const deal of team) {
      expect(deal).toMatchObject({ first_name: null, last_name: null, job: null, marital_status: null, kids: null, distance_to_sea: null, payment_scheme: null, readiness: null, contacts: null });
      expect(deal.member_name).toMatch(/^Test \d\.$/);
    }
    expect(byId.get(childDeal.id)).toMatchObject({ level: 1, referrer_fee: '100.00', viewer_fee: '100.00', history: [{ status: 'new' }, { status: 'pending' }] });
    expect(byId.get(grandDeal.id)).toMatchObject({ level: 2, referrer_fee: '100.00', viewer_fee: '0.00' });
    expect((await server.gql(oneDeal, { w: demoUuid, id: grandDeal.id }, child.token)).data.moduleDeal).toMatchObject({ level: 1, viewer_fee: '100.00', contacts: null });
    expect((await server.gql(oneDeal, { w: demoUuid, id: grandDeal.id }, grandchild.token)).data.moduleDeal).toMatchObject({ level: 0, viewer_fee: '0.00', contacts: answers.contacts });
    expect((await server.gql(oneDeal, { w: demoUuid, id: strangerDeal.id }, top.token)).errors![0]!.extensions!.category).toBe('not_found');
    expect((await server.gql(oneDeal, { w: demoUuid, id: childDeal.id }, grandchild.token)).errors![0]!.extensions!.category).toBe('not_found');
  });

  it("completing a deal twice, in parallel and later, credits the sponsor's referrer fee once in USD", async () => {
    const sponsor = await member();
    const filer = await member(sponsor.member.id);
    const deal = await file(filer.token);
    const early = await moveDeal({ deal_id: deal.id, status: 'completed' });
    expect(early.status).toBe(400);
    expect(early.body.error).toMatch(/transaction_amount and transaction_fee/);
    expect(await moveDeal({ deal_id: deal.id, status: 'signing_documents', transaction_amount: '250000', transaction_fee: '7500.00' })).toMatchObject({
      status: 200,
      body: { status: 'signing_documents', transaction_amount: '250000.00', transaction_fee: '7500.00', referrer_fee: '750.00', fee_paid: false },
    });
    const completions = await Promise.all([moveDeal({ deal_id: deal.id, status: 'completed' }), moveDeal({ deal_id: deal.id, status: 'completed' })]);
    expect(completions.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await moveDeal({ deal_id: deal.id, status: 'completed' })).status).toBe(409);
    expect((await moveDeal({ deal_id: deal.id, status: 'declined', decline_reason: 'Too late' })).status).toBe(409);
    const credits = await server.db.select().from(ledgerEntries).where(eq(ledgerEntries.entryKey, `deal:${deal.id}:referrer-fee`));
    expect(credits.map((entry) => [entry.userId, entry.type, entry.currency, entry.amount])).toEqual([
      [sponsor.member.id, 'REAL_ESTATE_DEAL_BONUS', 'USD', '750.00000000'],
    ]);
    expect(await usd(sponsor.member.id)).toBe('750.00000000');
    const seen = (await server.gql(oneDeal, { w: demoUuid, id: deal.id }, sponsor.token)).data.moduleDeal;
    expect(seen).toMatchObject({ status: 'completed', fee_paid: true, viewer_fee: '750.00' });
    expect(seen.history.map((stage: { status: string }) => stage.status)).toEqual(['new', 'signing_documents', 'completed']);

    // No sponsor: completed, nothing credited.
    const alone = await member();
    const own = await file(alone.token);
    expect(await moveDeal({ deal_id: own.id, status: 'completed', transaction_amount: '3000', transaction_fee: '100' })).toMatchObject({ status: 200, body: { status: 'completed', fee_paid: false } });
    expect(await server.db.select().from(ledgerEntries).where(eq(ledgerEntries.entryKey, `deal:${own.id}:referrer-fee`))).toEqual([]);
    expect((await moveDeal({ deal_id: own.id, status: 'finished' })).status).toBe(400);
  });

  it("the demo member's deals: four of their own, their referral's four, and one referrer fee credited through the ledger", async () => {
    const token = (
      await server.gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, {
        data: { username: 'demo@example.com', password: 'Demo12345', whitelabel_uuid: demoUuid },
      })
    ).data.login.access_token;
    const mine = (await server.gql(listDeals, { w: demoUuid, s: 'mine' }, token)).data.moduleDeals;
    expect(mine.map((deal: { status: string }) => deal.status)).toEqual(['new', 'meeting', 'declined', 'completed']);
    expect(mine[3]).toMatchObject({ transaction_amount: '250000.00', transaction_fee: '7500.00', fee_paid: false });
    expect(mine[2].decline_reason).toBeTruthy();
    const team = (await server.gql(listDeals, { w: demoUuid, s: 'team' }, token)).data.moduleDeals;
    expect(team.map((deal: { status: string }) => deal.status)).toEqual(['new', 'choosing_property', 'declined', 'completed']);
    // The operator's reason is the filer's business: the team sees that it was declined, not why.
    expect(team[2].decline_reason).toBeNull();
    expect(team[3]).toMatchObject({ fee_paid: true, referrer_fee: '540.00', viewer_fee: '540.00', member_name: 'Two-Factor M.' });
    const [demo] = await server.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    const bonuses = await server.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, demo!.id), eq(ledgerEntries.type, 'REAL_ESTATE_DEAL_BONUS')));
    expect(bonuses.map((entry) => [entry.currency, entry.amount])).toEqual([['USD', '540.00000000']]);
    expect(await usd(demo!.id)).toBe('540.00000000');
    expect((await server.gql(widgets, {}, token)).data).toEqual({
      dashboardMyDeals: { dealsSum: '250000.00', dealsCount: 3, currency: 'USD' },
      dashboardTeamDeals: { dealsSum: '180000.00', dealsCount: 3, currency: 'USD' },
    });
  });

  it('the dashboard widgets count the deals not declined and sum the completed ones with the module on', async () => {
    const top = await member();
    const child = await member(top.member.id);
    const grandchild = await member(child.member.id);
    expect((await server.gql(widgets, {}, top.token)).data.dashboardMyDeals).toEqual({ dealsSum: '0.00', dealsCount: 0, currency: 'USD' });
    const done = await file(top.token);
    await moveDeal({ deal_id: done.id, status: 'completed', transaction_amount: '1000.50', transaction_fee: '30' });
    await moveDeal({ deal_id: (await file(top.token)).id, status: 'declined' });
    await file(top.token);
    await moveDeal({ deal_id: (await file(child.token)).id, status: 'completed', transaction_amount: '200', transaction_fee: '6' });
    await moveDeal({ deal_id: (await file(grandchild.token)).id, status: 'completed', transaction_amount: '300.25', transaction_fee: '9' });
    expect((await server.gql(widgets, {}, top.token)).data).toEqual({
      dashboardMyDeals: { dealsSum: '1000.50', dealsCount: 2, currency: 'USD' },
      dashboardTeamDeals: { dealsSum: '500.25', dealsCount: 2, currency: 'USD' },
    });
  });
});

describe(`license requests on ${databaseName}`, () => {
  /** A licensed product of the Demo Portal made for one test, and a member who bought `units` of it. */
  async function licensed(perUnit: number, units: number, needsServer = false) {
    const [product] = await server.db.insert(products).values({ tenantId: demoTenantId, name: `Licensed ${Date.now()}-${Math.random()}` }).returning();
    await server.db.insert(licenseProducts).values({ productId: product!.id, licensesPerUnit: perUnit, needsServer });
    const buyer = await member();
    if (units) {
      await server.db.insert(purchases).values({
        tenantId: demoTenantId,
        userId: buyer.member.id,
        productId: product!.id,
        invoiceId: -buyer.member.id,
        billingCycle: 'onetime',
        qty: units,
        price: '10',
        currency: 'USDT',
      });
    }
    return { product: product!, ...buyer };
  }
  const ask = (token: string, productId: string, key?: string, extra: Record<string, unknown> = {}) =>
    server.gql(requestLicense, { w: demoUuid, i: { product_id: productId, broker_account: 'ACC-1234', ...extra }, k: key }, token);

  it('refuses a member with no purchases (NoProductsBought) and one whose licenses are all pending or accepted (NoLicensesLeft)', async () => {
    const none = await licensed(2, 0);
    expect((await server.gql(licenses, { w: demoUuid }, none.token)).data.moduleLicenseRequests).toMatchObject({ products: [], can_request: false, reason: 'NoProductsBought' });
    const refused = await ask(none.token, none.product.uuid);
    expect(reasonOf(refused)).toBe('NoProductsBought');
    expect(refused.errors![0]!.message).toBe('A license request is impossible when no products are bought.');
    // The refusal is the answer whatever was typed: it comes before the fields are read.
    expect(reasonOf(await ask(none.token, none.product.uuid, undefined, { broker_account: '' }))).toBe('NoProductsBought');

    const { product, token } = await licensed(2, 1);
    // The product's id in capitals names the same product.
    const first = (await ask(token, product.uuid.toUpperCase())).data.moduleLicenseRequestCreate;
    expect(first).toMatchObject({ product_id: product.uuid, status: 'pending', broker_server: null });
    const second = (await ask(token, product.uuid)).data.moduleLicenseRequestCreate;
    expect((await post('/dev/licenses/status', { request_id: first.id, status: 'accepted' })).body.license_key).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect((await post('/dev/licenses/status', { request_id: first.id, status: 'declined' })).status).toBe(409);
    const full = await ask(token, product.uuid);
    expect(reasonOf(full)).toBe('NoLicensesLeft');
    expect(full.errors![0]!.message).toBe('A license request is impossible: all licenses are already issued or under review.');
    expect((await server.gql(licenses, { w: demoUuid }, token)).data.moduleLicenseRequests).toMatchObject({
      products: [{ id: product.uuid, licenses_total: 2, licenses_left: 0, needs_server: false }],
      can_request: false,
      reason: 'NoLicensesLeft',
    });
    // Declining frees the license.
    expect((await post('/dev/licenses/status', { request_id: second.id, status: 'declined', decline_reason: 'Wrong account' })).status).toBe(200);
    const overview = (await server.gql(licenses, { w: demoUuid }, token)).data.moduleLicenseRequests;
    expect(overview).toMatchObject({ can_request: true, reason: null, products: [{ licenses_left: 1 }] });
    expect(overview.requests.map((request: { status: string }) => request.status)).toEqual(['declined', 'accepted']);
  });

  it('parallel requests for the last license make one; a server-licensed product needs the server; another product is a field error', async () => {
    const { product, token } = await licensed(1, 1, true);
    expect(Object.keys((await ask(token, product.uuid)).errors![0]!.extensions!.fields)).toEqual(['broker_server']);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => ask(token, product.uuid, `last-${n}`, { broker_server: 'Broker-Live3' })));
    expect(answers.filter((answer) => !answer.errors)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errors).every((answer) => reasonOf(answer) === 'NoLicensesLeft')).toBe(true);
    const other = await licensed(3, 1);
    const wrong = await ask(other.token, product.uuid, undefined, { broker_server: 'Broker-Live3' });
    expect(Object.keys(wrong.errors![0]!.extensions!.fields)).toEqual(['product_id']);
  });
});

describe(`the modules' gates on ${databaseName}`, () => {
  it('answer not_found on a portal without the deals and license modules (Acme), and only to members', async () => {
    const [acme] = await server.db.select().from(tenants).where(eq(tenants.subdomain, 'acme'));
    const { token } = await newMember(server.db, { tenantId: acme!.id, prefix: 'deals-acme' });
    const gql = graphqlAs(server.db, { host: 'acme.localhost' });
    expect((await gql(listDeals, { w: acme!.uuid, s: 'mine' }, token)).errors![0]!.extensions!.category).toBe('not_found');
    expect((await gql(licenses, { w: acme!.uuid }, token)).errors![0]!.extensions!.category).toBe('not_found');
    expect((await gql(roadmap, { w: acme!.uuid }, token)).data.moduleRoadmap).toEqual([]);
    expect((await server.gql(roadmap, { w: demoUuid })).errors![0]!.extensions!.category).toBe('authentication');
  });
});

describe(`the roadmap on ${databaseName}`, () => {
  it('lists the demo items by stage then date, in the member language with English as the fallback', async () => {
    const { token, member: row } = await member();
    const items = (await server.gql(roadmap, { w: demoUuid }, token)).data.moduleRoadmap;
    expect(items).toHaveLength(8);
    const stages = items.map((item: { stage: string }) => item.stage);
    expect(stages).toEqual([...stages].sort((a: string, b: string) => ['planned', 'in_progress', 'done'].indexOf(a) - ['planned', 'in_progress', 'done'].indexOf(b)));
    expect(items[0]).toMatchObject({ title: 'Mobile app', vote: false });
    expect(items[0].votes).toBeGreaterThan(0);
    expect(items[0].quarter).toMatch(/^\d{4}-Q[1-4]$/);
    await server.db.update(users).set({ language: 'uk' }).where(eq(users.id, row.id));
    const uk = (await server.gql(roadmap, { w: demoUuid }, token)).data.moduleRoadmap;
    expect(uk[0].title).toBe('Мобільний застосунок');
    const [untranslated] = await server.db
      .select({ id: roadmapItems.id })
      .from(roadmapItems)
      .innerJoin(roadmapItemTexts, and(eq(roadmapItemTexts.itemId, roadmapItems.id), eq(roadmapItemTexts.lang, 'en')))
      .where(eq(roadmapItemTexts.title, 'Team chat'));
    expect(uk.find((item: { id: string }) => item.id === String(untranslated!.id)).title).toBe('Team chat');
    // The language the request asks for first (the portal sends the one it shows) wins; else the member's saved one.
    const asked = (header: string, language: string) =>
      requestLanguage(new Request('http://localhost/graphql', { headers: { 'accept-language': header } }), { ...row, language });
    expect([asked('es-ES,es;q=0.9', 'en'), asked('de-DE,uk;q=0.8', 'ru'), asked('en-US', 'ru'), asked('es', 'uk'), asked('', 'uk')]).toEqual(['es', 'ru', 'en', 'es', 'uk']);
  });

  it('counts one vote per member under 10 parallel votes, and takes it back', async () => {
    const { token } = await member();
    const [item] = (await server.gql(roadmap, { w: demoUuid }, token)).data.moduleRoadmap;
    const voted = await Promise.all(Array.from({ length: 10 }, () => server.gql(vote, { w: demoUuid, id: item.id, v: true }, token)));
    expect(voted.every((answer) => !answer.errors)).toBe(true);
    const after = (await server.gql(roadmap, { w: demoUuid }, token)).data.moduleRoadmap[0];
    expect(after).toMatchObject({ id: item.id, votes: item.votes + 1, vote: true });
    expect((await server.gql(vote, { w: demoUuid, id: item.id, v: false }, token)).data.moduleRoadmapVote).toEqual({ id: item.id, votes: item.votes, vote: false });
    expect((await server.gql(vote, { w: demoUuid, id: '999999', v: true }, token)).errors![0]!.extensions!.category).toBe('not_found');
  });
});
