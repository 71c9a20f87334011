// Money that must neither vanish nor count twice: gateway payments that arrive for an invoice that can no
// longer take them (paid another way, paid twice through two channels, canceled) go to the payer's wallet
// once per gateway transaction; promo code uses held by cart invoices that expire unpaid are released once;
// two upgrade invoices of one tariff can never both be paid; a failed transaction that is paid after all, dust,
// a cart in two currencies and deposit amounts out of range. Runs on PGlite and PostgreSQL; callbacks go
// through the real HTTP server with signed bodies, parallel calls prove exactly-once.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  gatewayTransactions,
  invoices,
  ledgerEntries,
  paymentGateways,
  products,
  promoCodes,
  promoCodeUses,
  purchases,
  tenants,
  wallets,
} from '../../server/db/schema';
import { readConfig } from '../../server/config';
import { createPortalServer } from '../../server/app';
import { ipnBody, signIpn } from '../../server/gateways/ipn';
import { expireInvoices } from '../../server/modules/payments/expiry';
import { startServer } from './harness';
import { newMember as createMember } from './members';

let server: Awaited<ReturnType<typeof startServer>>;
let http: ReturnType<typeof createPortalServer>;
let base: string;
let demoUuid: string;
let demoTenantId: number;
const product: Record<string, { id: number; uuid: string }> = {};
const day = 24 * 60 * 60_000;

const invoiceFields = `id tag status kind total amount_paid amount_due cancel_reason payments { gateway amount currency credited outcome }`;

/** A fresh Demo Portal member with a session and a USDT balance (tests/server/members.ts). */
const newMember = (usdt = '0') => createMember(server.db, { tenantId: demoTenantId, prefix: 'money', usdt });

const gql = (query: string, variables: Record<string, unknown>, token?: string) => server.gql(query, variables, token);
const reasonOf = (answer: { errors?: { extensions?: Record<string, any> }[] }) => answer.errors?.[0]?.extensions?.reason;

async function cartInvoice(token: string, name: string, promocode?: string) {
  const added = await gql(
    `mutation ($w: ID!, $p: ID!, $i: AddToCartInput!) { moduleProductsAddToShoppingCart(whitelabel_uuid: $w, product_id: $p, input: $i) { status } }`,
    { w: demoUuid, p: String(product[name]!.id), i: { qty: 1, billing_cycle: 'onetime' } },
    token,
  );
  expect(added.errors).toBeUndefined();
  const orderId = (await gql(`query ($w: ID!) { moduleProductsShopingCart(whitelabel_uuid: $w) { id } }`, { w: demoUuid }, token))
    .data.moduleProductsShopingCart.id;
  return gql(
    `mutation ($o: ID!, $c: String) { moduleProductsCreateInvoice(order_id: $o, promocode: $c) { ${invoiceFields} } }`,
    { o: orderId, c: promocode },
    token,
  );
}

const invoice = async (id: string, token: string) =>
  (await gql(`query ($id: ID!) { invoice(id: $id) { ${invoiceFields} } }`, { id }, token)).data?.invoice;
const pay = (id: string, token: string) =>
  gql(`mutation ($id: ID!) { payFromBalance(invoice_id: $id) { status } }`, { id }, token);
const setGateway = (id: string, gateway: string, token: string) =>
  gql(
    `mutation ($w: ID!, $id: ID!, $g: String!) { setInvoiceGateway(whitelabel_uuid: $w, invoice_id: $id, gateway: $g) { id } }`,
    { w: demoUuid, id, g: gateway },
    token,
  );
const coinTransaction = async (id: string, currency: string, token: string) =>
  (
    await gql(
      `mutation ($id: ID!, $c: String!) { coinPaymentsCreateTransaction(invoice_id: $id, currency: $c) { amount txn_id currency } }`,
      { id, c: currency },
      token,
    )
  ).data?.coinPaymentsCreateTransaction;
const checkPromo = (code: string, productId: number, token?: string) =>
  gql(
    `mutation ($w: ID!, $c: String!, $p: [ID!]!) { modulePromoCodesCheck(whitelabel_uuid: $w, promocode: $c, product_ids: $p) { code } }`,
    { w: demoUuid, c: code, p: [String(productId)] },
    token,
  );

async function gatewayOf(module: string) {
  const [gateway] = await server.db
    .select()
    .from(paymentGateways)
    .where(and(eq(paymentGateways.tenantId, demoTenantId), eq(paymentGateways.module, module)));
  return gateway!;
}

/** The provider's signed completion of a transaction, through POST /gateways/{module}/callback. */
async function complete(
  module: string,
  txn: { txn_id: string; amount: string; currency: string },
  invoiceId: string,
  received = txn.amount,
) {
  const gateway = await gatewayOf(module);
  const body = ipnBody({
    merchantId: gateway.privateConfig.merchant_id,
    txnId: txn.txn_id,
    invoiceId: Number(invoiceId),
    status: 100,
    coin: txn.currency,
    currency: 'USDT',
    received,
  });
  const response = await fetch(`${base}/gateways/${module}/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', hmac: signIpn(body, gateway.privateConfig.ipn_secret) },
    body,
  });
  return { status: response.status, body: (await response.json()) as { result: string } };
}

async function usdtOf(userId: number) {
  const [wallet] = await server.db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.currency, 'USDT')));
  return wallet?.available ?? '0';
}
const ledgerOf = (userId: number) =>
  server.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.id);
const usedCount = async (code: string) =>
  (await server.db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0]!.usedCount;
const pastDue = (invoiceId: string) =>
  server.db
    .update(invoices)
    .set({ dueDate: new Date(Date.now() - 60_000) })
    .where(eq(invoices.id, Number(invoiceId)));

beforeAll(async () => {
  server = await startServer();
  http = createPortalServer(server.db, { ...readConfig({}), staticDir: undefined });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
  const [demo] = await server.db.select().from(tenants).where(eq(tenants.uuid, demoUuid));
  demoTenantId = demo!.id;
  for (const row of await server.db.select().from(products).where(eq(products.tenantId, demoTenantId)))
    product[row.name] = { id: row.id, uuid: row.uuid };
});
afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
  await server?.close();
});

describe('gateway payments an invoice can no longer take', () => {
  it('paid from the balance meanwhile: the crypto payment is credited to the wallet once (OVERPAYMENT), 10 parallel repeats change nothing', async () => {
    const { member, token } = await newMember('100');
    const bill = (await cartInvoice(token, 'Trading Basics Course')).data.moduleProductsCreateInvoice[0];
    const txn = await coinTransaction(bill.id, 'BTC', token);
    expect((await pay(bill.id, token)).data.payFromBalance.status).toBe('success');
    expect(await usdtOf(member.id)).toBe('50.10000000');

    const answers = await Promise.all(Array.from({ length: 10 }, () => complete('coinpayments', txn, bill.id)));
    expect(answers.filter((answer) => answer.body.result === 'already_paid')).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.result === 'duplicate')).toHaveLength(9);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);

    const after = await invoice(bill.id, token);
    expect(after).toMatchObject({ status: 'paid', amount_paid: '49.90' });
    // Worth at least the 49.90 it was asked for (the BTC amount was rounded up), all of it in the wallet.
    const [payment] = after.payments;
    expect(payment).toMatchObject({ gateway: 'coinpayments', currency: 'BTC', outcome: 'already_paid' });
    expect(Number(payment.credited)).toBeGreaterThanOrEqual(49.9);
    const credits = (await ledgerOf(member.id)).filter((row) => row.type === 'OVERPAYMENT');
    expect(credits).toHaveLength(1);
    expect(Number(credits[0]!.amount)).toBe(Number(payment.credited));
    expect(Number(await usdtOf(member.id))).toBeCloseTo(50.1 + Number(payment.credited), 6);
  });

  it('paid twice through two channels: the first pays, the second goes to the wallet whole', async () => {
    const { member, token } = await newMember();
    const bill = (await cartInvoice(token, 'Trading Basics Course')).data.moduleProductsCreateInvoice[0];
    const first = await coinTransaction(bill.id, 'USDT.TRC20', token);
    const second = await coinTransaction(bill.id, 'BTC', token);
    // Each covers the invoice (the BTC one carries the latest coin's fee; 100 USDT covers any).
    const [a, b] = await Promise.all([
      complete('coinpayments', first, bill.id, '100'),
      complete('coinpayments', second, bill.id),
    ]);
    expect([a.body.result, b.body.result].sort()).toEqual(['already_paid', 'paid']);
    const after = await invoice(bill.id, token);
    expect(after.status).toBe('paid');
    expect(after.payments.filter((payment: { outcome: string }) => payment.outcome === 'already_paid')).toHaveLength(1);
    // Everything that arrived beyond the total is in the wallet (OVERPAYMENT): all of the late one, and the excess
    // of the one that paid, if it paid over.
    const arrived = after.payments.reduce((total: number, payment: { credited: string }) => total + Number(payment.credited), 0);
    expect(Number(await usdtOf(member.id))).toBeCloseTo(arrived - Number(after.total), 6);
    const credits = (await ledgerOf(member.id)).filter((row) => row.type === 'OVERPAYMENT');
    expect(credits.filter((row) => row.entryKey.startsWith('payment:'))).toHaveLength(1);
    // And paying it again from the balance is refused: it is paid.
    expect(reasonOf(await pay(bill.id, token))).toBe('InvoiceAlreadyPaid');
  });

  it('an open invoice paid over: paid, the rest to the wallet, and the payment says overpaid', async () => {
    const { member, token } = await newMember();
    const bill = (await cartInvoice(token, 'Trading Basics Course')).data.moduleProductsCreateInvoice[0];
    const txn = await coinTransaction(bill.id, 'USDT.TRC20', token);
    expect((await complete('coinpayments', txn, bill.id, '60')).body.result).toBe('paid');
    const after = await invoice(bill.id, token);
    expect(after).toMatchObject({ status: 'paid', amount_due: '0.00' });
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({
      gateway: 'coinpayments',
      currency: 'USDT.TRC20',
      credited: '60.00',
      outcome: 'overpaid',
    });
    expect(Number(await usdtOf(member.id))).toBeCloseTo(60 - Number(after.total), 6);
  });

  it('a completion that carries nothing completes nothing: the real one still pays', async () => {
    const { token } = await newMember();
    const bill = (await cartInvoice(token, 'Trading Basics Course')).data.moduleProductsCreateInvoice[0];
    const txn = await coinTransaction(bill.id, 'USDT.TRC20', token);
    expect((await complete('coinpayments', txn, bill.id, '0')).body.result).toBe('pending');
    const [stored] = await server.db.select().from(gatewayTransactions).where(eq(gatewayTransactions.txnId, txn.txn_id));
    expect(stored!.status).toBe('pending');
    expect((await complete('coinpayments', txn, bill.id)).body.result).toBe('paid');
  });

  it('a canceled invoice: the payment goes to the wallet whole, and the invoice stays canceled', async () => {
    const { member, token } = await newMember();
    const bill = (await cartInvoice(token, 'Trading Basics Course', 'WELCOME10')).data.moduleProductsCreateInvoice[0];
    const txn = await coinTransaction(bill.id, 'USDT.TRC20', token);
    // The rate lock ended and the due date passed: the invoice expires.
    await server.db
      .update(gatewayTransactions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(gatewayTransactions.txnId, txn.txn_id));
    await pastDue(bill.id);
    expect(await invoice(bill.id, token)).toMatchObject({ status: 'canceled', cancel_reason: 'expired' });
    expect(await complete('coinpayments', txn, bill.id)).toEqual({ status: 200, body: { result: 'not_payable' } });
    const after = await invoice(bill.id, token);
    expect(after).toMatchObject({ status: 'canceled', amount_paid: '0.00' });
    expect(after.payments[0]).toMatchObject({ outcome: 'canceled' });
    expect(Number(after.payments[0].credited)).toBeCloseTo(Number(txn.amount), 2);
    expect(Number(await usdtOf(member.id))).toBeCloseTo(Number(txn.amount), 2);
    expect(reasonOf(await pay(bill.id, token))).toBe('InvoiceCanceled');
  });
});

describe('promo code uses of invoices that expire', () => {
  async function limitedCode(code: string, limit: number | null, perMember: number | null = null) {
    await server.db
      .insert(promoCodes)
      .values({
        tenantId: demoTenantId,
        code,
        discount: '1',
        discountType: 'units',
        maxUsageLimit: limit,
        perMemberLimit: perMember,
      });
  }

  it('10 parallel expiries, reads and pays of an abandoned invoice release its use once; the code can be used again', async () => {
    await limitedCode('ONCEMORE', 1);
    const first = await newMember('100');
    const bill = (await cartInvoice(first.token, 'Account Setup', 'ONCEMORE')).data.moduleProductsCreateInvoice[0];
    expect(await usedCount('ONCEMORE')).toBe(1);
    const second = await newMember();
    expect(reasonOf(await checkPromo('ONCEMORE', product['Account Setup']!.id, second.token))).toBe('PromoUsedUp');

    await pastDue(bill.id);
    const scope = eq(invoices.id, Number(bill.id));
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => expireInvoices(server.db, scope)),
      ...Array.from({ length: 5 }, () => invoice(bill.id, first.token)),
      ...Array.from({ length: 5 }, () => pay(bill.id, first.token)),
    ]);
    expect(results.slice(0, 10).reduce((total: number, count) => total + (count as number), 0)).toBeLessThanOrEqual(1);
    const pays = results.slice(15) as Awaited<ReturnType<typeof pay>>[];
    expect(pays.map(reasonOf)).toEqual(Array(5).fill('InvoiceCanceled'));
    expect(await usdtOf(first.member.id)).toBe('100.00000000');

    expect(await invoice(bill.id, first.token)).toMatchObject({ status: 'canceled', cancel_reason: 'expired' });
    expect(await usedCount('ONCEMORE')).toBe(0);
    const uses = await server.db
      .select()
      .from(promoCodeUses)
      .where(eq(promoCodeUses.invoiceId, Number(bill.id)));
    expect(uses).toHaveLength(1);
    expect(uses[0]!.releasedAt).not.toBeNull();
    // Released once: more sweeps change nothing.
    expect(await expireInvoices(server.db, scope)).toBe(0);
    expect(await usedCount('ONCEMORE')).toBe(0);

    // Another member may use it now, once.
    expect((await checkPromo('ONCEMORE', product['Account Setup']!.id, second.token)).data.modulePromoCodesCheck.code).toBe(
      'ONCEMORE',
    );
    expect((await cartInvoice(second.token, 'Account Setup', 'ONCEMORE')).errors).toBeUndefined();
    expect(await usedCount('ONCEMORE')).toBe(1);
  });

  it('a checkout with the code releases the uses of expired invoices first, under the code lock', async () => {
    await limitedCode('TWOUSES', 2);
    const holders = [await newMember(), await newMember()];
    const held = [];
    for (const holder of holders)
      held.push((await cartInvoice(holder.token, 'Account Setup', 'TWOUSES')).data.moduleProductsCreateInvoice[0]);
    await pastDue(held[0].id);
    // Five members check out at once: the one released use goes to exactly one of them.
    const buyers = await Promise.all(Array.from({ length: 5 }, () => newMember()));
    const answers = await Promise.all(buyers.map((buyer) => cartInvoice(buyer.token, 'Account Setup', 'TWOUSES')));
    expect(answers.filter((answer) => !answer.errors)).toHaveLength(1);
    expect(answers.filter((answer) => reasonOf(answer) === 'PromoUsedUp')).toHaveLength(4);
    expect(await usedCount('TWOUSES')).toBe(2);
    const [expired] = await server.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, Number(held[0].id)));
    expect(expired).toMatchObject({ status: 'canceled', cancelReason: 'expired' });
  });

  it('the member gets their own use back: a once-per-member code works again after their invoice expired', async () => {
    await limitedCode('MINEONCE', null, 1);
    const { token } = await newMember();
    const bill = (await cartInvoice(token, 'Account Setup', 'MINEONCE')).data.moduleProductsCreateInvoice[0];
    expect(reasonOf(await checkPromo('MINEONCE', product['Account Setup']!.id, token))).toBe('PromoAlreadyUsed');
    await pastDue(bill.id);
    expect((await checkPromo('MINEONCE', product['Account Setup']!.id, token)).data.modulePromoCodesCheck.code).toBe('MINEONCE');
  });

  it('not released while it can still be paid: before the due date, something paid, a crypto payment in its rate lock, a bank transfer on its way', async () => {
    await limitedCode('KEEPS', 10);
    const early = await newMember();
    const open = (await cartInvoice(early.token, 'Account Setup', 'KEEPS')).data.moduleProductsCreateInvoice[0];
    const partly = await newMember();
    const partBill = (await cartInvoice(partly.token, 'Account Setup', 'KEEPS')).data.moduleProductsCreateInvoice[0];
    const partTxn = await coinTransaction(partBill.id, 'USDT.TRC20', partly.token);
    expect((await complete('coinpayments', partTxn, partBill.id, '1')).body.result).toBe('partial');
    const inFlight = await newMember();
    const flightBill = (await cartInvoice(inFlight.token, 'Account Setup', 'KEEPS')).data.moduleProductsCreateInvoice[0];
    await coinTransaction(flightBill.id, 'BTC', inFlight.token);
    const byBank = await newMember();
    const bankBill = (await cartInvoice(byBank.token, 'Account Setup', 'KEEPS')).data.moduleProductsCreateInvoice[0];
    expect((await setGateway(bankBill.id, 'bank_transfer', byBank.token)).errors).toBeUndefined();
    await pastDue(partBill.id);
    await pastDue(flightBill.id);
    await pastDue(bankBill.id);
    expect(await usedCount('KEEPS')).toBe(4);
    const [keeps] = await server.db.select().from(promoCodes).where(eq(promoCodes.code, 'KEEPS'));
    expect(await expireInvoices(server.db, eq(invoices.promoCodeId, keeps!.id))).toBe(0);
    for (const [bill, who] of [
      [open, early],
      [partBill, partly],
      [flightBill, inFlight],
      [bankBill, byBank],
    ] as const) {
      expect((await invoice(bill.id, who.token)).status).toBe('unpaid');
    }
    expect(await usedCount('KEEPS')).toBe(4);
    // Five days after the bank transfer was started it expires too.
    await server.db
      .update(invoices)
      .set({ fiatPaymentStartedAt: new Date(Date.now() - 5 * day - 60_000) })
      .where(eq(invoices.id, Number(bankBill.id)));
    expect(await invoice(bankBill.id, byBank.token)).toMatchObject({ status: 'canceled', cancel_reason: 'expired' });
    expect(await usedCount('KEEPS')).toBe(3);
  });
});

describe('upgrade invoices', () => {
  const upgradeCheckout = (token: string, purchase: string, target: string) =>
    gql(
      `mutation ($w: ID!, $p: ID!, $n: ID!) { moduleProductsUpgradeCheckout(whitelabel_uuid: $w, current_purchase_uuid: $p, new_product_uuid: $n, billing_cycle: "monthly") { ${invoiceFields} } }`,
      { w: demoUuid, p: purchase, n: target },
      token,
    );

  /** A member running Basic monthly with 20 days left and 1000 USDT. */
  async function runningBasic() {
    const { member, token } = await newMember('1000');
    const made = await gql(
      `mutation ($w: ID!, $p: ID!) { moduleProductsTariffsCheckout(whitelabel_uuid: $w, product_id: $p, billing_cycle: "monthly") { invoice_id } }`,
      { w: demoUuid, p: String(product.Basic!.id) },
      token,
    );
    expect((await pay(made.data.moduleProductsTariffsCheckout.invoice_id, token)).data.payFromBalance.status).toBe('success');
    await server.db
      .update(purchases)
      .set({ activeTill: new Date(Date.now() + 20 * day) })
      .where(eq(purchases.userId, member.id));
    const [purchase] = await server.db.select().from(purchases).where(eq(purchases.userId, member.id));
    return { member, token, purchase: purchase! };
  }
  const tariffPurchases = (userId: number) => server.db.select().from(purchases).where(eq(purchases.userId, userId));

  it('a checkout to another tariff replaces the open one; paying the replaced one is refused (UpgradeStale) and moves nothing', async () => {
    const { member, token, purchase } = await runningBasic();
    const toPro = (await upgradeCheckout(token, purchase.uuid, product.Pro!.uuid)).data.moduleProductsUpgradeCheckout;
    const toElite = (await upgradeCheckout(token, purchase.uuid, product.Elite!.uuid)).data.moduleProductsUpgradeCheckout;
    expect(toElite.id).not.toBe(toPro.id);
    expect(await invoice(toPro.id, token)).toMatchObject({ status: 'canceled', cancel_reason: 'replaced' });
    const before = await usdtOf(member.id);
    expect(reasonOf(await pay(toPro.id, token))).toBe('UpgradeStale');
    expect(reasonOf(await setGateway(toPro.id, 'coinpayments', token))).toBe('UpgradeStale');
    expect(await usdtOf(member.id)).toBe(before);
    expect((await pay(toElite.id, token)).data.payFromBalance.status).toBe('success');
    const rows = await tariffPurchases(member.id);
    expect(rows).toHaveLength(2);
    // The same checkout again answers the open invoice (already paid here: a new one is not made for an ended tariff).
    expect(reasonOf(await upgradeCheckout(token, purchase.uuid, product.Pro!.uuid))).toBe('PurchaseNotFound');
  });

  it('two unpaid upgrade invoices of one tariff (made before this rule) cannot both be paid, also in parallel', async () => {
    const { member, token, purchase } = await runningBasic();
    const toPro = (await upgradeCheckout(token, purchase.uuid, product.Pro!.uuid)).data.moduleProductsUpgradeCheckout;
    const toElite = (await upgradeCheckout(token, purchase.uuid, product.Elite!.uuid)).data.moduleProductsUpgradeCheckout;
    // As an older server left them: both open.
    await server.db
      .update(invoices)
      .set({ status: 'unpaid', cancelReason: null })
      .where(eq(invoices.id, Number(toPro.id)));
    const before = Number(await usdtOf(member.id));
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => pay(index % 2 ? toPro.id : toElite.id, token)));
    const paid = new Set(
      answers.flatMap((answer, index) =>
        answer.data?.payFromBalance?.status === 'success' ? [index % 2 ? toPro.id : toElite.id] : [],
      ),
    );
    expect(paid.size).toBe(1);
    expect(answers.filter((answer) => answer.errors).every((answer) => reasonOf(answer) === 'UpgradeStale')).toBe(true);
    const [winner] = [...paid];
    const cost = Number((winner === toPro.id ? toPro : toElite).total);
    expect(before - Number(await usdtOf(member.id))).toBeCloseTo(cost, 6);
    expect(await tariffPurchases(member.id)).toHaveLength(2);
    expect((await invoice(winner === toPro.id ? toElite.id : toPro.id, token)).status).toBe('canceled');
  });

  it('a gateway payment for an upgrade whose tariff changed goes to the wallet, and the invoice is canceled as stale', async () => {
    const { member, token, purchase } = await runningBasic();
    const toPro = (await upgradeCheckout(token, purchase.uuid, product.Pro!.uuid)).data.moduleProductsUpgradeCheckout;
    const txn = await coinTransaction(toPro.id, 'USDT.TRC20', token);
    // The tariff ended meanwhile (or another upgrade of it was paid).
    await server.db
      .update(purchases)
      .set({ activeTill: new Date(Date.now() - 1000) })
      .where(eq(purchases.id, purchase.id));
    const before = Number(await usdtOf(member.id));
    expect(await complete('coinpayments', txn, toPro.id)).toEqual({ status: 200, body: { result: 'not_payable' } });
    expect(await invoice(toPro.id, token)).toMatchObject({ status: 'canceled', cancel_reason: 'stale', amount_paid: '0.00' });
    expect(Number(await usdtOf(member.id)) - before).toBeCloseTo(Number(txn.amount), 6);
    expect(await tariffPurchases(member.id)).toHaveLength(1);
    expect(reasonOf(await pay(toPro.id, token))).toBe('UpgradeStale');
  });

  it('an upgrade and another tariff of the same member paid at once both go through (no deadlock), each once', async () => {
    const { member, token, purchase } = await runningBasic();
    const toPro = (await upgradeCheckout(token, purchase.uuid, product.Pro!.uuid)).data.moduleProductsUpgradeCheckout;
    const elite = (
      await gql(
        `mutation ($w: ID!, $p: ID!) { moduleProductsTariffsCheckout(whitelabel_uuid: $w, product_id: $p, billing_cycle: "monthly") { invoice_id } }`,
        { w: demoUuid, p: String(product.Elite!.id) },
        token,
      )
    ).data.moduleProductsTariffsCheckout.invoice_id;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => pay(index % 2 ? toPro.id : elite, token)));
    expect(answers.map((answer) => answer.errors?.[0]?.message ?? answer.data.payFromBalance.status)).toEqual(
      Array(10).fill('success'),
    );
    expect(await tariffPurchases(member.id)).toHaveLength(3);
    expect((await ledgerOf(member.id)).filter((row) => row.type === 'INVOICE')).toHaveLength(3);
  });

  it('a replaced upgrade that had a partial payment gives it back to the wallet (REFUND_TO_BALANCE), once', async () => {
    const { member, token, purchase } = await runningBasic();
    const toPro = (await upgradeCheckout(token, purchase.uuid, product.Pro!.uuid)).data.moduleProductsUpgradeCheckout;
    const txn = await coinTransaction(toPro.id, 'USDT.TRC20', token);
    expect((await complete('coinpayments', txn, toPro.id, '5')).body.result).toBe('partial');
    const before = Number(await usdtOf(member.id));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => upgradeCheckout(token, purchase.uuid, product.Elite!.uuid)),
    );
    expect(new Set(answers.map((answer) => answer.data.moduleProductsUpgradeCheckout.id)).size).toBe(1);
    expect(await invoice(toPro.id, token)).toMatchObject({ status: 'canceled', cancel_reason: 'replaced' });
    expect(Number(await usdtOf(member.id)) - before).toBeCloseTo(5, 6);
    expect((await ledgerOf(member.id)).filter((row) => row.type === 'REFUND_TO_BALANCE')).toHaveLength(1);
  });
});

describe('other ways money could be lost or doubled', () => {
  it('a transaction the provider reported failed still completes when the money arrives after all', async () => {
    const { token } = await newMember();
    const bill = (await cartInvoice(token, 'Trading Basics Course')).data.moduleProductsCreateInvoice[0];
    const txn = await coinTransaction(bill.id, 'USDT.TRC20', token);
    const gateway = await gatewayOf('coinpayments');
    const failed = ipnBody({
      merchantId: gateway.privateConfig.merchant_id,
      txnId: txn.txn_id,
      invoiceId: Number(bill.id),
      status: -1,
      coin: txn.currency,
      currency: 'USDT',
      received: '0',
    });
    const answer = await fetch(`${base}/gateways/coinpayments/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', hmac: signIpn(failed, gateway.privateConfig.ipn_secret) },
      body: failed,
    });
    expect(await answer.json()).toEqual({ result: 'failed' });
    const results = await Promise.all(Array.from({ length: 5 }, () => complete('coinpayments', txn, bill.id)));
    expect(results.map((result) => result.body.result).sort()).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'paid',
    ]);
    expect(await invoice(bill.id, token)).toMatchObject({ status: 'paid', amount_due: '0.00' });
  });

  it('dust for a paid invoice (worth less than a cent) writes no empty ledger row', async () => {
    const { member, token } = await newMember('100');
    const bill = (await cartInvoice(token, 'Trading Basics Course')).data.moduleProductsCreateInvoice[0];
    const txn = await coinTransaction(bill.id, 'USDT.TRC20', token);
    expect((await pay(bill.id, token)).data.payFromBalance.status).toBe('success');
    expect((await complete('coinpayments', txn, bill.id, '0.001')).body.result).toBe('already_paid');
    expect((await ledgerOf(member.id)).map((row) => row.type)).toEqual(['ADMIN_DEPOSIT', 'INVOICE']);
  });

  it('a cart whose product changed currency since it was added is refused, never summed as one currency', async () => {
    const { token } = await newMember();
    const add = (name: string) =>
      gql(
        `mutation ($w: ID!, $p: ID!, $i: AddToCartInput!) { moduleProductsAddToShoppingCart(whitelabel_uuid: $w, product_id: $p, input: $i) { status } }`,
        { w: demoUuid, p: String(product[name]!.id), i: { qty: 1, billing_cycle: 'onetime' } },
        token,
      );
    expect((await add('Account Setup')).errors).toBeUndefined();
    expect((await add('Trading Basics Course')).errors).toBeUndefined();
    const orderId = (
      await gql(`query ($w: ID!) { moduleProductsShopingCart(whitelabel_uuid: $w) { id } }`, { w: demoUuid }, token)
    ).data.moduleProductsShopingCart.id;
    const [course] = await server.db.select().from(products).where(eq(products.id, product['Trading Basics Course']!.id));
    try {
      // The operator moves one product to EUR after it went into the cart (a USDT line and an EUR line now).
      await server.db.update(products).set({ currency: 'EUR' }).where(eq(products.id, course!.id));
      const refused = await gql(`mutation ($o: ID!) { moduleProductsCreateInvoice(order_id: $o) { id } }`, { o: orderId }, token);
      expect(refused.errors?.[0]?.extensions?.codes).toEqual({ product_id: ['currencyMismatch'] });
      const [{ made }] = (
        (await server.db.execute(sql`select count(*)::int as made from invoices where order_id = ${Number(orderId)}`)) as any
      ).rows;
      expect(made).toBe(0);
    } finally {
      await server.db.update(products).set({ currency: course!.currency }).where(eq(products.id, course!.id));
    }
  });

  it('deposits: zero, negative, exponent and out-of-range amounts make no invoice; the bounds themselves do', async () => {
    const { member, token } = await newMember();
    const deposit = (amount: string) =>
      gql(`mutation ($a: Decimal!) { depositFunds(amount: $a) { id total } }`, { a: amount }, token);
    for (const amount of ['0', '-10', '1e3', '10.001', '9.99', '50000.01', 'NaN'])
      expect((await deposit(amount)).errors, amount).toBeDefined();
    expect((await deposit('10')).data.depositFunds.total).toBe('10.00');
    expect((await deposit('50000.00')).data.depositFunds.total).toBe('50000.00');
    const [{ made }] = (
      (await server.db.execute(sql`select count(*)::int as made from invoices where user_id = ${member.id}`)) as any
    ).rows;
    expect(made).toBe(2);
  });
});

describe('the ledger', () => {
  it('every wallet balance equals the sum of its ledger rows', async () => {
    const result = (await server.db.execute(sql`
      select w.id from wallets w left join ledger_entries l on l.wallet_id = w.id
      group by w.id, w.available having w.available <> coalesce(sum(l.amount), 0)`)) as any;
    expect(result.rows).toEqual([]);
  });
});
