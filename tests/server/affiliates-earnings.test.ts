// Referral earnings from real purchases and their payout into the wallet (issue "Wallet"): a purchase invoice
// down a three-level team makes each sponsor a pending earning at the level's rate, paying it (from the
// balance, through a gateway's confirmed callback, by bank transfer) approves them once, whatever is repeated
// or parallel; a lapsed invoice loses its pending ones; released earnings reaching the minimum are paid into
// the wallet as one REFERRAL_BONUS ledger movement exactly once, also with several server instances running
// the job at once. Runs on PGlite and PostgreSQL (two instances on one database there).
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { affEarnings, affLevelAccess, invoices, ledgerEntries, products, sessions, tenants, users, wallets } from '../../server/db/schema';
import { readConfig } from '../../server/config';
import { createPortalServer } from '../../server/app';
import { hashToken } from '../../server/security/tokens';
import { creditWallet } from '../../server/modules/wallet/ledger';
import { runEarningsJob } from '../../server/modules/affiliates/job';
import { startJobs } from '../../server/jobs';
import { dropLapsedEarnings, payMemberEarnings } from '../../server/modules/affiliates/payout';
import { sponsorChain } from '../../server/modules/affiliates/earnings';
import { affiliateEarnings, affiliateLevelRates } from '../../domain/limits';
import { jobInterval, invoiceDue } from '../../domain/timing';
import { createTestDatabase, databaseName, startInstance, testDatabaseUrl } from './harness';

type Instance = Awaited<ReturnType<typeof startInstance>>;
let fresh: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
/** The server instance the tests talk to, and a second one on the same database (PostgreSQL; on PGlite the same). */
let server: Instance;
let second: Instance;
let http: ReturnType<typeof createPortalServer>;
let base: string;
let demoUuid: string;
let demoTenantId: number;
const product: Record<string, string> = {};

beforeAll(async () => {
  fresh = testDatabaseUrl ? await createTestDatabase(testDatabaseUrl, { seeded: true }) : undefined;
  server = await startInstance(fresh?.url);
  second = fresh ? await startInstance(fresh.url) : server;
  http = createPortalServer(server.db, { ...readConfig({}), staticDir: undefined });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
  const [demo] = await server.db.select().from(tenants).where(eq(tenants.uuid, demoUuid));
  demoTenantId = demo!.id;
  for (const row of await server.db.select().from(products).where(eq(products.tenantId, demoTenantId))) product[row.name] = String(row.id);
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
  if (second !== server) await second?.close();
  await server?.close();
  await fresh?.drop();
});

const gql = (query: string, variables: Record<string, unknown>, token?: string) => server.gql(query, variables, token);

let count = 0;
/** A fresh Demo Portal member under sponsorId, with a session and, optionally, USDT on the balance. */
async function newMember(sponsorId: number | null, usdt?: string) {
  const tag = `${Date.now()}-${(count += 1)}`;
  const [member] = await server.db
    .insert(users)
    .values({
      tenantId: demoTenantId,
      email: `earn-${tag}@example.com`,
      name: `Earner ${count}`,
      passwordHash: '!',
      refid: `earn-${tag}`,
      referenceId: `EARN-${tag}`,
      sponsorId,
      emailVerifiedAt: new Date(),
    })
    .returning();
  const token = `earn-session-${tag}`;
  await server.db.insert(sessions).values({ userId: member!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  if (usdt) await creditWallet(server.db, { userId: member!.id, currency: 'USDT', amount: usdt, type: 'ADMIN_DEPOSIT', entryKey: `earn-top-up:${member!.id}` });
  return { member: member!, token };
}

/** A team of three levels above a buyer: root ← middle ← direct sponsor ← buyer (with 1000 USDT). */
async function team() {
  const root = await newMember(null);
  const middle = await newMember(root.member.id);
  const direct = await newMember(middle.member.id);
  const buyer = await newMember(direct.member.id, '1000.00');
  return { root, middle, direct, buyer };
}

/** An unpaid order invoice of the member's cart with these lines. */
async function orderInvoice(token: string, lines: [string, number][] = [['Trading Basics Course', 1]]) {
  for (const [name, qty] of lines) {
    const added = await gql(
      `mutation ($w: ID!, $p: ID!, $i: AddToCartInput!) { moduleProductsAddToShoppingCart(whitelabel_uuid: $w, product_id: $p, input: $i) { status } }`,
      { w: demoUuid, p: product[name], i: { qty, billing_cycle: 'onetime' } },
      token,
    );
    expect(added.errors).toBeUndefined();
  }
  const orderId = (await gql(`query ($w: ID!) { moduleProductsShopingCart(whitelabel_uuid: $w) { id } }`, { w: demoUuid }, token)).data.moduleProductsShopingCart.id;
  const made = await gql(`mutation ($o: ID!) { moduleProductsCreateInvoice(order_id: $o) { id tag subtotal discount total } }`, { o: orderId }, token);
  expect(made.errors).toBeUndefined();
  return made.data.moduleProductsCreateInvoice[0] as { id: string; tag: string; subtotal: string; discount: string; total: string };
}

const pay = (id: string, token: string) => gql(`mutation ($id: ID!) { payFromBalance(invoice_id: $id) { status } }`, { id }, token);

const earningsOf = (invoiceId: string) =>
  server.db
    .select()
    .from(affEarnings)
    .where(eq(affEarnings.invoiceId, Number(invoiceId)))
    .orderBy(affEarnings.level);

const earningsQuery = `{ affEarnings { pending on_hold below_minimum payable paid items { amount level from_name state hold_until paid_at } } }`;
const day = 24 * 60 * 60_000;

// First: a later test lets the seeded unpaid invoice lapse.
describe('demo data', () => {
  it('the demo member’s paid earnings are its referral payout in the ledger; its pending one comes from an unpaid invoice', async () => {
    const [demo] = await server.db.select().from(users).where(eq(users.email, 'demo@example.com'));
    const rows = await server.db.select().from(affEarnings).where(eq(affEarnings.userId, demo!.id));
    const paid = rows.filter((e) => e.status === 'paid');
    expect(paid).toHaveLength(2);
    const ledgerId = paid[0]!.ledgerEntryId!;
    expect(paid.every((e) => e.ledgerEntryId === ledgerId)).toBe(true);
    const [entry] = await server.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, ledgerId));
    expect(entry).toMatchObject({ userId: demo!.id, type: 'REFERRAL_BONUS', amount: '65.00000000' });
    expect(paid.every((e) => e.paidAt!.getTime() === entry!.createdAt.getTime())).toBe(true);
    const pending = rows.filter((e) => e.status === 'pending');
    expect(pending).toHaveLength(1);
    const [bill] = await server.db.select().from(invoices).where(inArray(invoices.id, [pending[0]!.invoiceId!]));
    expect(bill).toMatchObject({ status: 'unpaid', kind: 'order', subtotal: '120.00000000' });
    expect(new Set(rows.map((e) => e.status))).toEqual(new Set(['paid', 'approved', 'pending']));
  });
});

describe(`earnings from purchases on ${databaseName}`, () => {
  it('an order down a three-level team: pending at 10 %, 5 %, 2 % when made, approved and held 14 days once paid', async () => {
    const { root, middle, direct, buyer } = await team();
    const bill = await orderInvoice(buyer.token, [['Trading Basics Course', 1]]);
    expect(bill.subtotal).toBe('49.90');
    const pending = await earningsOf(bill.id);
    expect(pending.map((e) => [e.userId, e.level, e.amount, e.currency, e.status, e.fromUserId, e.holdUntil])).toEqual([
      [direct.member.id, 1, '4.99000000', 'USDT', 'pending', buyer.member.id, null],
      [middle.member.id, 2, '2.50000000', 'USDT', 'pending', buyer.member.id, null],
      [root.member.id, 3, '1.00000000', 'USDT', 'pending', buyer.member.id, null],
    ]);
    expect(affiliateLevelRates.slice(0, 3)).toEqual(['0.10', '0.05', '0.02']);
    // the direct sponsor's page shows it as pending
    const before = (await gql(earningsQuery, {}, direct.token)).data.affEarnings;
    expect(before).toMatchObject({ pending: '4.99', on_hold: '0.00' });
    expect(before.items).toEqual([expect.objectContaining({ amount: '4.99', level: 1, from_name: buyer.member.name, state: 'pending', hold_until: null })]);

    expect((await pay(bill.id, buyer.token)).errors).toBeUndefined();
    const [paid] = await server.db.select().from(invoices).where(eq(invoices.id, Number(bill.id)));
    const approved = await earningsOf(bill.id);
    expect(approved.map((e) => [e.userId, e.level, e.amount, e.status])).toEqual([
      [direct.member.id, 1, '4.99000000', 'approved'],
      [middle.member.id, 2, '2.50000000', 'approved'],
      [root.member.id, 3, '1.00000000', 'approved'],
    ]);
    for (const earning of approved) expect(earning.holdUntil!.getTime()).toBe(paid!.datePaid!.getTime() + affiliateEarnings.holdingDays * day);
    const after = (await gql(earningsQuery, {}, direct.token)).data.affEarnings;
    expect(after).toMatchObject({ pending: '0.00', on_hold: '4.99', paid: '0.00' });
    expect(after.items[0]).toMatchObject({ state: 'on_hold', hold_until: new Date(approved[0]!.holdUntil!).toISOString() });
  });

  it('no earnings for a member without a sponsor, for a deposit, and none beyond a sponsor’s level access', async () => {
    const alone = await newMember(null, '500.00');
    const bill = await orderInvoice(alone.token);
    expect(await earningsOf(bill.id)).toEqual([]);
    const { root, middle, direct, buyer } = await team();
    const deposit = await gql(`mutation { depositFunds(amount: "100") { id } }`, {}, buyer.token);
    expect(deposit.errors).toBeUndefined();
    expect(await earningsOf(deposit.data.depositFunds.id)).toEqual([]);
    // root may see only level 2 of the team: a purchase on its level 3 earns it nothing
    await server.db.insert(affLevelAccess).values({ userId: root.member.id, maxLevel: 2 });
    const order = await orderInvoice(buyer.token);
    expect((await earningsOf(order.id)).map((e) => e.userId)).toEqual([direct.member.id, middle.member.id]);
  });

  it('the chain stays in the tenant, ends at the plan depth in a sponsor loop, and never earns the buyer', async () => {
    const { root, middle, direct, buyer } = await team();
    // a sponsor in another tenant is no sponsor
    const [acme] = await server.db.select().from(tenants).where(eq(tenants.subdomain, 'acme'));
    await server.db.update(users).set({ tenantId: acme!.id }).where(eq(users.id, middle.member.id));
    expect(await sponsorChain(server.db, { id: buyer.member.id, tenantId: demoTenantId })).toEqual([{ userId: direct.member.id, level: 1 }]);
    await server.db.update(users).set({ tenantId: demoTenantId }).where(eq(users.id, middle.member.id));
    // a loop root -> buyer -> direct -> middle -> root: four sponsors at most, the buyer never among them
    await server.db.update(users).set({ sponsorId: buyer.member.id }).where(eq(users.id, root.member.id));
    const chain = await sponsorChain(server.db, { id: buyer.member.id, tenantId: demoTenantId });
    expect(chain).toEqual([
      { userId: direct.member.id, level: 1 },
      { userId: middle.member.id, level: 2 },
      { userId: root.member.id, level: 3 },
    ]);
    // a loop above the buyer (direct <-> middle): each sponsor once, at the nearest level
    await server.db.update(users).set({ sponsorId: direct.member.id }).where(eq(users.id, middle.member.id));
    expect(await sponsorChain(server.db, { id: buyer.member.id, tenantId: demoTenantId })).toEqual([
      { userId: direct.member.id, level: 1 },
      { userId: middle.member.id, level: 2 },
    ]);
  });

  it('20 parallel pays of one invoice approve one set of earnings', async () => {
    const { buyer } = await team();
    const bill = await orderInvoice(buyer.token, [['Advanced Strategies Course', 1]]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(bill.id, buyer.token)));
    expect(answers.filter((answer) => !answer.errors).length).toBeGreaterThanOrEqual(1);
    const rows = await earningsOf(bill.id);
    expect(rows.map((e) => [e.level, e.amount, e.status])).toEqual([
      [1, '12.90000000', 'approved'],
      [2, '6.45000000', 'approved'],
      [3, '2.58000000', 'approved'],
    ]);
  });

  it('paid by bank transfer (20 parallel confirmations of the provider) and by a crypto gateway: approved once', async () => {
    const { buyer } = await team();
    const bill = await orderInvoice(buyer.token, [['Personal Mentoring Session', 1]]);
    const chosen = await gql(`mutation ($w: ID!, $id: ID!) { setInvoiceGateway(whitelabel_uuid: $w, invoice_id: $id, gateway: "bank_transfer") { id } }`, { w: demoUuid, id: bill.id }, buyer.token);
    expect(chosen.errors).toBeUndefined();
    const confirmations = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${base}/dev/gateway/confirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invoice_id: Number(bill.id) }) }),
      ),
    );
    expect(confirmations.some((response) => response.status === 200)).toBe(true);
    const [paid] = await server.db.select().from(invoices).where(eq(invoices.id, Number(bill.id)));
    expect(paid!.status).toBe('paid');
    // the base is the purchase (150.00), not the bank's fee on top of it
    expect((await earningsOf(bill.id)).map((e) => [e.level, e.amount, e.status])).toEqual([
      [1, '15.00000000', 'approved'],
      [2, '7.50000000', 'approved'],
      [3, '3.00000000', 'approved'],
    ]);

    const crypto = await orderInvoice(buyer.token, [['Account Setup', 1]]);
    const txn = await gql(`mutation ($id: ID!) { coinPaymentsCreateTransaction(invoice_id: $id, currency: "USDT.TRC20") { txn_id } }`, { id: crypto.id }, buyer.token);
    expect(txn.errors).toBeUndefined();
    const confirmed = await fetch(`${base}/dev/gateway/confirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invoice_id: Number(crypto.id) }) });
    expect(((await confirmed.json()) as { result: string }).result).toBe('paid');
    expect((await earningsOf(crypto.id)).map((e) => [e.level, e.amount, e.status])).toEqual([
      [1, '2.50000000', 'approved'],
      [2, '1.25000000', 'approved'],
      [3, '0.50000000', 'approved'],
    ]);
  });

  it('an invoice past its due date or canceled loses its pending earnings; paid late, it earns them approved', async () => {
    const { buyer } = await team();
    const late = await orderInvoice(buyer.token);
    const canceled = await orderInvoice(buyer.token, [['Trading Journal', 1]]);
    await server.db.update(invoices).set({ status: 'canceled' }).where(eq(invoices.id, Number(canceled.id)));
    expect(await earningsOf(late.id)).toHaveLength(3);
    // before the due date only the canceled invoice's are dropped
    expect(await dropLapsedEarnings(server.db)).toBeGreaterThanOrEqual(3);
    expect(await earningsOf(canceled.id)).toEqual([]);
    expect(await earningsOf(late.id)).toHaveLength(3);
    // past the due date the unpaid invoice's pending earnings lapse too
    expect(await dropLapsedEarnings(server.db, new Date(Date.now() + invoiceDue + 60_000))).toBeGreaterThanOrEqual(3);
    expect(await earningsOf(late.id)).toEqual([]);
    expect((await pay(late.id, buyer.token)).errors).toBeUndefined();
    expect((await earningsOf(late.id)).map((e) => e.status)).toEqual(['approved', 'approved', 'approved']);
  });
});

const ledgerRows = (userId: number) =>
  server.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.type, 'REFERRAL_BONUS')));

/** Moves the member's approved earnings' release into the past: the holding period is over. */
const release = (userId: number) =>
  server.db
    .update(affEarnings)
    .set({ holdUntil: new Date(Date.now() - 60_000) })
    .where(and(eq(affEarnings.userId, userId), eq(affEarnings.status, 'approved')));

describe(`payout into the wallet on ${databaseName}`, () => {
  it('held or released below the minimum: nothing is paid', async () => {
    const { direct, buyer } = await team();
    const bill = await orderInvoice(buyer.token, [['Personal Mentoring Session', 1], ['Advanced Strategies Course', 1]]);
    expect((await pay(bill.id, buyer.token)).errors).toBeUndefined();
    // 27.90 on level 1, held for 14 days
    await runEarningsJob(server.db);
    expect(await ledgerRows(direct.member.id)).toEqual([]);
    await release(direct.member.id);
    await runEarningsJob(server.db);
    expect(await payMemberEarnings(server.db, direct.member.id, 'USDT')).toBeNull();
    expect(await ledgerRows(direct.member.id)).toEqual([]);
    const page = (await gql(earningsQuery, {}, direct.token)).data.affEarnings;
    expect(page).toMatchObject({ below_minimum: '27.90', payable: '0.00', paid: '0.00' });
  });

  it('after the holding period, purchases reaching the minimum are paid once into the wallet, the transactions and the history', async () => {
    const { direct, buyer } = await team();
    for (const lines of [[['Personal Mentoring Session', 1]], [['Personal Mentoring Session', 1]], [['Advanced Strategies Course', 1]]] as [string, number][][]) {
      const bill = await orderInvoice(buyer.token, lines);
      expect((await pay(bill.id, buyer.token)).errors).toBeUndefined();
    }
    // 15.00 + 15.00 + 12.90 = 42.90 held: not yet
    await runEarningsJob(server.db);
    expect(await ledgerRows(direct.member.id)).toEqual([]);
    const more = await orderInvoice(buyer.token, [['Trading Basics Course', 1], ['Trading Journal', 1]]);
    expect((await pay(more.id, buyer.token)).errors).toBeUndefined();
    await release(direct.member.id);
    const before = (await gql(earningsQuery, {}, direct.token)).data.affEarnings;
    expect(before).toMatchObject({ payable: '51.79', below_minimum: '0.00' });

    const run = await runEarningsJob(server.db);
    expect(run.credits).toBeGreaterThanOrEqual(1);
    const [credit, ...others] = await ledgerRows(direct.member.id);
    expect(others).toEqual([]);
    expect(credit).toMatchObject({ amount: '51.79000000', currency: 'USDT', note: 'Referral earnings payout' });
    const [wallet] = await server.db.select().from(wallets).where(and(eq(wallets.userId, direct.member.id), eq(wallets.currency, 'USDT')));
    expect(wallet!.available).toBe('51.79000000');
    const rows = await server.db.select().from(affEarnings).where(eq(affEarnings.userId, direct.member.id));
    expect(rows.map((e) => [e.status, e.ledgerEntryId])).toEqual(rows.map(() => ['paid', credit!.id]));
    expect(rows.every((e) => e.paidAt !== null)).toBe(true);
    // a second run pays nothing more
    await runEarningsJob(server.db);
    expect(await ledgerRows(direct.member.id)).toHaveLength(1);

    const page = (await gql(earningsQuery, {}, direct.token)).data.affEarnings;
    expect(page).toMatchObject({ payable: '0.00', paid: '51.79' });
    expect(page.items.every((item: { state: string; paid_at: string | null }) => item.state === 'paid' && item.paid_at)).toBe(true);
    const transactions = await gql(`{ walletTransactions { data { type amount currency note } } }`, {}, direct.token);
    expect(transactions.data.walletTransactions.data).toEqual([{ type: 'REFERRAL_BONUS', amount: expect.stringMatching(/^51\.790*$/), currency: 'USDT', note: 'Referral earnings payout' }]);
    const history = await gql(`{ balanceHistory(range: "7d") { points { affiliate_payout balance } } }`, {}, direct.token);
    expect(history.errors).toBeUndefined();
    const points = history.data.balanceHistory.points as { affiliate_payout: string; balance: string }[];
    expect(points.some((point) => Number.parseFloat(point.affiliate_payout) === 51.79)).toBe(true);
  });

  it('another currency is paid into its own wallet once it is worth the minimum at its USDT rate', async () => {
    const { member } = await newMember(null);
    const past = new Date(Date.now() - day);
    // 46.00 EUR at 1.08 USDT is 49.68 USDT: under the minimum; 47.00 EUR (50.76 USDT) is paid
    await server.db.insert(affEarnings).values({ userId: member.id, level: 1, amount: '46.00', currency: 'EUR', status: 'approved', holdUntil: past });
    await runEarningsJob(server.db);
    expect(await ledgerRows(member.id)).toEqual([]);
    await server.db.insert(affEarnings).values({ userId: member.id, level: 1, amount: '1.00', currency: 'EUR', status: 'approved', holdUntil: past });
    await runEarningsJob(server.db);
    expect((await ledgerRows(member.id)).map((row) => [row.currency, row.amount])).toEqual([['EUR', '47.00000000']]);
  });

  it('10 payout runs at once (two server instances on PostgreSQL) credit the wallet once', async () => {
    const { member } = await newMember(null);
    const past = new Date(Date.now() - day);
    await server.db.insert(affEarnings).values(
      ['20.00', '25.00', '15.50'].map((amount, index) => ({ userId: member.id, level: index + 1, amount, currency: 'USDT', status: 'approved', holdUntil: past })),
    );
    const runs = await Promise.all(Array.from({ length: 10 }, (_, index) => runEarningsJob((index % 2 ? second : server).db)));
    expect(runs.every((run) => run.failures === 0)).toBe(true);
    const credits = await ledgerRows(member.id);
    expect(credits).toHaveLength(1);
    expect(credits[0]!.amount).toBe('60.50000000');
    const rows = await server.db.select().from(affEarnings).where(eq(affEarnings.userId, member.id));
    expect(new Set(rows.map((e) => `${e.status}:${e.ledgerEntryId}`))).toEqual(new Set([`paid:${credits[0]!.id}`]));
    const [wallet] = await server.db.select().from(wallets).where(and(eq(wallets.userId, member.id), eq(wallets.currency, 'USDT')));
    expect(wallet!.available).toBe('60.50000000');
  });
});

describe('the job in the server process', () => {
  it('runs with the server’s jobs every jobInterval; stop() waits for the run in progress and no run starts after it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { member } = await newMember(null);
      const past = new Date(Date.now() - day);
      await server.db.insert(affEarnings).values({ userId: member.id, level: 1, amount: '50.00', currency: 'USDT', status: 'approved', holdUntil: past });
      const job = startJobs(server.db);
      vi.advanceTimersByTime(jobInterval - 1);
      await job.stop().then(() => job.stop());
      expect(await ledgerRows(member.id)).toEqual([]);

      const running = startJobs(server.db);
      vi.advanceTimersByTime(jobInterval);
      await running.stop();
      expect((await ledgerRows(member.id)).map((row) => row.amount)).toEqual(['50.00000000']);
      // stopped: the timer is gone
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
