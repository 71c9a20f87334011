// Tariffs: the demo tariff lines, buying a tariff (one invoice for parallel checkouts, one purchase for
// parallel pays, the same tariff extended), the upgrade priced by the proration rule the portal shows
// (domain/pricing.ts) and paid exactly once, and the platform subscription only a tenant owner
// activates, extended by its period exactly once. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  invoices,
  products,
  purchases,
  tenantOwners,
  tenants,
  tenantSubscriptions,
  users,
  wallets,
} from '../../server/db/schema';
import { addMonths, upgradeProration } from '../../domain/pricing';
import { startServer } from './harness';
import { newMember as createMember } from './members';
import { graphqlAs } from './requests';

let server: Awaited<ReturnType<typeof startServer>>;
let demoUuid: string;
let acmeUuid: string;
let demoTenantId: number;
const tariff: Record<string, { id: number; uuid: string }> = {};

const gql = (query: string, variables: Record<string, unknown>, token?: string) => server.gql(query, variables, token);
const reasonOf = (answer: { errors?: { extensions?: Record<string, any> }[] }) => answer.errors?.[0]?.extensions?.reason;
const day = 24 * 60 * 60_000;

/** A fresh Demo Portal member with a session and a USDT balance (tests/server/members.ts). */
const newMember = (usdt = '1000') => createMember(server.db, { tenantId: demoTenantId, prefix: 'tariff', usdt });

const signIn = async (email: string, whitelabel: string) =>
  (
    await gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, {
      data: { username: email, password: 'Demo12345', whitelabel_uuid: whitelabel },
    })
  ).data.login.access_token as string;

const checkout = (productId: string | number, cycle: string | null, token: string, key?: string) =>
  gql(
    `mutation ($w: ID!, $p: ID!, $c: String, $k: String) { moduleProductsTariffsCheckout(whitelabel_uuid: $w, product_id: $p, billing_cycle: $c, idempotency_key: $k) { invoice_id status } }`,
    { w: demoUuid, p: String(productId), c: cycle, k: key },
    token,
  );
const pay = (id: string, token: string) =>
  gql(`mutation ($id: ID!) { payFromBalance(invoice_id: $id) { status } }`, { id }, token);
const me = async (token: string) =>
  (
    await gql(
      `{ me { uuid purchase { uuid name billing_cycle active_till active_from has_upgrades price } purchases { name active_till } subscription { enabled active till can_activate } } }`,
      {},
      token,
    )
  ).data.me;
const invoiceOf = async (id: string, token: string) =>
  (await gql(`query ($id: ID!) { invoice(id: $id) { id status kind total currency items { subject amount } } }`, { id }, token))
    .data.invoice;
const upgradeCart = (token: string, userUuid: string, purchase: string, target?: string, cycle?: string) =>
  gql(
    `query ($w: ID!, $u: ID!, $o: ID!, $n: ID, $c: String) { moduleProductsUpgradeCart(whitelabel_uuid: $w, user_uuid: $u, order_id: $o, new_product_uuid: $n, billing_cycle: $c) {
      current_purchase_uuid current_product_name new_product_uuid new_product_name diff_price currency billing_cycle new_price
      current_billing_cycle current_price current_active_till days_left days_in_cycle credit new_active_till } }`,
    { w: demoUuid, u: userUuid, o: purchase, n: target, c: cycle },
    token,
  );
const upgradeCheckout = (token: string, purchase: string, target: string, cycle: string) =>
  gql(
    `mutation ($w: ID!, $p: ID!, $n: ID!, $c: String!) { moduleProductsUpgradeCheckout(whitelabel_uuid: $w, current_purchase_uuid: $p, new_product_uuid: $n, billing_cycle: $c) { id kind total status
      upgrade { from_product to_product new_price current_price days_left days_in_cycle credit difference } } }`,
    { w: demoUuid, p: purchase, n: target, c: cycle },
    token,
  );
const activate = (token: string, period?: string) =>
  gql(
    `mutation ($p: String) { whiteLabelActivateSubscription(period: $p) { id kind total status items { subject } } }`,
    { p: period },
    token,
  );
const subscription = async (token: string) =>
  (await gql(`{ whiteLabelUserActiveSubscription { enabled active till trial period can_activate } }`, {}, token)).data
    .whiteLabelUserActiveSubscription;

async function usdtOf(userId: number) {
  const [wallet] = await server.db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.currency, 'USDT')));
  return wallet!.available;
}

beforeAll(async () => {
  server = await startServer();
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
  acmeUuid = (await graphqlAs(server.db, { host: 'acme.localhost' })(`{ whiteLabel(source: "acme") { uuid } }`)).data.whiteLabel.uuid;
  const [demo] = await server.db.select().from(tenants).where(eq(tenants.uuid, demoUuid));
  demoTenantId = demo!.id;
  for (const row of await server.db.select().from(products).where(eq(products.tenantId, demoTenantId)))
    tariff[row.name] = { id: row.id, uuid: row.uuid };
});
afterAll(async () => {
  await server?.close();
});

describe('demo data', () => {
  it('Acme lists three tariffs by level with their upgrades; the store does not list them', async () => {
    const atAcme = graphqlAs(server.db, { host: 'acme.localhost', origin: 'http://acme.localhost' });
    const login = await atAcme(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, {
      data: { username: 'demo@example.com', password: 'Demo12345', whitelabel_uuid: acmeUuid },
    });
    const token = login.data.login.access_token as string;
    const answer = await atAcme(
      `query ($w: ID!) { moduleProductsTariffs(whitelabel_uuid: $w) { level upgrade_product_uuids product { uuid name price_monthly price_quartally price_annually } } }`,
      { w: acmeUuid },
      token,
    );
    expect(answer.errors).toBeUndefined();
    const line = answer.data.moduleProductsTariffs;
    expect(line.map((entry: any) => [entry.level, entry.product.name])).toEqual([
      [1, 'Starter Portfolio'],
      [2, 'Growth Portfolio'],
      [3, 'Premium Portfolio'],
    ]);
    expect(line[0].upgrade_product_uuids).toEqual([line[1].product.uuid, line[2].product.uuid]);
    expect(line[2].upgrade_product_uuids).toEqual([]);
    expect(line[0].product).toMatchObject({ price_monthly: '100.00', price_quartally: '270.00', price_annually: '1000.00' });
    const store = await atAcme(`query ($w: ID!) { moduleProducts(whitelabel_uuid: $w) { name } }`, { w: acmeUuid }, token);
    expect(store.errors).toBeUndefined();
    expect(JSON.stringify(store.data)).not.toContain('Portfolio');
  });

  it('the demo member runs Basic with upgrades; the owner may activate the subscription, the member may not (me says so too)', async () => {
    const member = await signIn('demo@example.com', demoUuid);
    expect((await me(member)).purchase).toMatchObject({ name: 'Basic', billing_cycle: 'monthly', has_upgrades: true });
    expect(await subscription(member)).toMatchObject({ enabled: true, active: false, can_activate: false });
    expect((await me(member)).subscription).toMatchObject({ enabled: true, can_activate: false });
    const owner = await signIn('owner@example.com', demoUuid);
    expect((await me(owner)).subscription).toMatchObject({ enabled: true, can_activate: true });
    expect(await subscription(owner)).toMatchObject({
      enabled: true,
      active: false,
      till: null,
      trial: false,
      can_activate: true,
    });
  });
});

describe('buying a tariff', () => {
  it('20 parallel checkouts make one invoice; 20 parallel pays make one purchase that me.purchase shows', async () => {
    const { member, token } = await newMember('1000');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => checkout(tariff.Pro!.uuid, 'quartally', token, i % 2 ? `buy-${i}` : undefined)),
    );
    expect(answers.map((answer) => answer.errors)).toEqual(Array(20).fill(undefined));
    const ids = new Set(answers.map((answer) => answer.data.moduleProductsTariffsCheckout.invoice_id));
    expect(ids.size).toBe(1);
    const [invoiceId] = [...ids] as string[];
    expect(await invoiceOf(invoiceId!, token)).toMatchObject({
      status: 'unpaid',
      kind: 'tariff',
      total: '132.00',
      items: [{ subject: 'Pro', amount: '132.00' }],
    });
    const pays = await Promise.all(Array.from({ length: 20 }, () => pay(invoiceId!, token)));
    expect(pays.every((answer) => answer.data?.payFromBalance.status === 'success')).toBe(true);
    expect(await usdtOf(member.id)).toBe('868.00000000');
    const rows = await server.db.select().from(purchases).where(eq(purchases.userId, member.id));
    expect(rows).toHaveLength(1);
    const now = await me(token);
    expect(now.purchase).toMatchObject({
      name: 'Pro',
      billing_cycle: 'quartally',
      price: '132.00',
      has_upgrades: true,
      active_from: null,
    });
    const till = new Date(now.purchase.active_till).getTime();
    expect(Math.abs(till - addMonths(new Date(), 3).getTime())).toBeLessThan(60_000);
  });

  it('the same tariff bought again runs a cycle longer; a checkout without a cycle takes the shortest', async () => {
    const { token } = await newMember('1000');
    const first = (await checkout(tariff.Basic!.id, null, token)).data.moduleProductsTariffsCheckout.invoice_id;
    expect(await invoiceOf(first, token)).toMatchObject({ total: '19.00' });
    await pay(first, token);
    const till = new Date((await me(token)).purchase.active_till);
    const second = (await checkout(tariff.Basic!.uuid, 'monthly', token)).data.moduleProductsTariffsCheckout.invoice_id;
    expect(second).not.toBe(first);
    await pay(second, token);
    const after = await me(token);
    expect(after.purchases).toHaveLength(1);
    expect(new Date(after.purchase.active_till).getTime()).toBe(addMonths(till, 1).getTime());
  });

  it('a product that is not a tariff, or a cycle it is not sold in, is a validation error', async () => {
    const { token } = await newMember('10');
    const store = await server.db
      .select()
      .from(products)
      .where(and(eq(products.tenantId, demoTenantId), eq(products.name, 'Signals Bot')));
    const notTariff = await checkout(store[0]!.id, null, token);
    expect(notTariff.errors?.[0]?.extensions).toMatchObject({
      category: 'validation',
      fields: { product_id: [expect.any(String)] },
    });
    const cycle = await checkout(tariff.Pro!.id, 'semiannually', token);
    expect(cycle.errors?.[0]?.extensions).toMatchObject({
      category: 'validation',
      fields: { billing_cycle: [expect.any(String)] },
    });
    expect((await checkout(tariff.Pro!.id, null, '')).errors?.[0]?.extensions?.category).toBe('authentication');
  });
});

describe('upgrades', () => {
  /** A member running Basic monthly that ends in `daysLeft` days. */
  async function runningBasic(daysLeft: number) {
    const { member, token } = await newMember('1000');
    const invoiceId = (await checkout(tariff.Basic!.id, 'monthly', token)).data.moduleProductsTariffsCheckout.invoice_id;
    await pay(invoiceId, token);
    const till = new Date(Date.now() + daysLeft * day + 3_600_000);
    await server.db.update(purchases).set({ activeTill: till }).where(eq(purchases.userId, member.id));
    const [row] = await server.db.select().from(purchases).where(eq(purchases.userId, member.id));
    return { member, token, purchase: row!, till };
  }

  it('the cart shows the prorated difference the shared rule computes', async () => {
    const { member, token, purchase, till } = await runningBasic(15);
    const answer = await upgradeCart(token, member.uuid, purchase.uuid, tariff.Pro!.uuid, 'monthly');
    expect(answer.errors).toBeUndefined();
    const cart = answer.data.moduleProductsUpgradeCart;
    const expected = upgradeProration({
      currentPrice: '19',
      currentCycle: 'monthly',
      currentActiveTill: till,
      newPrice: '49.00',
      now: new Date(),
    });
    expect(cart).toMatchObject({
      current_purchase_uuid: purchase.uuid,
      current_product_name: 'Basic',
      new_product_name: 'Pro',
      billing_cycle: 'monthly',
      new_price: '49.00',
      current_price: '19.00',
      days_left: 15,
      days_in_cycle: expected.daysInCycle,
      credit: expected.credit,
      diff_price: expected.difference,
      currency: 'USDT',
    });
    // 19 × 15 / days in the cycle (28-31) is between 9.19 and 10.18.
    expect(Number(cart.credit)).toBeGreaterThan(9);
    expect(Number(cart.credit)).toBeLessThan(10.2);
    // Without a target the lowest upgrade; by the order id is not a tariff purchase of another member.
    expect((await upgradeCart(token, member.uuid, purchase.uuid)).data.moduleProductsUpgradeCart.new_product_name).toBe('Pro');
  });

  it('20 parallel upgrade checkouts make one invoice; paid once, the new tariff runs and the old one ends', async () => {
    const { member, token, purchase } = await runningBasic(20);
    const cart = (await upgradeCart(token, member.uuid, purchase.uuid, tariff.Elite!.uuid, 'monthly')).data
      .moduleProductsUpgradeCart;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => upgradeCheckout(token, purchase.uuid, tariff.Elite!.uuid, 'monthly')),
    );
    expect(answers.map((answer) => answer.errors)).toEqual(Array(20).fill(undefined));
    const ids = new Set(answers.map((answer) => answer.data.moduleProductsUpgradeCheckout.id));
    expect(ids.size).toBe(1);
    const bill = answers[0]!.data.moduleProductsUpgradeCheckout;
    expect(bill).toMatchObject({ kind: 'upgrade', total: cart.diff_price, status: 'unpaid' });
    // The figures the portal writes the invoice's note from in the member's language (issue 33).
    expect(bill.upgrade).toEqual({
      from_product: 'Basic',
      to_product: 'Elite',
      new_price: cart.new_price,
      current_price: cart.current_price,
      days_left: cart.days_left,
      days_in_cycle: cart.days_in_cycle,
      credit: cart.credit,
      difference: cart.diff_price,
    });
    const before = await usdtOf(member.id);
    const pays = await Promise.all(Array.from({ length: 20 }, () => pay(bill.id, token)));
    expect(pays.every((answer) => answer.data?.payFromBalance.status === 'success')).toBe(true);
    expect(Number(before) - Number(await usdtOf(member.id))).toBeCloseTo(Number(cart.diff_price), 6);
    const rows = await server.db.select().from(purchases).where(eq(purchases.userId, member.id));
    expect(rows).toHaveLength(2);
    const old = rows.find((row) => row.id === purchase.id)!;
    expect(old.activeTill!.getTime()).toBeLessThanOrEqual(Date.now());
    const after = await me(token);
    expect(after.purchase).toMatchObject({ name: 'Elite', billing_cycle: 'monthly', has_upgrades: false });
    // The old purchase no longer runs: its upgrade is gone.
    expect(reasonOf(await upgradeCheckout(token, purchase.uuid, tariff.Pro!.uuid, 'monthly'))).toBe('PurchaseNotFound');
  });

  it('a lower tariff is not an upgrade; an unknown purchase is not found; another member cannot price it', async () => {
    const { member, token, purchase } = await runningBasic(5);
    const { token: elite } = await newMember('1000');
    const eliteInvoice = (await checkout(tariff.Elite!.id, 'monthly', elite)).data.moduleProductsTariffsCheckout.invoice_id;
    await pay(eliteInvoice, elite);
    const elitePurchase = (await me(elite)).purchase;
    expect(elitePurchase.has_upgrades).toBe(false);
    expect(reasonOf(await upgradeCheckout(elite, elitePurchase.uuid, tariff.Basic!.uuid, 'monthly'))).toBe('UpgradeNotAvailable');
    expect(reasonOf(await upgradeCheckout(token, '00000000-0000-4000-8000-000000000000', tariff.Pro!.uuid, 'monthly'))).toBe(
      'PurchaseNotFound',
    );
    expect(reasonOf(await upgradeCheckout(elite, purchase.uuid, tariff.Pro!.uuid, 'monthly'))).toBe('PurchaseNotFound');
    const stranger = await upgradeCart(elite, member.uuid, purchase.uuid);
    expect(stranger.errors?.[0]?.extensions?.category).toBe('validation');
  });
});

describe('the platform subscription', () => {
  it('a member who does not own the tenant cannot activate it', async () => {
    const { token } = await newMember('1000');
    expect(reasonOf(await activate(token, 'monthly'))).toBe('NotTenantOwner');
  });

  it('an unknown period is a validation error', async () => {
    const owner = await signIn('owner@example.com', demoUuid);
    const answer = await activate(owner, 'weekly');
    expect(answer.errors?.[0]?.extensions).toMatchObject({ category: 'validation', fields: { period: [expect.any(String)] } });
  });

  it('20 parallel activations make one invoice of the quarterly price; 20 parallel pays extend it once by 3 months', async () => {
    const owner = await signIn('owner@example.com', demoUuid);
    const answers = await Promise.all(Array.from({ length: 20 }, () => activate(owner, 'quarterly')));
    expect(answers.map((answer) => answer.errors)).toEqual(Array(20).fill(undefined));
    const ids = new Set(answers.map((answer) => answer.data.whiteLabelActivateSubscription.id));
    expect(ids.size).toBe(1);
    const bill = answers[0]!.data.whiteLabelActivateSubscription;
    expect(bill).toMatchObject({ kind: 'subscription', total: '135.00', status: 'unpaid' });
    const pays = await Promise.all(Array.from({ length: 20 }, () => pay(bill.id, owner)));
    expect(pays.every((answer) => answer.data?.payFromBalance.status === 'success')).toBe(true);
    const [ownerRow] = await server.db
      .select()
      .from(users)
      .where(and(eq(users.email, 'owner@example.com'), eq(users.tenantId, demoTenantId)));
    expect(await usdtOf(ownerRow!.id)).toBe('865.00000000');
    const status = await subscription(owner);
    expect(status).toMatchObject({ enabled: true, active: true, trial: false, period: 'quarterly', can_activate: true });
    expect(Math.abs(new Date(status.till).getTime() - addMonths(new Date(), 3).getTime())).toBeLessThan(60_000);
    // Every member of the tenant sees it active (me.subscription too).
    const member = await signIn('demo@example.com', demoUuid);
    expect((await me(member)).subscription).toMatchObject({ enabled: true, active: true });

    // Another period while it runs: it is added after the paid end.
    const change = (await activate(owner, 'monthly')).data.whiteLabelActivateSubscription;
    await pay(change.id, owner);
    const [row] = await server.db.select().from(tenantSubscriptions).where(eq(tenantSubscriptions.tenantId, demoTenantId));
    expect(row!.activeTill!.getTime()).toBe(addMonths(new Date(status.till), 1).getTime());
    expect(row!.period).toBe('monthly');
    const owners = await server.db.select().from(tenantOwners).where(eq(tenantOwners.tenantId, demoTenantId));
    expect(owners).toHaveLength(1);
    const paid = await server.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, ownerRow!.id), eq(invoices.status, 'paid')));
    expect(paid).toHaveLength(2);
  });
});
