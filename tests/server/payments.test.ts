// Payments: invoices only their owner sees, fees per gateway, paying from the balance exactly once (20
// parallel pays, repeated idempotency keys), crypto transactions with the rate lock, payments that arrive
// short, late or over, deposits, and gateway callbacks that change nothing unless their signature is right.
// Runs on PGlite and PostgreSQL; callbacks and the sandbox confirm go through the real HTTP server.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  currencies,
  gatewayCallbacks,
  gatewayTransactions,
  invoices,
  ledgerEntries,
  lmsCourses,
  lmsEnrolments,
  paymentGateways,
  products,
  purchases,
  tenants,
  wallets,
} from '../../server/db/schema';
import { readConfig } from '../../server/config';
import { createPortalServer } from '../../server/app';
import { ipnBody, signIpn } from '../../server/gateways/ipn';
import { creditWallet } from '../../server/modules/wallet/ledger';
import { exchangeRateLock } from '../../domain/timing';
import { startServer } from './harness';
import { newMember as createMember } from './members';

let server: Awaited<ReturnType<typeof startServer>>;
let http: ReturnType<typeof createPortalServer>;
let base: string;
let demoUuid: string;
let demoTenantId: number;
const product: Record<string, string> = {};

const invoiceFields = `id tag status kind total subtotal discount fees currency amount_paid amount_due payment_gateway gateway_wallet txn_id
  payment_deadline crypto_payment_started_at date_paid due_date created_at payee payer
  crypto_transaction { amount address currency txn_id expires_at status qrcode_url checkout_url }
  payments { gateway amount currency credited late } items { subject qty amount }`;

/** A fresh Demo Portal member with a session and a USDT balance (tests/server/members.ts). */
const newMember = (usdt = '0') => createMember(server.db, { tenantId: demoTenantId, prefix: 'pay', usdt });

const gql = (query: string, variables: Record<string, unknown>, token?: string) => server.gql(query, variables, token);
const reasonOf = (answer: { errors?: { extensions?: Record<string, any> }[] }) => answer.errors?.[0]?.extensions?.reason;

/** An unpaid invoice of a cart with these lines. */
async function orderInvoice(token: string, lines: [string, number, string][] = [['Trading Basics Course', 1, 'onetime']]) {
  for (const [name, qty, cycle] of lines) {
    const added = await gql(
      `mutation ($w: ID!, $p: ID!, $i: AddToCartInput!) { moduleProductsAddToShoppingCart(whitelabel_uuid: $w, product_id: $p, input: $i) { status } }`,
      { w: demoUuid, p: product[name], i: { qty, billing_cycle: cycle } },
      token,
    );
    expect(added.errors).toBeUndefined();
  }
  const orderId = (await gql(`query ($w: ID!) { moduleProductsShopingCart(whitelabel_uuid: $w) { id } }`, { w: demoUuid }, token))
    .data.moduleProductsShopingCart.id;
  const made = await gql(
    `mutation ($o: ID!) { moduleProductsCreateInvoice(order_id: $o) { ${invoiceFields} } }`,
    { o: orderId },
    token,
  );
  return made.data.moduleProductsCreateInvoice[0];
}

const invoice = async (id: string, token: string) =>
  (await gql(`query ($id: ID!) { invoice(id: $id) { ${invoiceFields} } }`, { id }, token)).data?.invoice;
const pay = (id: string, token: string, key?: string) =>
  gql(
    `mutation ($id: ID!, $k: String) { payFromBalance(invoice_id: $id, idempotency_key: $k) { status message } }`,
    { id, k: key },
    token,
  );
const setGateway = (id: string, gateway: string, token: string) =>
  gql(
    `mutation ($w: ID!, $id: ID!, $g: String!) { setInvoiceGateway(whitelabel_uuid: $w, invoice_id: $id, gateway: $g) { ${invoiceFields} } }`,
    { w: demoUuid, id, g: gateway },
    token,
  );
const coinTransaction = (id: string, currency: string, token: string, key?: string) =>
  gql(
    `mutation ($id: ID!, $c: String!, $k: String) { coinPaymentsCreateTransaction(invoice_id: $id, currency: $c, idempotency_key: $k) { amount address txn_id currency expires_at status confirms_needed qrcode_url checkout_url status_url } }`,
    { id, c: currency, k: key },
    token,
  );
const deposit = (amount: string, token: string, key?: string, currency?: string) =>
  gql(
    `mutation ($a: Decimal!, $c: String, $k: String) { depositFunds(amount: $a, currency: $c, idempotency_key: $k) { ${invoiceFields} } }`,
    { a: amount, c: currency, k: key },
    token,
  );

async function confirm(invoiceId: string, amount?: string) {
  const response = await fetch(`${base}/dev/gateway/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ invoice_id: invoiceId, ...(amount ? { amount } : {}) }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function callback(module: string, body: string, signature: string) {
  const response = await fetch(`${base}/gateways/${module}/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', hmac: signature },
    body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function gatewayOf(tenantId: number, module: string) {
  const [gateway] = await server.db
    .select()
    .from(paymentGateways)
    .where(and(eq(paymentGateways.tenantId, tenantId), eq(paymentGateways.module, module)));
  return gateway!;
}

async function usdtOf(userId: number) {
  const [wallet] = await server.db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.currency, 'USDT')));
  return wallet?.available ?? null;
}

let topUps = 0;
/** Money an operator adds (ADMIN_DEPOSIT), through the wallet service like every movement. */
const topUp = (userId: number, amount: string) =>
  creditWallet(server.db, {
    userId,
    currency: 'USDT',
    amount,
    type: 'ADMIN_DEPOSIT',
    entryKey: `test-top-up:${userId}:${(topUps += 1)}`,
  });

const ledgerOf = (userId: number) =>
  server.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.id);
const decimal = (value: string) => value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

beforeAll(async () => {
  server = await startServer();
  http = createPortalServer(server.db, { ...readConfig({}), staticDir: undefined });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
  const [demo] = await server.db.select().from(tenants).where(eq(tenants.uuid, demoUuid));
  demoTenantId = demo!.id;
  for (const row of await server.db.select().from(products).where(eq(products.tenantId, demoTenantId)))
    product[row.name] = String(row.id);
});
afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
  await server?.close();
});

describe('demo data', () => {
  it('the demo member has an unpaid invoice, every gateway module is configured, bank details and coins exist', async () => {
    const login = await gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, {
      data: { username: 'demo@example.com', password: 'Demo12345', whitelabel_uuid: demoUuid },
    });
    const token = login.data.login.access_token;
    const answer = await gql(
      `query ($w: ID!) { invoices(status: "unpaid") { data { status total items { subject } } paginatorInfo { total } }
        me { unpaid_invoices purchases { name billing_cycle active_till } }
        whiteLabelGateways(whitelabel_uuid: $w) { module type status automatic }
        bankTransferConfig { name iban swift bank_name }
        coinPaymentsConfig { name status is_fiat } cpayConfig { id name network replenish_minimum_value } }`,
      { w: demoUuid },
      token,
    );
    expect(answer.errors).toBeUndefined();
    const { invoices: page, me, whiteLabelGateways, bankTransferConfig, coinPaymentsConfig, cpayConfig } = answer.data;
    expect(page.paginatorInfo.total).toBeGreaterThanOrEqual(1);
    expect(page.data[0]).toMatchObject({ status: 'unpaid', total: '49.90', items: [{ subject: 'Trading Basics Course' }] });
    expect(me.unpaid_invoices).toBe(page.paginatorInfo.total);
    expect(me.purchases[0]).toMatchObject({ name: 'Portfolio Tracker Pro', billing_cycle: 'monthly' });
    expect(whiteLabelGateways.map((g: any) => g.module).sort()).toEqual([
      'bank_transfer',
      'coinpayments',
      'cpay',
      'payport',
      'prodamus',
    ]);
    expect(whiteLabelGateways.every((g: any) => g.status === 'active')).toBe(true);
    expect(whiteLabelGateways.find((g: any) => g.module === 'bank_transfer').automatic).toBe(false);
    expect(bankTransferConfig).toMatchObject({
      iban: expect.stringMatching(/^GB/),
      swift: expect.any(String),
      bank_name: expect.any(String),
    });
    expect(coinPaymentsConfig.map((c: any) => c.name)).toEqual(expect.arrayContaining(['USDT.TRC20', 'BTC']));
    expect(cpayConfig[0]).toMatchObject({ network: 'TRON', replenish_minimum_value: expect.stringMatching(/^10/) });
  });
});

describe('only the owner', () => {
  it('another member invoice answers not found, by id and by tag, for reading, paying and choosing a gateway', async () => {
    const owner = await newMember('500');
    const stranger = await newMember('500');
    const bill = await orderInvoice(owner.token);
    for (const ref of [bill.id, bill.tag]) {
      const answer = await gql(`query ($id: ID!) { invoice(id: $id) { id } }`, { id: ref }, stranger.token);
      expect(answer.errors?.[0]?.extensions).toMatchObject({ category: 'not_found', reason: 'InvoiceNotFound' });
    }
    expect(reasonOf(await gql(`query { invoice(id: "999999") { id } }`, {}, owner.token))).toBe('InvoiceNotFound');
    expect(reasonOf(await pay(bill.id, stranger.token))).toBe('InvoiceNotFound');
    expect(reasonOf(await setGateway(bill.id, 'coinpayments', stranger.token))).toBe('InvoiceNotFound');
    expect(reasonOf(await coinTransaction(bill.id, 'BTC', stranger.token))).toBe('InvoiceNotFound');
    expect(
      (await gql(`query { invoices { paginatorInfo { total } } }`, {}, stranger.token)).data.invoices.paginatorInfo.total,
    ).toBe(0);
    expect(await usdtOf(stranger.member.id)).toBe('500.00000000');
    expect((await invoice(bill.tag, owner.token)).status).toBe('unpaid');
  });
});

describe('paying from the balance', () => {
  it('20 parallel pays of one invoice move the balance once and leave one ledger row', async () => {
    const { member, token } = await newMember('100');
    const bill = await orderInvoice(token, [['Trading Basics Course', 1, 'onetime']]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => pay(bill.id, token, index % 2 ? `pay-${index}` : undefined)),
    );
    expect(answers.map((answer) => answer.errors)).toEqual(Array(20).fill(undefined));
    expect(answers.every((answer) => answer.data.payFromBalance.status === 'success')).toBe(true);
    expect(await usdtOf(member.id)).toBe('50.10000000');
    const debits = (await ledgerOf(member.id)).filter((entry) => entry.type === 'INVOICE');
    expect(debits.map((entry) => [decimal(entry.amount), decimal(entry.balanceAfter)])).toEqual([['-49.9', '50.1']]);
    expect(await invoice(bill.id, token)).toMatchObject({
      status: 'paid',
      payment_gateway: 'balance',
      fees: '0.00',
      amount_paid: '49.90',
      amount_due: '0.00',
    });
  });

  it('records the purchases of a paid cart for me.purchases, with active_till from the cycle months', async () => {
    const { member, token } = await newMember('1000');
    const bill = await orderInvoice(token, [
      ['Signals Bot', 1, 'quartally'],
      ['Account Setup', 2, 'onetime'],
    ]);
    expect((await pay(bill.id, token)).data.payFromBalance.status).toBe('success');
    const rows = await server.db.select().from(purchases).where(eq(purchases.userId, member.id));
    expect(rows).toHaveLength(2);
    const me = (
      await gql(
        `{ me { unpaid_invoices purchase { name } purchases { name billing_cycle active_till price currency } } }`,
        {},
        token,
      )
    ).data.me;
    expect(me.unpaid_invoices).toBe(0);
    const bot = me.purchases.find((p: any) => p.name === 'Signals Bot');
    const months = (new Date(bot.active_till).getTime() - Date.now()) / (30.4 * 24 * 3_600_000);
    expect(months).toBeGreaterThan(2.8);
    expect(months).toBeLessThan(3.2);
    expect(bot).toMatchObject({ billing_cycle: 'quartally', price: '79.00', currency: 'USDT' });
    expect(me.purchases.find((p: any) => p.name === 'Account Setup')).toMatchObject({
      billing_cycle: 'onetime',
      active_till: null,
    });
  });

  it('a paid invoice for a course product enrols the payer in that course, once', async () => {
    const { member, token } = await newMember('200');
    const [course] = await server.db
      .select()
      .from(lmsCourses)
      .where(eq(lmsCourses.tenantId, demoTenantId))
      .orderBy(lmsCourses.id)
      .limit(1);
    const [basics] = await server.db
      .select()
      .from(products)
      .where(eq(products.id, Number(product['Trading Basics Course'])));
    const before = course!.productUuid;
    await server.db.update(lmsCourses).set({ productUuid: basics!.uuid }).where(eq(lmsCourses.id, course!.id));
    try {
      const enrolments = () =>
        server.db
          .select()
          .from(lmsEnrolments)
          .where(and(eq(lmsEnrolments.userId, member.id), eq(lmsEnrolments.courseId, course!.id)));
      const bill = await orderInvoice(token);
      expect(await enrolments()).toEqual([]);
      expect((await pay(bill.id, token)).data.payFromBalance.status).toBe('success');
      expect(await pay(bill.id, token)).toMatchObject({ data: { payFromBalance: { status: 'success' } } });
      expect((await enrolments()).map((row) => row.source)).toEqual(['purchase']);
      // A second purchase of the same product leaves the one enrolment.
      const again = await orderInvoice(token);
      expect((await pay(again.id, token)).data.payFromBalance.status).toBe('success');
      expect(await enrolments()).toHaveLength(1);
    } finally {
      await server.db.update(lmsCourses).set({ productUuid: before }).where(eq(lmsCourses.id, course!.id));
    }
  });

  it('a repeated idempotency key answers the first result and moves nothing; another invoice under it is refused', async () => {
    const { member, token } = await newMember('200');
    const first = await orderInvoice(token, [['Market Psychology E-book', 1, 'onetime']]);
    expect((await pay(first.id, token, 'key-A')).data.payFromBalance).toEqual({
      status: 'success',
      message: 'The invoice is paid.',
    });
    expect((await pay(first.id, token, 'key-A')).data.payFromBalance).toEqual({
      status: 'success',
      message: 'The invoice is paid.',
    });
    expect(await usdtOf(member.id)).toBe('180.01000000');
    const second = await orderInvoice(token, [['Market Psychology E-book', 1, 'onetime']]);
    expect(reasonOf(await pay(second.id, token, 'key-A'))).toBe('IdempotencyKeyReused');
    expect(await usdtOf(member.id)).toBe('180.01000000');
    expect((await ledgerOf(member.id)).filter((entry) => entry.type === 'INVOICE')).toHaveLength(1);
  });

  it('insufficient balance moves nothing, and a failed call may be repeated with its key', async () => {
    const { member, token } = await newMember('10');
    const bill = await orderInvoice(token, [['Account Setup', 1, 'onetime']]);
    expect((await pay(bill.id, token, 'retry-1')).errors?.[0]).toMatchObject({
      message: 'Insufficient balance for an invoice.',
      extensions: { category: 'conflict', reason: 'InsufficientBalance' },
    });
    expect(await usdtOf(member.id)).toBe('10.00000000');
    expect((await invoice(bill.id, token)).status).toBe('unpaid');
    await topUp(member.id, '15');
    expect((await pay(bill.id, token, 'retry-1')).data.payFromBalance.status).toBe('success');
    expect(await usdtOf(member.id)).toBe('0.00000000');
  });

  it('an invoice paid through a gateway is not paid again from the balance', async () => {
    const { member, token } = await newMember('100');
    const bill = await orderInvoice(token);
    await setGateway(bill.id, 'payport', token);
    expect((await confirm(bill.id)).body.result).toBe('paid');
    expect(reasonOf(await pay(bill.id, token))).toBe('InvoiceAlreadyPaid');
    expect(reasonOf(await setGateway(bill.id, 'coinpayments', token))).toBe('InvoiceAlreadyPaid');
    expect(await usdtOf(member.id)).toBe('100.00000000');
  });
});

describe('gateways and fees', () => {
  it('recalculates the fee per gateway and per coin; balance has none', async () => {
    const { token } = await newMember();
    const bill = await orderInvoice(token);
    // 0.5 % of 49.90 = 0.2495 -> 0.25
    expect((await setGateway(bill.id, 'coinpayments', token)).data.setInvoiceGateway).toMatchObject({
      payment_gateway: 'coinpayments',
      fees: '0.25',
      total: '50.15',
    });
    // 2.9 % of 49.90 = 1.4471 -> 1.45, plus 0.30
    expect((await setGateway(bill.id, 'payport', token)).data.setInvoiceGateway).toMatchObject({ fees: '1.75', total: '51.65' });
    expect((await setGateway(bill.id, 'balance', token)).data.setInvoiceGateway).toMatchObject({ fees: '0.00', total: '49.90' });
    // BTC has its own rule at CoinPayments: 1 %.
    await coinTransaction(bill.id, 'BTC', token);
    expect(await invoice(bill.id, token)).toMatchObject({ payment_gateway: 'coinpayments', fees: '0.50', total: '50.40' });
  });

  it("money received through a gateway keeps its fee owed: switching to the balance or a cheaper gateway after a partial payment lowers nothing", async () => {
    const { member, token } = await newMember('200');
    const bill = await orderInvoice(token, [['Advanced Strategies Course', 1, 'onetime']]);
    // 0.5 % of 129.00 = 0.645 -> 0.65 at CoinPayments; the probe paid all but 129.00 of 129.65.
    await coinTransaction(bill.id, 'USDT.TRC20', token);
    expect((await confirm(bill.id, '0.65')).body.result).toBe('partial');
    expect(await invoice(bill.id, token)).toMatchObject({ fees: '0.65', total: '129.65', amount_due: '129.00' });
    expect((await setGateway(bill.id, 'balance', token)).data.setInvoiceGateway).toMatchObject({
      status: 'unpaid',
      payment_gateway: 'balance',
      fees: '0.65',
      total: '129.65',
      amount_due: '129.00',
    });
    // A dearer gateway's own fee applies (payport: 2.9 % + 0.30 = 4.04); a cheaper one's does not.
    expect((await setGateway(bill.id, 'payport', token)).data.setInvoiceGateway).toMatchObject({ fees: '4.04', amount_due: '132.39' });
    expect((await setGateway(bill.id, 'balance', token)).data.setInvoiceGateway).toMatchObject({ fees: '0.65', amount_due: '129.00' });
    expect((await pay(bill.id, token)).data.payFromBalance.status).toBe('success');
    expect(await invoice(bill.id, token)).toMatchObject({ status: 'paid', fees: '0.65', total: '129.65', amount_paid: '129.65' });
    expect(await usdtOf(member.id)).toBe('71.00000000');
  });

  it("tells each method's fee and total before a choice, and choosing a method charges exactly that figure (also after a partial payment)", async () => {
    const { member, token } = await newMember('200');
    const bill = await orderInvoice(token, [['Advanced Strategies Course', 1, 'onetime']]);
    const pricesOf = async () =>
      (await gql(`query ($id: ID!) { invoice(id: $id) { method_prices { gateway fees total amount_due } } }`, { id: bill.id }, token)).data
        .invoice.method_prices as { gateway: string; fees: string; total: string; amount_due: string }[];
    const before = await pricesOf();
    // The balance first, then the tenant's active gateways; 0.5 % of 129.00 -> 0.65 at CoinPayments.
    expect(before[0]).toEqual({ gateway: 'balance', fees: '0.00', total: '129.00', amount_due: '129.00' });
    expect(before.find((price) => price.gateway === 'coinpayments')).toMatchObject({ fees: '0.65', total: '129.65' });
    // Asking changed nothing on the invoice.
    expect(await invoice(bill.id, token)).toMatchObject({ payment_gateway: null, fees: '0.00', total: '129.00' });
    const charged = async () => {
      for (const price of await pricesOf()) {
        const set = (await setGateway(bill.id, price.gateway, token)).data.setInvoiceGateway;
        expect({ gateway: set.payment_gateway, fees: set.fees, total: set.total, amount_due: set.amount_due }).toEqual(price);
      }
    };
    await charged();
    // After money arrived through CoinPayments its fee stays owed, and the prices say so.
    await coinTransaction(bill.id, 'USDT.TRC20', token);
    expect((await confirm(bill.id, '0.65')).body.result).toBe('partial');
    expect((await pricesOf())[0]).toEqual({ gateway: 'balance', fees: '0.65', total: '129.65', amount_due: '129.00' });
    await charged();
    // Paying from the balance debits the balance's figure.
    await setGateway(bill.id, 'balance', token);
    expect((await pay(bill.id, token)).data.payFromBalance.status).toBe('success');
    expect(await usdtOf(member.id)).toBe('71.00000000');
    expect(await pricesOf()).toEqual([]);
  });

  it('names an unavailable gateway, and automatic acceptance switched off (bank transfer still works)', async () => {
    const { token } = await newMember();
    const bill = await orderInvoice(token);
    expect(reasonOf(await setGateway(bill.id, 'stripe', token))).toBe('GatewayUnavailable');
    await server.db
      .update(paymentGateways)
      .set({ status: 'inactive' })
      .where(and(eq(paymentGateways.tenantId, demoTenantId), eq(paymentGateways.module, 'cpay')));
    expect(reasonOf(await setGateway(bill.id, 'cpay', token))).toBe('GatewayUnavailable');
    await server.db
      .update(paymentGateways)
      .set({ status: 'active' })
      .where(and(eq(paymentGateways.tenantId, demoTenantId), eq(paymentGateways.module, 'cpay')));
    await server.db.update(tenants).set({ paymentAcceptance: false }).where(eq(tenants.id, demoTenantId));
    try {
      expect(reasonOf(await setGateway(bill.id, 'coinpayments', token))).toBe('AutomaticAcceptanceOff');
      expect(reasonOf(await coinTransaction(bill.id, 'BTC', token))).toBe('AutomaticAcceptanceOff');
      expect((await setGateway(bill.id, 'bank_transfer', token)).data.setInvoiceGateway).toMatchObject({
        payment_gateway: 'bank_transfer',
        fees: '1.00',
        total: '50.90',
      });
    } finally {
      await server.db.update(tenants).set({ paymentAcceptance: true }).where(eq(tenants.id, demoTenantId));
    }
  });
});

describe('bank transfers', () => {
  const report = (id: string, method: string, token: string) =>
    gql(
      `mutation ($id: ID!, $m: String!) { reportInvoiceTransfer(invoice_id: $id, transfer_method: $m) { status payment_gateway amount_due transfer_report { reported_at gateway transfer_method } } }`,
      { id, m: method },
      token,
    );

  it('I paid is remembered on the invoice (when, through which gateway, how); a repeat keeps the first time and moves nothing', async () => {
    const { member, token } = await newMember('100');
    const bill = await orderInvoice(token);
    expect((await report(bill.id, 'account', token)).errors?.[0]?.extensions?.category).toBe('conflict');
    const reported = async () =>
      (await gql(`query ($id: ID!) { invoice(id: $id) { transfer_report { reported_at gateway } } }`, { id: bill.id }, token)).data.invoice
        .transfer_report;
    expect(await reported()).toBeNull();
    await setGateway(bill.id, 'bank_transfer', token);
    expect((await report(bill.id, 'wire', token)).errors?.[0]?.extensions?.codes).toEqual({ transfer_method: ['transferMethod'] });
    const before = Date.now();
    const first = (await report(bill.id, 'account', token)).data.reportInvoiceTransfer;
    expect(first).toMatchObject({
      status: 'unpaid',
      payment_gateway: 'bank_transfer',
      amount_due: '50.90',
      transfer_report: { gateway: 'bank_transfer', transfer_method: 'account' },
    });
    expect(new Date(first.transfer_report.reported_at).getTime()).toBeGreaterThanOrEqual(before - 1_000);
    const again = (await report(bill.id, 'card', token)).data.reportInvoiceTransfer;
    expect(again.transfer_report).toEqual({ ...first.transfer_report, transfer_method: 'card' });
    expect(await reported()).toEqual({ reported_at: first.transfer_report.reported_at, gateway: 'bank_transfer' });
    expect(await usdtOf(member.id)).toBe('100.00000000');
    expect(await ledgerOf(member.id)).toHaveLength(1);
    const stranger = await newMember();
    expect(reasonOf(await report(bill.id, 'account', stranger.token))).toBe('InvoiceNotFound');
  });
});

describe('crypto payments', () => {
  it('a transaction asks for the amount due in the coin at a rate locked for 15 minutes; asked again it is the same one', async () => {
    const { token } = await newMember();
    const bill = await orderInvoice(token);
    const before = Date.now();
    const txn = (await coinTransaction(bill.id, 'BTC', token)).data.coinPaymentsCreateTransaction;
    // 50.40 USDT at 64000 USDT per BTC = 0.00078750
    expect(txn).toMatchObject({ amount: '0.0007875', currency: 'BTC', status: 'pending', confirms_needed: 3 });
    expect(txn.address).toMatch(/^sandbox/);
    expect(txn.qrcode_url).toMatch(/\/gateways\/sandbox\/qr\/.+\.svg$/);
    const lock = new Date(txn.expires_at).getTime() - before;
    expect(lock).toBeGreaterThanOrEqual(exchangeRateLock - 5_000);
    expect(lock).toBeLessThanOrEqual(exchangeRateLock + 5_000);
    expect((await coinTransaction(bill.id, 'BTC', token)).data.coinPaymentsCreateTransaction.txn_id).toBe(txn.txn_id);
    const shown = await invoice(bill.id, token);
    expect(shown).toMatchObject({
      gateway_wallet: txn.address,
      txn_id: txn.txn_id,
      payment_deadline: txn.expires_at,
      crypto_transaction: { address: txn.address },
    });
    expect(shown.crypto_payment_started_at).toBeTruthy();
    const page = await fetch(new URL(txn.checkout_url).pathname.replace(/^/, base));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(txn.address);
    const qr = await fetch(`${base}${new URL(txn.qrcode_url).pathname}`);
    expect(qr.headers.get('content-type')).toBe('image/svg+xml');
    expect(reasonOf(await coinTransaction(bill.id, 'DOGE', token))).toBeUndefined();
    expect((await coinTransaction(bill.id, 'DOGE', token)).errors?.[0]?.extensions?.codes).toEqual({
      currency: ['unknownCurrency'],
    });
  });

  it('paid short: the invoice shows what arrived and the exact amount due, and a new transaction pays the difference', async () => {
    const { member, token } = await newMember();
    const bill = await orderInvoice(token);
    await coinTransaction(bill.id, 'USDT.TRC20', token);
    expect((await confirm(bill.id, '30.00')).body.result).toBe('partial');
    const short = await invoice(bill.id, token);
    expect(short).toMatchObject({
      status: 'unpaid',
      total: '50.15',
      amount_paid: '30.00',
      amount_due: '20.15',
      payments: [{ gateway: 'coinpayments', credited: '30.00', late: false }],
    });
    const rest = (await coinTransaction(bill.id, 'USDT.TRC20', token)).data.coinPaymentsCreateTransaction;
    expect(rest.amount).toBe('20.15');
    expect((await confirm(bill.id)).body.result).toBe('paid');
    expect(await invoice(bill.id, token)).toMatchObject({
      status: 'paid',
      amount_paid: '50.15',
      amount_due: '0.00',
      crypto_transaction: null,
      payment_deadline: null,
    });
    expect(await server.db.select().from(purchases).where(eq(purchases.userId, member.id))).toHaveLength(1);
    expect(await ledgerOf(member.id)).toEqual([]);
  });

  it('paid late at a lower rate: counted at the rate when it arrived, short; the rest from the balance', async () => {
    const { member, token } = await newMember('100');
    const bill = await orderInvoice(token);
    const txn = (await coinTransaction(bill.id, 'BTC', token)).data.coinPaymentsCreateTransaction;
    await server.db
      .update(gatewayTransactions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(gatewayTransactions.txnId, txn.txn_id));
    await server.db.update(currencies).set({ usdtRate: '60000' }).where(eq(currencies.code, 'BTC'));
    try {
      expect((await confirm(bill.id)).body.result).toBe('partial');
    } finally {
      await server.db.update(currencies).set({ usdtRate: '64000' }).where(eq(currencies.code, 'BTC'));
    }
    // 0.0007875 BTC × 60000 = 47.25 of 50.40.
    const late = await invoice(bill.id, token);
    expect(late).toMatchObject({
      status: 'unpaid',
      amount_paid: '47.25',
      amount_due: '3.15',
      payments: [{ currency: 'BTC', amount: expect.stringMatching(/^0\.0007875/), credited: '47.25', late: true }],
    });
    // The balance has no fee of its own, but the BTC payment keeps its fee (0.50) owed: 50.40 - 47.25.
    expect((await pay(bill.id, token)).data.payFromBalance.status).toBe('success');
    expect(await invoice(bill.id, token)).toMatchObject({ status: 'paid', total: '50.40', amount_paid: '50.40' });
    expect((await ledgerOf(member.id)).map((entry) => [entry.type, decimal(entry.amount)])).toEqual([
      ['ADMIN_DEPOSIT', '100'],
      ['INVOICE', '-3.15'],
    ]);
  });

  it('paid late at a higher rate, or paid over: the invoice is paid and the rest is credited (OVERPAYMENT)', async () => {
    const { member, token } = await newMember();
    const bill = await orderInvoice(token);
    const txn = (await coinTransaction(bill.id, 'BTC', token)).data.coinPaymentsCreateTransaction;
    await server.db
      .update(gatewayTransactions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(gatewayTransactions.txnId, txn.txn_id));
    await server.db.update(currencies).set({ usdtRate: '70000' }).where(eq(currencies.code, 'BTC'));
    try {
      expect((await confirm(bill.id)).body.result).toBe('paid');
    } finally {
      await server.db.update(currencies).set({ usdtRate: '64000' }).where(eq(currencies.code, 'BTC'));
    }
    // 0.0007875 × 70000 = 55.125 -> 55.12 (the half cent did not arrive); 4.72 over 50.40.
    expect(await invoice(bill.id, token)).toMatchObject({ status: 'paid', amount_paid: '55.12', total: '50.40' });
    expect((await ledgerOf(member.id)).map((entry) => [entry.type, decimal(entry.amount), decimal(entry.balanceAfter)])).toEqual([
      ['OVERPAYMENT', '4.72', '4.72'],
    ]);

    const second = await orderInvoice(token, [['Account Setup', 1, 'onetime']]);
    await setGateway(second.id, 'prodamus', token);
    // 25.00 + 3.5 % = 25.88; 30 paid.
    expect((await confirm(second.id, '30')).body.result).toBe('paid');
    expect(await usdtOf(member.id)).toBe('8.84000000');
  });
});

describe('payment links and networks', () => {
  it('payport and prodamus links lead to the sandbox page for the amount due; cpay asks on a network', async () => {
    const { token } = await newMember();
    const bill = await orderInvoice(token);
    const payport = (await gql(`query ($id: ID!) { payportLink(invoice_id: $id) { link } }`, { id: bill.id }, token)).data
      .payportLink.link;
    expect(payport).toMatch(/\/gateways\/sandbox\/pay\/SBX-PAY-/);
    expect(
      (await gql(`query ($id: ID!) { payportLink(invoice_id: $id) { link } }`, { id: bill.id }, token)).data.payportLink.link,
    ).toBe(payport);
    expect(await invoice(bill.id, token)).toMatchObject({ payment_gateway: 'payport', total: '51.65', crypto_transaction: null });
    const page = await (await fetch(`${base}${new URL(payport).pathname}`)).text();
    expect(page).toContain('51.65 USDT');
    const prodamus = (await gql(`query ($id: ID!) { prodamusLink(invoice_id: $id) { link } }`, { id: bill.id }, token)).data
      .prodamusLink.link;
    expect(prodamus).toMatch(/SBX-PRO-/);
    const network = (await gql(`{ cpayConfig { id name } }`, {}, token)).data.cpayConfig[0];
    const cpay = await gql(
      `mutation ($id: ID!, $c: ID!) { cpayCreateTransaction(invoice_id: $id, currency_id: $c) { amount address currency expires_at } }`,
      { id: bill.id, c: network.id },
      token,
    );
    // 1 % at cpay: 49.90 + 0.50.
    expect(cpay.data.cpayCreateTransaction).toMatchObject({
      amount: '50.4',
      currency: 'USDT-TRC20',
      address: expect.stringMatching(/^sandbox/),
    });
    expect((await confirm(bill.id)).body.result).toBe('paid');
    expect(await invoice(bill.id, token)).toMatchObject({ status: 'paid', payment_gateway: 'cpay', amount_paid: '50.40' });
    expect(reasonOf(await gql(`query ($id: ID!) { prodamusLink(invoice_id: $id) { link } }`, { id: bill.id }, token))).toBe(
      'InvoiceAlreadyPaid',
    );
  });
});

describe('deposits', () => {
  it('amounts outside 10-50000 are named with the bound and the currency', async () => {
    const { token } = await newMember();
    const low = await deposit('9.99', token);
    expect(low.errors?.[0]).toMatchObject({
      message: 'The minimum deposit is 10 USDT.',
      extensions: { category: 'validation', reason: 'AmountOutOfRange' },
    });
    const high = await deposit('50000.01', token, undefined, 'EUR');
    expect(high.errors?.[0]).toMatchObject({
      message: 'The maximum deposit is 50000 EUR.',
      extensions: { reason: 'AmountOutOfRange' },
    });
    expect((await deposit('12.345', token)).errors?.[0]?.extensions?.codes).toEqual({ amount: ['decimal'] });
    expect((await deposit('100', token, undefined, 'BTC')).errors?.[0]?.extensions?.codes).toEqual({
      currency: ['unknownCurrency'],
    });
  });

  it('a paid deposit credits the wallet once (WALLET_REFILL); a repeated key answers the same invoice', async () => {
    const { member, token } = await newMember();
    const first = (await deposit('100', token, 'dep-1')).data.depositFunds;
    expect(first).toMatchObject({
      kind: 'deposit',
      status: 'unpaid',
      total: '100.00',
      currency: 'USDT',
      items: [{ qty: 1, amount: '100.00' }],
    });
    expect((await deposit('100', token, 'dep-1')).data.depositFunds.id).toBe(first.id);
    expect(reasonOf(await deposit('200', token, 'dep-1'))).toBe('IdempotencyKeyReused');
    const [{ made }] = (
      (await server.db.execute(sql`select count(*)::int as made from invoices where user_id = ${member.id}`)) as any
    ).rows;
    expect(made).toBe(1);
    expect((await pay(first.id, token)).errors?.[0]?.extensions?.category).toBe('conflict');

    expect((await setGateway(first.id, 'bank_transfer', token)).data.setInvoiceGateway).toMatchObject({
      fees: '1.00',
      total: '101.00',
    });
    const confirmed = await confirm(first.id);
    expect(confirmed.body).toMatchObject({ result: 'paid', invoice: { status: 'paid', amount_due: '0.00' } });
    expect(await usdtOf(member.id)).toBe('100.00000000');
    expect((await ledgerOf(member.id)).map((entry) => [entry.type, decimal(entry.amount), entry.invoiceId])).toEqual([
      ['WALLET_REFILL', '100', Number(first.id)],
    ]);
    // Confirmed again: the invoice is paid, nothing moves.
    expect((await confirm(first.id)).status).toBe(409);
    expect(await usdtOf(member.id)).toBe('100.00000000');
  });

  it('20 parallel confirmations of one deposit credit it once', async () => {
    const { member, token } = await newMember();
    const bill = (await deposit('50', token)).data.depositFunds;
    await coinTransaction(bill.id, 'USDT.TRC20', token);
    const results = await Promise.all(Array.from({ length: 20 }, () => confirm(bill.id)));
    expect(results.filter((result) => result.body.result === 'paid')).toHaveLength(1);
    expect(await usdtOf(member.id)).toBe('50.00000000');
    expect(await ledgerOf(member.id)).toHaveLength(1);
  });
});

describe('gateway callbacks', () => {
  async function pendingPayment() {
    const { member, token } = await newMember();
    const bill = await orderInvoice(token);
    const txn = (await coinTransaction(bill.id, 'USDT.TRC20', token)).data.coinPaymentsCreateTransaction;
    return { member, token, bill, txn };
  }
  const body = (merchant: string, txnId: string, invoiceId: string, received: string) =>
    ipnBody({
      merchantId: merchant,
      txnId,
      invoiceId: Number(invoiceId),
      status: 100,
      coin: 'USDT.TRC20',
      currency: 'USDT',
      received,
    });

  it('a forged signature changes nothing', async () => {
    const { token, bill, txn } = await pendingPayment();
    const gateway = await gatewayOf(demoTenantId, 'coinpayments');
    const payload = body(gateway.privateConfig.merchant_id, txn.txn_id, bill.id, '50.15');
    const logged = (await server.db.select().from(gatewayCallbacks)).length;
    for (const signature of [
      '',
      'abc',
      signIpn(payload, 'not-the-secret'),
      signIpn(`${payload}&x=1`, gateway.privateConfig.ipn_secret),
    ]) {
      expect(await callback('coinpayments', payload, signature)).toEqual({ status: 401, body: { result: 'bad_signature' } });
    }
    expect(await invoice(bill.id, token)).toMatchObject({ status: 'unpaid', amount_paid: '0.00' });
    const [stored] = await server.db.select().from(gatewayTransactions).where(eq(gatewayTransactions.txnId, txn.txn_id));
    expect(stored!.status).toBe('pending');
    expect(await server.db.select().from(gatewayCallbacks)).toHaveLength(logged);
  });

  it('a signed callback pays once; a replay, an unknown transaction and another tenant merchant change nothing', async () => {
    const { member, token, bill, txn } = await pendingPayment();
    const gateway = await gatewayOf(demoTenantId, 'coinpayments');
    const secret = gateway.privateConfig.ipn_secret;
    const payload = body(gateway.privateConfig.merchant_id, txn.txn_id, bill.id, '50.15');
    expect(await callback('coinpayments', payload, signIpn(payload, secret))).toEqual({ status: 200, body: { result: 'paid' } });
    expect(await callback('coinpayments', payload, signIpn(payload, secret))).toEqual({
      status: 200,
      body: { result: 'duplicate' },
    });
    const unknown = body(gateway.privateConfig.merchant_id, 'SBX-NOPE-1', bill.id, '50.15');
    expect(await callback('coinpayments', unknown, signIpn(unknown, secret))).toEqual({
      status: 404,
      body: { result: 'unknown' },
    });

    const other = await pendingPayment();
    const [acme] = await server.db.select().from(tenants).where(eq(tenants.subdomain, 'acme'));
    const acmeGateway = await gatewayOf(acme!.id, 'coinpayments');
    const foreign = body(acmeGateway.privateConfig.merchant_id, other.txn.txn_id, other.bill.id, '50.15');
    expect(await callback('coinpayments', foreign, signIpn(foreign, acmeGateway.privateConfig.ipn_secret))).toEqual({
      status: 403,
      body: { result: 'foreign' },
    });
    // A signed callback naming another invoice than its transaction's is foreign too.
    const crossed = body(gateway.privateConfig.merchant_id, other.txn.txn_id, bill.id, '50.15');
    expect(await callback('coinpayments', crossed, signIpn(crossed, secret))).toEqual({
      status: 403,
      body: { result: 'foreign' },
    });
    expect(await invoice(other.bill.id, other.token)).toMatchObject({ status: 'unpaid', amount_paid: '0.00' });

    expect(await invoice(bill.id, token)).toMatchObject({ status: 'paid', amount_paid: '50.15' });
    expect(await server.db.select().from(purchases).where(eq(purchases.userId, member.id))).toHaveLength(1);
    const outcomes = await server.db
      .select({ outcome: gatewayCallbacks.outcome })
      .from(gatewayCallbacks)
      .where(eq(gatewayCallbacks.txnId, txn.txn_id));
    expect(outcomes.map((row) => row.outcome)).toEqual(['paid', 'duplicate']);
  });

  it('a signed amount no money column can hold is refused as invalid (422) and changes nothing', async () => {
    const { token, bill, txn } = await pendingPayment();
    const gateway = await gatewayOf(demoTenantId, 'coinpayments');
    const payload = body(gateway.privateConfig.merchant_id, txn.txn_id, bill.id, `1${'0'.repeat(40)}`);
    expect(await callback('coinpayments', payload, signIpn(payload, gateway.privateConfig.ipn_secret))).toEqual({ status: 422, body: { result: 'invalid' } });
    expect(await invoice(bill.id, token)).toMatchObject({ status: 'unpaid', amount_paid: '0.00' });
    const [stored] = await server.db.select().from(gatewayTransactions).where(eq(gatewayTransactions.txnId, txn.txn_id));
    expect(stored!.status).toBe('pending');
  });

  it('a fraction of a cent is never credited: 50.149999999 on 50.15 due credits 50.14 and leaves the invoice short', async () => {
    const { token, bill, txn } = await pendingPayment();
    const gateway = await gatewayOf(demoTenantId, 'coinpayments');
    const payload = body(gateway.privateConfig.merchant_id, txn.txn_id, bill.id, '50.149999999');
    expect(await callback('coinpayments', payload, signIpn(payload, gateway.privateConfig.ipn_secret))).toEqual({ status: 200, body: { result: 'partial' } });
    expect(await invoice(bill.id, token)).toMatchObject({ status: 'unpaid', amount_paid: '50.14' });
    const [stored] = await server.db.select().from(gatewayTransactions).where(eq(gatewayTransactions.txnId, txn.txn_id));
    expect(decimal(stored!.receivedAmount!)).toBe('50.14999999');
  });

  it('a payment for an invoice that is already paid leaves the invoice as it is, goes to the wallet (OVERPAYMENT) and says so', async () => {
    const { member, token, bill } = await pendingPayment();
    const old = (await coinTransaction(bill.id, 'BTC', token)).data.coinPaymentsCreateTransaction;
    await topUp(member.id, '100');
    expect((await pay(bill.id, token)).data.payFromBalance.status).toBe('success');
    const gateway = await gatewayOf(demoTenantId, 'coinpayments');
    const payload = ipnBody({
      merchantId: gateway.privateConfig.merchant_id,
      txnId: old.txn_id,
      invoiceId: Number(bill.id),
      status: 100,
      coin: 'BTC',
      currency: 'USDT',
      received: old.amount,
    });
    expect(await callback('coinpayments', payload, signIpn(payload, gateway.privateConfig.ipn_secret))).toEqual({
      status: 200,
      body: { result: 'already_paid' },
    });
    const after = await invoice(bill.id, token);
    expect(after).toMatchObject({ status: 'paid', amount_paid: '49.90' });
    expect(after.payments).toEqual([expect.objectContaining({ gateway: 'coinpayments', currency: 'BTC', late: false })]);
    const credited = after.payments[0].credited;
    expect(
      (await ledgerOf(member.id)).filter((entry) => entry.type === 'OVERPAYMENT').map((entry) => decimal(entry.amount)),
    ).toEqual([decimal(credited)]);
    expect(Number(await usdtOf(member.id))).toBeCloseTo(50.1 + Number(credited), 6);
  });
});

describe('the ledger', () => {
  it('every wallet balance equals the sum of its ledger rows', async () => {
    const result = (await server.db.execute(sql`
      select w.id, w.available::text as available, coalesce(sum(l.amount), 0)::text as ledger
      from wallets w left join ledger_entries l on l.wallet_id = w.id
      group by w.id, w.available having w.available <> coalesce(sum(l.amount), 0)`)) as any;
    expect(result.rows).toEqual([]);
    const [{ paid }] = (
      (await server.db.execute(sql`select count(*)::int as paid from ${invoices} where status = 'paid'`)) as any
    ).rows;
    expect(paid).toBeGreaterThan(5);
  });
});
