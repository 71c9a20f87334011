// Buying assets from merchants (issue 27): the Demo Portal's assets at the rates adapter's prices, a quote locked
// for 15 minutes, buying it (one invoice per quote, under retries and in parallel), paying it from the balance
// (the asset's wallet credited once, ITO_TOKEN_DEPOSIT), and an expired quote: never bought, its invoice never
// paid. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { invoices, ledgerEntries, merchantQuotes, tenants, wallets } from '../../server/db/schema';
import { createTestDatabase, databaseName, startInstance, testDatabaseUrl } from './harness';
import { newMember } from './members';

let fresh: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let server: Awaited<ReturnType<typeof startInstance>>;
let demoUuid: string;
let demoTenantId: number;

const reasonOf = (answer: { errors?: { extensions?: Record<string, any> }[] }) => answer.errors?.[0]?.extensions?.reason;
const categoryOf = (answer: { errors?: { extensions?: Record<string, any> }[] }) => answer.errors?.[0]?.extensions?.category;

const assets = `query ($w: ID!) { moduleMerchantAssets(whitelabel_uuid: $w) { symbol name rate pay_currency min_amount max_amount } }`;
const quoteCall = `mutation ($w: ID!, $s: String!, $a: Decimal!) {
  moduleMerchantQuote(whitelabel_uuid: $w, symbol: $s, amount: $a) { id symbol amount pay_currency rate asset_amount expires_at invoice_id }
}`;
const buy = `mutation ($w: ID!, $q: ID!, $k: String) { moduleMerchantBuy(whitelabel_uuid: $w, quote_id: $q, idempotency_key: $k) { id status total currency items { subject } } }`;
const pay = `mutation ($id: ID!, $k: String) { payFromBalance(invoice_id: $id, idempotency_key: $k) { status message } }`;

async function wallet(memberId: number, currency: string) {
  const [row] = await server.db.select().from(wallets).where(and(eq(wallets.userId, memberId), eq(wallets.currency, currency)));
  return row?.available;
}

async function member(balance: string) {
  return newMember(server.db, { tenantId: demoTenantId, prefix: 'merchant', usdt: balance });
}

const expire = (quoteId: string) =>
  server.db.update(merchantQuotes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(merchantQuotes.id, Number(quoteId)));

beforeAll(async () => {
  fresh = testDatabaseUrl ? await createTestDatabase(testDatabaseUrl, { seeded: true }) : undefined;
  server = await startInstance(fresh?.url);
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
  const [tenant] = await server.db.select().from(tenants).where(eq(tenants.uuid, demoUuid));
  demoTenantId = tenant!.id;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await fresh?.drop();
});

describe(`merchants on ${databaseName}`, () => {
  it('lists the coins the Demo Portal sells for USDT, priced by the rates adapter; never BTC or the balance currency', async () => {
    const { token } = await member('0');
    const answer = await server.gql(assets, { w: demoUuid }, token);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.moduleMerchantAssets.map((asset: { symbol: string }) => asset.symbol)).toEqual(['SOL', 'BNB', 'MATIC', 'AAVE', '1INCH']);
    const sol = answer.data.moduleMerchantAssets[0];
    expect(sol).toMatchObject({ name: 'Solana', pay_currency: 'USDT' });
    expect([sol.rate, sol.min_amount, sol.max_amount].map(Number)).toEqual([150, 10, 10000]);
  });

  it('a quote locks the rate for 15 minutes and buys amount / rate, rounded toward zero', async () => {
    const { token } = await member('0');
    const before = Date.now();
    const answer = await server.gql(quoteCall, { w: demoUuid, s: 'SOL', a: '100' }, token);
    expect(answer.errors).toBeUndefined();
    const quote = answer.data.moduleMerchantQuote;
    expect(quote).toMatchObject({ symbol: 'SOL', amount: '100.00', pay_currency: 'USDT', rate: '150', invoice_id: null });
    // 100 / 150 = 0.666666666…: the wallet gets 0.66666666, never a rounded-up 0.66666667.
    expect(quote.asset_amount).toBe('0.66666666');
    const lock = new Date(quote.expires_at).getTime() - before;
    expect(lock).toBeGreaterThanOrEqual(15 * 60_000 - 5_000);
    expect(lock).toBeLessThanOrEqual(15 * 60_000 + 5_000);
  });

  it("refuses an unknown coin, BTC, an amount outside the bounds or not written as an amount", async () => {
    const { token } = await member('0');
    for (const [symbol, amount, field] of [
      ['DOGE', '100', 'symbol'],
      ['BTC', '100', 'symbol'],
      ['SOL', '9.99', 'amount'],
      ['SOL', '10000.01', 'amount'],
      ['SOL', '012', 'amount'],
      ['SOL', '10.001', 'amount'],
    ] as const) {
      const answer = await server.gql(quoteCall, { w: demoUuid, s: symbol, a: amount }, token);
      expect(categoryOf(answer), `${symbol} ${amount}`).toBe('validation');
      expect(Object.keys(answer.errors![0]!.extensions!.fields ?? {}), `${symbol} ${amount}: ${JSON.stringify(answer.errors)}`).toEqual([field]);
    }
    const low = await server.gql(quoteCall, { w: demoUuid, s: 'SOL', a: '5' }, token);
    expect(low.errors![0]!.extensions!.fields.amount).toEqual(['The minimum purchase is 10 USDT.']);
  });

  it('buying a quote 20 times in parallel under one key, and again under another, makes one invoice; paid from the balance, SOL arrives once', async () => {
    const { member: buyer, token } = await member('250.00');
    const quote = (await server.gql(quoteCall, { w: demoUuid, s: 'SOL', a: '150' }, token)).data.moduleMerchantQuote;
    const bought = await Promise.all(Array.from({ length: 20 }, () => server.gql(buy, { w: demoUuid, q: quote.id, k: `buy-${quote.id}` }, token)));
    expect(bought.map((answer) => answer.errors)).toEqual(Array(20).fill(undefined));
    const again = await server.gql(buy, { w: demoUuid, q: quote.id, k: `buy-${quote.id}-again` }, token);
    const ids = new Set([...bought, again].map((answer) => answer.data.moduleMerchantBuy.id));
    expect(ids.size).toBe(1);
    const invoice = again.data.moduleMerchantBuy;
    expect(invoice).toMatchObject({ status: 'unpaid', total: '150.00', currency: 'USDT' });
    expect(invoice.items[0].subject).toBe('1 SOL at 150 USDT');

    const paid = await Promise.all(Array.from({ length: 10 }, (_, n) => server.gql(pay, { id: invoice.id, k: `pay-${n}` }, token)));
    expect(paid.filter((answer) => answer.data?.payFromBalance?.status === 'success').length).toBeGreaterThanOrEqual(1);
    expect(await wallet(buyer.id, 'USDT')).toBe('100.00000000');
    expect(await wallet(buyer.id, 'SOL')).toBe('1.00000000');
    const credits = await server.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, buyer.id), eq(ledgerEntries.type, 'ITO_TOKEN_DEPOSIT')));
    expect(credits.map((row) => [row.currency, row.amount])).toEqual([['SOL', '1.00000000']]);
  });

  it('an expired quote cannot be bought, and the invoice of a quote that expired before payment cannot be paid', async () => {
    const { member: buyer, token } = await member('500.00');
    const stale = (await server.gql(quoteCall, { w: demoUuid, s: 'BNB', a: '60' }, token)).data.moduleMerchantQuote;
    await expire(stale.id);
    const refused = await server.gql(buy, { w: demoUuid, q: stale.id, k: 'stale' }, token);
    expect(reasonOf(refused)).toBe('QuoteExpired');

    const quote = (await server.gql(quoteCall, { w: demoUuid, s: 'BNB', a: '60' }, token)).data.moduleMerchantQuote;
    const invoice = (await server.gql(buy, { w: demoUuid, q: quote.id, k: 'fresh' }, token)).data.moduleMerchantBuy;
    await expire(quote.id);
    const late = await server.gql(pay, { id: invoice.id, k: 'late' }, token);
    expect(reasonOf(late)).toBe('QuoteExpired');
    expect(await wallet(buyer.id, 'USDT')).toBe('500.00000000');
    expect(await wallet(buyer.id, 'BNB')).toBeUndefined();
    // Buying the expired quote again still answers its invoice, which can no longer be paid.
    const [row] = await server.db.select().from(invoices).where(eq(invoices.id, Number(invoice.id)));
    expect(row!.status === 'unpaid' || row!.cancelReason === 'stale').toBe(true);
  });

  it("another member's quote is not found; a short balance pays nothing", async () => {
    const owner = await member('0');
    const other = await member('1000.00');
    const quote = (await server.gql(quoteCall, { w: demoUuid, s: 'AAVE', a: '95' }, owner.token)).data.moduleMerchantQuote;
    expect(reasonOf(await server.gql(buy, { w: demoUuid, q: quote.id }, other.token))).toBe('QuoteNotFound');
    const invoice = (await server.gql(buy, { w: demoUuid, q: quote.id }, owner.token)).data.moduleMerchantBuy;
    expect(reasonOf(await server.gql(pay, { id: invoice.id }, owner.token))).toBe('InsufficientBalance');
    expect(await wallet(owner.member.id, 'AAVE')).toBeUndefined();
  });
});
