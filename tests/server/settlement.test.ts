// Settlement by the area that sold (DESIGN §6): a new area registers its invoice kind and what paying it does,
// and payments settles it without knowing it. The kinds here are the test's own, registered as an area would;
// payments' code never names them. Paid from the balance and through a gateway's confirmation, 20 at a time,
// each invoice is fulfilled exactly once, in the transaction that paid it. Runs on PGlite and PostgreSQL.
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { invoices, ledgerEntries, tenants, wallets } from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import { readConfig } from '../../server/config';
import { createPortalServer } from '../../server/app';
import { appError } from '../../server/errors';
import { insertInvoice } from '../../server/modules/payments/invoices';
import { registerInvoiceKind, type InvoiceRow } from '../../server/modules/payments/invoice-kinds';
import { startServer } from './harness';
import { newMember as createMember } from './members';

let server: Awaited<ReturnType<typeof startServer>>;
let http: ReturnType<typeof createPortalServer>;
let base: string;
let demoTenantId: number;

/** What the test's areas did, per invoice: each fulfil call with the invoice's status as the handler saw it. */
const fulfilled = new Map<number, string[]>();

const voucherKind = 'test-voucher';
const failingKind = 'test-failing';
const staleKind = 'test-stale';
const gatewayOnlyKind = 'test-gateway-only';

function registerTestAreas() {
  registerInvoiceKind(voucherKind, {
    async fulfil(_tx: Db, invoice: InvoiceRow) {
      fulfilled.set(invoice.id, [...(fulfilled.get(invoice.id) ?? []), invoice.status]);
    },
  });
  registerInvoiceKind(failingKind, {
    async fulfil() {
      throw new Error('The test area cannot deliver this.');
    },
  });
  registerInvoiceKind(staleKind, {
    async fulfil() {},
    async payable() {
      return false;
    },
    staleError: () => appError('conflict', 'This test offer has run out.', { reason: 'UpgradeStale' }),
  });
  registerInvoiceKind(gatewayOnlyKind, {
    async fulfil() {},
    balanceRefused: () => appError('conflict', 'The test area is paid through a gateway only.'),
  });
}

const newMember = (usdt = '0') => createMember(server.db, { tenantId: demoTenantId, prefix: 'settle', usdt });

/** An unpaid invoice of the kind for the member, made the way an area makes its invoices. */
async function invoiceOf(kind: string, userId: number, amount = '25.00'): Promise<InvoiceRow> {
  return server.db.transaction((tx) =>
    insertInvoice(tx as unknown as Db, {
      tenantId: demoTenantId,
      userId,
      kind,
      currency: 'USDT',
      subtotal: amount,
      discount: '0',
      items: [{ subject: `A ${kind}`, qty: 1, unitPrice: amount, amount }],
    }),
  );
}

const pay = (id: number, token: string) =>
  server.gql(`mutation ($id: ID!) { payFromBalance(invoice_id: $id) { status } }`, { id: String(id) }, token);

async function confirm(invoiceId: number) {
  const response = await fetch(`${base}/dev/gateway/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ invoice_id: invoiceId }),
  });
  return { status: response.status, body: (await response.json()) as { result: string } };
}

async function statusOf(invoiceId: number) {
  const [row] = await server.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, invoiceId));
  return row!.status;
}

async function usdtOf(userId: number) {
  const [wallet] = await server.db.select().from(wallets).where(and(eq(wallets.userId, userId), eq(wallets.currency, 'USDT')));
  return wallet?.available ?? null;
}

const reasonOf = (answer: { errors?: { extensions?: Record<string, any> }[] }) => answer.errors?.[0]?.extensions?.reason;

beforeAll(async () => {
  server = await startServer();
  registerTestAreas();
  http = createPortalServer(server.db, { ...readConfig({}), staticDir: undefined });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const [demo] = await server.db.select().from(tenants).where(eq(tenants.subdomain, 'localhost'));
  demoTenantId = demo!.id;
});
afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
  await server?.close();
});

describe('an invoice kind registered by an area payments does not know', () => {
  it('paid from the balance by 20 parallel pays, is debited once and fulfilled once, by its own handler, as paid', async () => {
    const { member, token } = await newMember('100');
    const bill = await invoiceOf(voucherKind, member.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(bill.id, token)));
    expect(answers.map((answer) => answer.errors)).toEqual(Array(20).fill(undefined));
    expect(fulfilled.get(bill.id)).toEqual(['paid']);
    expect(await statusOf(bill.id)).toBe('paid');
    expect(await usdtOf(member.id)).toBe('75.00000000');
    const debits = await server.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, member.id), eq(ledgerEntries.type, 'INVOICE')));
    expect(debits).toHaveLength(1);
  });

  it('paid through a gateway, 20 parallel confirmations of its transaction settle it once and fulfil it once', async () => {
    const { member, token } = await newMember();
    const bill = await invoiceOf(voucherKind, member.id);
    const made = await server.gql(
      `mutation ($id: ID!) { coinPaymentsCreateTransaction(invoice_id: $id, currency: "USDT.TRC20") { txn_id } }`,
      { id: String(bill.id) },
      token,
    );
    expect(made.errors).toBeUndefined();
    const results = await Promise.all(Array.from({ length: 20 }, () => confirm(bill.id)));
    expect(results.map((result) => result.body.result).filter((result) => result === 'paid')).toHaveLength(1);
    expect(fulfilled.get(bill.id)).toEqual(['paid']);
    expect(await statusOf(bill.id)).toBe('paid');
    // Nothing of the one payment went to the wallet: it paid the invoice exactly.
    expect(await usdtOf(member.id)).toBeNull();
  });

  it('is fulfilled in the transaction that pays it: a fulfil that fails leaves the invoice unpaid and the balance whole', async () => {
    const { member, token } = await newMember('100');
    const bill = await invoiceOf(failingKind, member.id);
    const answer = await pay(bill.id, token);
    expect(answer.errors?.[0]?.extensions?.category).toBe('internal');
    expect(await statusOf(bill.id)).toBe('unpaid');
    expect(await usdtOf(member.id)).toBe('100.00000000');
  });

  it('says whether it may be paid: one its area calls stale is canceled as stale and refused with the area error, moving nothing', async () => {
    const { member, token } = await newMember('100');
    const bill = await invoiceOf(staleKind, member.id);
    const answer = await pay(bill.id, token);
    expect(reasonOf(answer)).toBe('UpgradeStale');
    expect(answer.errors?.[0]?.message).toBe('This test offer has run out.');
    expect(await statusOf(bill.id)).toBe('canceled');
    expect(await usdtOf(member.id)).toBe('100.00000000');
    expect(fulfilled.has(bill.id)).toBe(false);
  });

  it('may refuse the balance: then only a gateway pays it', async () => {
    const { member, token } = await newMember('100');
    const bill = await invoiceOf(gatewayOnlyKind, member.id);
    const answer = await pay(bill.id, token);
    expect(answer.errors?.[0]?.message).toBe('The test area is paid through a gateway only.');
    expect(await usdtOf(member.id)).toBe('100.00000000');
  });

  it('must be registered: an invoice of a kind no area registered is never made', async () => {
    const { member } = await newMember();
    await expect(invoiceOf('test-unregistered', member.id)).rejects.toThrow(/No area registered the invoice kind "test-unregistered"/);
    const made = await server.db.select().from(invoices).where(and(eq(invoices.userId, member.id), eq(invoices.kind, 'test-unregistered')));
    expect(made).toEqual([]);
  });

  it("is named nowhere in payments' code", () => {
    const folder = new URL('../../server/modules/payments/', import.meta.url);
    const code = readdirSync(folder).map((file) => readFileSync(new URL(file, folder), 'utf8')).join('\n');
    for (const kind of [voucherKind, failingKind, staleKind, gatewayOnlyKind, 'test-']) expect(code).not.toContain(kind);
  });
});
