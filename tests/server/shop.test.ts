// Shop: the store's products and categories, carts of members and visitors (tenant-bound, never readable by
// another anonymous id or member), the guest cart merge, promo codes (coverage, expiry, usage limits) and
// the invoice made from a cart (one per order, also under parallel calls). Runs on PGlite and PostgreSQL.
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { orders, products, promoCodes, sessions, tenantModules, tenants, users } from '../../server/db/schema';
import { hashToken } from '../../server/security/tokens';
import { readConfig } from '../../server/config';
import { createPortalServer } from '../../server/app';
import { cartQty } from '../../domain/limits';
import { demoPassword } from '../../server/db/seed';
import { startServer } from './harness';
import { graphqlAs } from './requests';

let server: Awaited<ReturnType<typeof startServer>>;
let demoUuid: string;
let acmeUuid: string;
let demoTenantId: number;
/** Demo product ids by name. */
const product: Record<string, string> = {};

const productFields = `id uuid name image images { url } price_onetime price_monthly price_annually currency categories { id name hidden }`;
const cartFields = `id status total currency items_count lines { name order_id qty billing_cycle price amount product { id name } }`;

let memberCount = 0;
/** A fresh member of the Demo Portal with a session token. */
async function newMember(tenantId = demoTenantId) {
  const n = (memberCount += 1);
  const [demo] = await server.db.select().from(users).where(eq(users.email, 'demo@example.com')).limit(1);
  const tag = `${Date.now()}-${n}`;
  const [member] = await server.db
    .insert(users)
    .values({
      tenantId,
      email: `shop-${tag}@example.com`,
      name: `Shop Member ${n}`,
      passwordHash: demo!.passwordHash,
      refid: `shop-${tag}`,
      referenceId: `SHOP-${tag}`,
      emailVerifiedAt: new Date(),
    })
    .returning();
  const token = `shop-session-${tag}`;
  await server.db.insert(sessions).values({ userId: member!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return { member: member!, token };
}

const anonymous = () => `guest-${crypto.randomUUID()}`;

const add = (w: string, productId: string, qty: number, cycle: string, who: { token?: string; anon?: string }) =>
  server.gql(
    `mutation ($w: ID!, $p: ID!, $i: AddToCartInput!, $a: String) { moduleProductsAddToShoppingCart(whitelabel_uuid: $w, product_id: $p, input: $i, anonymous_id: $a) { status message } }`,
    { w, p: productId, i: { qty, billing_cycle: cycle }, a: who.anon },
    who.token,
  );
const cart = (w: string, who: { token?: string; anon?: string }, orderId?: string) =>
  server.gql(
    `query ($w: ID!, $a: String, $o: ID) { moduleProductsShopingCart(whitelabel_uuid: $w, anonymous_id: $a, order_id: $o) { ${cartFields} } }`,
    { w, a: who.anon, o: orderId },
    who.token,
  );
const update = (w: string, orderId: string, productId: string, qty: number, who: { token?: string; anon?: string }, cycle?: string) =>
  server.gql(
    `mutation ($w: ID!, $o: ID!, $p: ID!, $a: String, $i: UpdateCartInput!) { moduleProductsRemoveFromShoppingCart(whitelabel_uuid: $w, order_id: $o, product_id: $p, anonymous_id: $a, input: $i) { status } }`,
    { w, o: orderId, p: productId, a: who.anon, i: { qty, ...(cycle ? { billing_cycle: cycle } : {}) } },
    who.token,
  );
const checkPromo = (code: string, productIds: string[], token?: string) =>
  server.gql(
    `mutation ($w: ID!, $c: String!, $p: [ID!]!) { modulePromoCodesCheck(whitelabel_uuid: $w, promocode: $c, product_ids: $p) { code discount discount_type products product_categories applies_to_all } }`,
    { w: demoUuid, c: code, p: productIds },
    token,
  );
const createInvoice = (orderId: string, token: string, promocode?: string, key?: string) =>
  server.gql(
    `mutation ($o: ID!, $c: String, $k: String) { moduleProductsCreateInvoice(order_id: $o, promocode: $c, idempotency_key: $k) { id status subtotal discount total currency kind module_products_order_id promocode { discount discount_type code } items { subject qty unit_price amount billing_cycle product_id } } }`,
    { o: orderId, c: promocode, k: key },
    token,
  );
const reasonOf = (answer: { errors?: { extensions?: Record<string, any> }[] }) => answer.errors?.[0]?.extensions?.reason;
const categoryOf = (answer: { errors?: { extensions?: Record<string, any> }[] }) => answer.errors?.[0]?.extensions?.category;

/** A member's cart with these lines, and its order id. */
async function memberCart(token: string, lines: [string, number, string][]) {
  for (const [name, qty, cycle] of lines) expect((await add(demoUuid, product[name]!, qty, cycle, { token })).errors).toBeUndefined();
  return (await cart(demoUuid, { token })).data.moduleProductsShopingCart.id as string;
}

beforeAll(async () => {
  server = await startServer();
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
  acmeUuid = (await graphqlAs(server.db, { host: 'acme.localhost' })(`{ whiteLabel(source: "acme") { uuid } }`)).data.whiteLabel.uuid;
  const [demo] = await server.db.select().from(tenants).where(eq(tenants.uuid, demoUuid));
  demoTenantId = demo!.id;
  for (const row of await server.db.select().from(products).where(eq(products.tenantId, demoTenantId))) product[row.name] = String(row.id);
});
afterAll(() => server?.close());

describe('the store', () => {
  it('lists the demo products to visitors: 8 or more, one-time and recurrent, each with a local image', async () => {
    const list = (await server.gql(`query ($w: ID!) { moduleProducts(whitelabel_uuid: $w) { ${productFields} } }`, { w: demoUuid })).data.moduleProducts;
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list.some((p: any) => p.price_onetime && !p.price_monthly)).toBe(true);
    expect(list.some((p: any) => p.price_monthly && !p.price_onetime)).toBe(true);
    for (const p of list) {
      expect(p.image).toMatch(/^\/media\/products\/[a-z-]+\.svg$/);
      expect(existsSync(new URL(`../../server${p.image}`, import.meta.url))).toBe(true);
      expect(p.categories.every((c: any) => !c.hidden)).toBe(true);
    }
    expect(list.map((p: any) => p.name)).not.toContain('Starter Bundle');
  });

  it('a demo product sold by the period with a one-time price says that price is a setup fee (the first invoice adds it)', async () => {
    const list = (await server.gql(`query ($w: ID!) { moduleProducts(whitelabel_uuid: $w) { name description price_onetime price_monthly price_quartally price_semiannually price_annually } }`, { w: demoUuid }))
      .data.moduleProducts;
    const withSetupFee = list.filter((p: any) => p.price_onetime && (p.price_monthly || p.price_quartally || p.price_semiannually || p.price_annually));
    expect(withSetupFee.map((p: any) => p.name)).toEqual(['Trading Bot Hosting']);
    for (const p of withSetupFee) expect(p.description).toMatch(/one-time setup/);
  });

  it('lists 3 or more visible categories, and a hidden category shows its products only when asked for', async () => {
    const categories = (await server.gql(`query ($w: ID!) { moduleProductCategories(whitelabel_uuid: $w) { id name hidden number_of_products } }`, { w: demoUuid }))
      .data.moduleProductCategories;
    expect(categories.length).toBeGreaterThanOrEqual(3);
    expect(categories.every((c: any) => !c.hidden && c.number_of_products > 0)).toBe(true);
    const hidden = (await server.db.execute(sql`select id from product_categories where tenant_id = ${demoTenantId} and hidden and name = 'Bundles'`)) as any;
    const hiddenId = String(hidden.rows[0].id);
    const bundles = (await server.gql(`query ($w: ID!, $c: ID) { moduleProducts(whitelabel_uuid: $w, category_id: $c) { name categories { hidden } } }`, { w: demoUuid, c: hiddenId }))
      .data.moduleProducts;
    expect(bundles).toEqual([{ name: 'Starter Bundle', categories: [{ hidden: true }] }]);
  });

  it('searches, sorts by price, and answers one product by id or uuid', async () => {
    const found = await server.gql(`query ($w: ID!) { moduleProducts(whitelabel_uuid: $w, search: "course", sort_order: "price_asc") { name price_onetime } }`, { w: demoUuid });
    expect(found.data.moduleProducts.map((p: any) => p.name)).toEqual(['Trading Basics Course', 'Advanced Strategies Course']);
    const sorted = (await server.gql(`query ($w: ID!) { moduleProducts(whitelabel_uuid: $w, sort_order: "price_desc") { name } }`, { w: demoUuid })).data.moduleProducts;
    expect(sorted[0].name).toBe('Personal Mentoring Session');
    const byId = (await server.gql(`query ($w: ID!, $id: ID!) { moduleProduct(whitelabel_uuid: $w, id: $id) { uuid name } }`, { w: demoUuid, id: product['Signals Bot'] })).data.moduleProduct;
    expect(byId.name).toBe('Signals Bot');
    const byUuid = (await server.gql(`query ($w: ID!, $id: ID!) { moduleProduct(whitelabel_uuid: $w, id: $id) { name } }`, { w: demoUuid, id: byId.uuid })).data.moduleProduct;
    expect(byUuid.name).toBe('Signals Bot');
    const bad = await server.gql(`query ($w: ID!) { moduleProducts(whitelabel_uuid: $w, sort_order: "cheapest") { name } }`, { w: demoUuid });
    expect(categoryOf(bad)).toBe('validation');
  });

  it('the store follows changes to the catalog: a new product, a new price, a product switched off, a category hidden', async () => {
    const names = async () =>
      (await server.gql(`query ($w: ID!) { moduleProducts(whitelabel_uuid: $w, search: "catalog") { name price_onetime } }`, { w: demoUuid })).data.moduleProducts;
    expect(await names()).toEqual([]);
    const [made] = await server.db.insert(products).values({ tenantId: demoTenantId, name: 'Catalog Test', priceOnetime: '5.5', currency: 'USDT' }).returning();
    expect(await names()).toEqual([{ name: 'Catalog Test', price_onetime: '5.50' }]);
    await server.db.update(products).set({ priceOnetime: '6' }).where(eq(products.id, made!.id));
    expect(await names()).toEqual([{ name: 'Catalog Test', price_onetime: '6.00' }]);
    const [category] = (await server.db.execute(sql`insert into product_categories (tenant_id, name) values (${demoTenantId}, 'Temporary') returning id`) as any).rows;
    await server.db.execute(sql`insert into product_category_links (product_id, category_id) values (${made!.id}, ${category.id})`);
    expect(await names()).toHaveLength(1);
    await server.db.execute(sql`update product_categories set hidden = true where id = ${category.id}`);
    expect(await names()).toEqual([]);
    await server.db.update(products).set({ status: 'inactive' }).where(eq(products.id, made!.id));
    const shown = await server.gql(`query ($w: ID!, $c: ID) { moduleProducts(whitelabel_uuid: $w, category_id: $c) { name } }`, { w: demoUuid, c: String(category.id) });
    expect(shown.data.moduleProducts).toEqual([]);
    await server.db.execute(sql`delete from product_categories where id = ${category.id}`);
    await server.db.delete(products).where(eq(products.id, made!.id));
  });

  it('keeps visitors out where the products module is private, and answers not found where it is off', async () => {
    const [acme] = await server.db.select().from(tenants).where(eq(tenants.uuid, acmeUuid));
    const products = `query ($w: ID!) { moduleProducts(whitelabel_uuid: $w) { id } }`;
    const atAcme = graphqlAs(server.db, { host: 'acme.localhost', origin: 'http://acme.localhost' });
    // Another portal's store is not served through this portal's address.
    expect((await server.gql(products, { w: acmeUuid })).errors?.[0]?.extensions?.reason).toBe('TenantMismatch');
    // Asked twice while open (the second answer may come from the store's response cache)...
    for (let i = 0; i < 2; i++) expect((await atAcme(products, { w: acmeUuid })).errors).toBeUndefined();
    await server.db
      .update(tenantModules)
      .set({ customConfig: sql`${tenantModules.customConfig} || '{"allow_public_access": false}'::jsonb` })
      .where(and(eq(tenantModules.tenantId, acme!.id), eq(tenantModules.module, 'products')));
    // ... and refused once closed: a cached answer is never served past the access check.
    expect(categoryOf(await atAcme(products, { w: acmeUuid }))).toBe('authentication');
    const atSso = graphqlAs(server.db, { host: 'sso.localhost', origin: 'http://sso.localhost' });
    const sso = (await atSso(`{ whiteLabel(source: "sso") { uuid } }`)).data.whiteLabel.uuid;
    expect(categoryOf(await atSso(products, { w: sso }))).toBe('not_found');
  });
});

describe('the store over HTTP', () => {
  /** A raw POST, so the test decides the Accept and Accept-Encoding headers. */
  const post = (port: number, body: string, headers: Record<string, string>) =>
    new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path: '/graphql', method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on('error', reject);
      request.end(body);
    });

  it('answers a repeated catalog read with the same JSON, gzipped for clients that accept it', async () => {
    const http = createPortalServer(server.db, { ...readConfig({}), staticDir: undefined });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = http.address() as AddressInfo;
      const body = JSON.stringify({ query: `query ($w: ID!) { moduleProducts(whitelabel_uuid: $w) { ${productFields} } }`, variables: { w: demoUuid } });
      const first = await post(port, body, {});
      const plain = await post(port, body, {});
      const zipped = await post(port, body, { 'accept-encoding': 'gzip, deflate, br', accept: 'application/graphql-response+json, application/json' });
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(first.body.toString());
      expect(zipped.headers).toMatchObject({ 'content-encoding': 'gzip', 'content-type': 'application/graphql-response+json; charset=utf-8' });
      expect(gunzipSync(zipped.body).toString()).toBe(first.body.toString());
      expect(JSON.parse(first.body.toString()).data.moduleProducts.length).toBeGreaterThanOrEqual(8);
    } finally {
      await new Promise((resolve) => http.close(resolve));
    }
  });
});

describe('carts', () => {
  it('a visitor cart is read only with its anonymous id, in its tenant; no other visitor or member sees it', async () => {
    const guest = { anon: anonymous() };
    expect((await add(demoUuid, product['Trading Basics Course']!, 2, 'onetime', guest)).data.moduleProductsAddToShoppingCart.status).toBe('success');
    const own = (await cart(demoUuid, guest)).data.moduleProductsShopingCart;
    expect(own).toMatchObject({ status: 'new', total: '99.80', currency: 'USDT', items_count: 2 });
    expect(own.lines).toEqual([
      { name: 'Trading Basics Course', order_id: own.id, qty: 2, billing_cycle: 'onetime', price: '49.90', amount: '99.80', product: { id: product['Trading Basics Course'], name: 'Trading Basics Course' } },
    ]);

    expect((await cart(demoUuid, { anon: anonymous() })).data.moduleProductsShopingCart).toBeNull();
    expect((await cart(demoUuid, { anon: guest.anon }, String(Number(own.id) + 1000))).data.moduleProductsShopingCart).toBeNull();
    const { token } = await newMember();
    expect((await cart(demoUuid, { token, anon: guest.anon })).data.moduleProductsShopingCart).toBeNull();
    // The same anonymous id in another tenant is another (empty) cart.
    expect((await cart(acmeUuid, guest)).data.moduleProductsShopingCart).toBeNull();
    // Nobody else can change it.
    expect(reasonOf(await update(demoUuid, own.id, product['Trading Basics Course']!, 0, { anon: anonymous() }))).toBe('OrderNotFound');
    expect(reasonOf(await update(demoUuid, own.id, product['Trading Basics Course']!, 0, { token }))).toBe('OrderNotFound');
    expect((await cart(demoUuid, guest)).data.moduleProductsShopingCart.items_count).toBe(2);
  });

  it('refuses bad quantities, unknown cycles, cycles a product is not sold in and other tenants products', async () => {
    const guest = { anon: anonymous() };
    for (const qty of [0, -1, cartQty.max + 1]) {
      expect(categoryOf(await add(demoUuid, product['Signals Bot']!, qty, 'monthly', guest))).toBe('validation');
    }
    expect((await add(demoUuid, product['Signals Bot']!, 1.5, 'monthly', guest)).errors).toBeDefined();
    const weekly = await add(demoUuid, product['Signals Bot']!, 1, 'weekly', guest);
    expect(weekly.errors?.[0]?.extensions).toMatchObject({ category: 'validation', codes: { 'input.billing_cycle': ['billingCycle'] } });
    const notSold = await add(demoUuid, product['Signals Bot']!, 1, 'onetime', guest);
    expect(notSold.errors?.[0]?.extensions?.codes).toEqual({ 'input.billing_cycle': ['cycleNotOffered'] });
    const [acme] = await server.db.select().from(tenants).where(eq(tenants.uuid, acmeUuid));
    const [foreign] = await server.db
      .insert(products)
      .values({ tenantId: acme!.id, name: 'Acme Plan', priceOnetime: '10', currency: 'USDT' })
      .returning();
    expect((await add(demoUuid, String(foreign!.id), 1, 'onetime', guest)).errors?.[0]?.extensions?.codes).toEqual({ product_id: ['unknownProduct'] });
    expect((await add(demoUuid, '99999', 1, 'onetime', guest)).errors?.[0]?.extensions?.codes).toEqual({ product_id: ['unknownProduct'] });
    expect(categoryOf(await add(demoUuid, product['Signals Bot']!, 1, 'monthly', { anon: 'short' }))).toBe('validation');
    expect((await add(demoUuid, product['Signals Bot']!, 1, 'monthly', {})).errors?.[0]?.extensions?.codes).toEqual({ anonymous_id: ['required'] });
    expect((await cart(demoUuid, guest)).data.moduleProductsShopingCart?.items_count ?? 0).toBe(0);
  });

  it('adds quantities per product and cycle up to the maximum; the update call sets them and 0 removes a line', async () => {
    const { token } = await newMember();
    await add(demoUuid, product['Trading Bot Hosting']!, 60, 'onetime', { token });
    await add(demoUuid, product['Trading Bot Hosting']!, 2, 'monthly', { token });
    expect((await add(demoUuid, product['Trading Bot Hosting']!, 40, 'onetime', { token })).errors?.[0]?.extensions?.codes).toEqual({ 'input.qty': [`maxValue:${cartQty.max}`] });
    await add(demoUuid, product['Trading Bot Hosting']!, 39, 'onetime', { token });
    let current = (await cart(demoUuid, { token })).data.moduleProductsShopingCart;
    expect(current.lines.map((l: any) => [l.billing_cycle, l.qty, l.amount])).toEqual([
      ['onetime', 99, '4851.00'],
      // 2 × (19.90 + the one-time 49.00 as a setup fee).
      ['monthly', 2, '137.80'],
    ]);
    expect(current.total).toBe('4988.80');
    // Two lines of one product: the update names the cycle.
    expect((await update(demoUuid, current.id, product['Trading Bot Hosting']!, 3, { token })).errors?.[0]?.extensions?.codes).toEqual({ 'input.billing_cycle': ['required'] });
    await update(demoUuid, current.id, product['Trading Bot Hosting']!, 3, { token }, 'onetime');
    await update(demoUuid, current.id, product['Trading Bot Hosting']!, 0, { token }, 'monthly');
    current = (await cart(demoUuid, { token })).data.moduleProductsShopingCart;
    expect(current.lines.map((l: any) => [l.billing_cycle, l.qty])).toEqual([['onetime', 3]]);
    await update(demoUuid, current.id, product['Trading Bot Hosting']!, 0, { token });
    expect((await cart(demoUuid, { token })).data.moduleProductsShopingCart).toMatchObject({ lines: [], total: '0.00', items_count: 0 });
  });

  it('parallel adds make one cart and add every quantity', async () => {
    const guest = { anon: anonymous() };
    await Promise.all(Array.from({ length: 10 }, () => add(demoUuid, product['Account Setup']!, 1, 'onetime', guest)));
    const [{ carts }] = ((await server.db.execute(sql`select count(*)::int as carts from orders where anonymous_id = ${guest.anon}`)) as any).rows;
    expect(carts).toBe(1);
    expect((await cart(demoUuid, guest)).data.moduleProductsShopingCart.lines[0].qty).toBe(10);
  });

  it('merges a guest cart into the member cart after sign-in: same product and cycle add up, the guest cart closes', async () => {
    const guest = { anon: anonymous() };
    await add(demoUuid, product['Market Psychology E-book']!, 2, 'onetime', guest);
    await add(demoUuid, product['VIP Support']!, 1, 'annually', guest);
    const { token } = await newMember();
    await add(demoUuid, product['Market Psychology E-book']!, 1, 'onetime', { token });
    const merge = await server.gql(
      `mutation ($w: ID!, $a: String!) { moduleProductsMergeGuestCart(whitelabel_uuid: $w, anonymous_id: $a) { merged { qty billing_cycle product { name } } cart { ${cartFields} } } }`,
      { w: demoUuid, a: guest.anon },
      token,
    );
    const { merged, cart: after } = merge.data.moduleProductsMergeGuestCart;
    expect(merged).toEqual([
      { qty: 2, billing_cycle: 'onetime', product: { name: 'Market Psychology E-book' } },
      { qty: 1, billing_cycle: 'annually', product: { name: 'VIP Support' } },
    ]);
    expect(after.lines.map((l: any) => [l.name, l.billing_cycle, l.qty])).toEqual([
      ['Market Psychology E-book', 'onetime', 3],
      ['VIP Support', 'annually', 1],
    ]);
    expect(after.total).toBe('249.97');
    expect((await cart(demoUuid, guest)).data.moduleProductsShopingCart).toBeNull();
    const again = await server.gql(`mutation ($w: ID!, $a: String!) { moduleProductsMergeGuestCart(whitelabel_uuid: $w, anonymous_id: $a) { merged { qty } cart { items_count } } }`, { w: demoUuid, a: guest.anon }, token);
    expect(again.data.moduleProductsMergeGuestCart).toEqual({ merged: [], cart: { items_count: 4 } });
    expect(categoryOf(await server.gql(`mutation ($w: ID!, $a: String!) { moduleProductsMergeGuestCart(whitelabel_uuid: $w, anonymous_id: $a) { merged { qty } } }`, { w: demoUuid, a: guest.anon }))).toBe('authentication');
  });

  it('login with the anonymous_id merges the guest cart (spec §7): the member cart holds the guest lines once, and a later merge call adds nothing', async () => {
    const guest = { anon: anonymous() };
    await add(demoUuid, product['Market Psychology E-book']!, 2, 'onetime', guest);
    const { member, token: earlier } = await newMember();
    await add(demoUuid, product['Market Psychology E-book']!, 1, 'onetime', { token: earlier });
    const login = () =>
      server.gql(`mutation ($data: LoginInput!) { login(data: $data) { access_token } }`, {
        data: { username: member.email, password: demoPassword, whitelabel_uuid: demoUuid, anonymous_id: guest.anon },
      });
    const signedIn = await login();
    expect(signedIn.errors).toBeUndefined();
    const token = signedIn.data.login.access_token as string;
    expect((await cart(demoUuid, { token })).data.moduleProductsShopingCart.lines.map((l: any) => [l.name, l.qty])).toEqual([['Market Psychology E-book', 3]]);
    expect((await cart(demoUuid, guest)).data.moduleProductsShopingCart).toBeNull();
    // A client that also calls the merge, or signs in again with the same id, doubles nothing.
    const again = await server.gql(`mutation ($w: ID!, $a: String!) { moduleProductsMergeGuestCart(whitelabel_uuid: $w, anonymous_id: $a) { merged { qty } cart { items_count } } }`, { w: demoUuid, a: guest.anon }, token);
    expect(again.data.moduleProductsMergeGuestCart).toEqual({ merged: [], cart: { items_count: 3 } });
    expect((await login()).errors).toBeUndefined();
    expect((await cart(demoUuid, { token })).data.moduleProductsShopingCart.items_count).toBe(3);
  });
});

describe('promo codes', () => {
  it('WELCOME10 covers every product; FLAT5 only the products of one category; any case, trimmed', async () => {
    const ids = [product['Trading Basics Course']!, product['Signals Bot']!];
    const welcome = (await checkPromo(' welcome10 ', ids)).data.modulePromoCodesCheck;
    expect(welcome).toMatchObject({ code: 'WELCOME10', discount: '10.00', discount_type: 'percent', applies_to_all: true, products: ids });
    const flat = (await checkPromo('FLAT5', ids)).data.modulePromoCodesCheck;
    expect(flat).toMatchObject({ code: 'FLAT5', discount: '5.00', discount_type: 'units', applies_to_all: false, products: [product['Trading Basics Course']] });
    expect(flat.product_categories).toHaveLength(1);
  });

  it('names the failures: not found, expired', async () => {
    expect(reasonOf(await checkPromo('NOPE', [product['Signals Bot']!]))).toBe('PromoNotFound');
    expect(reasonOf(await checkPromo('EXPIRED1', [product['Signals Bot']!]))).toBe('PromoExpired');
    expect((await checkPromo('WELCOME10', ['99999'])).errors?.[0]?.extensions?.codes).toEqual({ product_ids: ['unknownProduct'] });
  });

  it('invoice creation checks coverage again: a code that misses a product changes nothing', async () => {
    const { token } = await newMember();
    const orderId = await memberCart(token, [
      ['Trading Basics Course', 1, 'onetime'],
      ['Signals Bot', 1, 'monthly'],
    ]);
    const [before] = await server.db.select().from(promoCodes).where(eq(promoCodes.code, 'FLAT5'));
    expect(reasonOf(await createInvoice(orderId, token, 'FLAT5'))).toBe('PromoNotCovering');
    const [after] = await server.db.select().from(promoCodes).where(eq(promoCodes.code, 'FLAT5'));
    expect(after!.usedCount).toBe(before!.usedCount);
    expect((await cart(demoUuid, { token })).data.moduleProductsShopingCart.id).toBe(orderId);
    expect(reasonOf(await createInvoice(orderId, token, 'EXPIRED1'))).toBe('PromoExpired');
  });

  it('takes a flat amount off a covered cart, and a percent of the total rounded half-up', async () => {
    const flatBuyer = await newMember();
    const flatOrder = await memberCart(flatBuyer.token, [
      ['Trading Basics Course', 1, 'onetime'],
      ['Market Psychology E-book', 2, 'onetime'],
    ]);
    const [flat] = (await createInvoice(flatOrder, flatBuyer.token, 'flat5')).data.moduleProductsCreateInvoice;
    expect(flat).toMatchObject({ subtotal: '89.88', discount: '5.00', total: '84.88', promocode: { discount: '5.00', discount_type: 'units', code: 'FLAT5' } });

    const percentBuyer = await newMember();
    const percentOrder = await memberCart(percentBuyer.token, [
      ['Market Psychology E-book', 3, 'onetime'],
      ['Trading Bot Hosting', 1, 'monthly'],
    ]);
    const [percent] = (await createInvoice(percentOrder, percentBuyer.token, 'WELCOME10')).data.moduleProductsCreateInvoice;
    // 3 × 19.99 + 19.90 + the hosting's one-time 49.00 as its setup fee = 128.87; 10 % = 12.887 → 12.89.
    expect(percent).toMatchObject({ subtotal: '128.87', discount: '12.89', total: '115.98', kind: 'order', status: 'unpaid', currency: 'USDT' });
    expect(percent.items).toEqual([
      { subject: 'Market Psychology E-book', qty: 3, unit_price: '19.99', amount: '59.97', billing_cycle: 'onetime', product_id: product['Market Psychology E-book'] },
      { subject: 'Trading Bot Hosting', qty: 1, unit_price: '19.90', amount: '19.90', billing_cycle: 'monthly', product_id: product['Trading Bot Hosting'] },
      { subject: 'Trading Bot Hosting: setup fee', qty: 1, unit_price: '49.00', amount: '49.00', billing_cycle: null, product_id: product['Trading Bot Hosting'] },
    ]);
    // Once per member.
    expect(reasonOf(await checkPromo('WELCOME10', [product['Signals Bot']!], percentBuyer.token))).toBe('PromoAlreadyUsed');
    expect((await checkPromo('WELCOME10', [product['Signals Bot']!], flatBuyer.token)).data.modulePromoCodesCheck.code).toBe('WELCOME10');
  });

  it('a usage limit holds when members check out in parallel', async () => {
    await server.db.insert(promoCodes).values({ tenantId: demoTenantId, code: 'ONLYONE', discount: '1', discountType: 'units', maxUsageLimit: 1, perMemberLimit: null });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => newMember()));
    const orderIds: string[] = [];
    for (const buyer of buyers) orderIds.push(await memberCart(buyer.token, [['Account Setup', 1, 'onetime']]));
    const answers = await Promise.all(buyers.map((buyer, index) => createInvoice(orderIds[index]!, buyer.token, 'ONLYONE')));
    expect(answers.filter((answer) => !answer.errors)).toHaveLength(1);
    expect(answers.filter((answer) => reasonOf(answer) === 'PromoUsedUp')).toHaveLength(4);
    const [code] = await server.db.select().from(promoCodes).where(eq(promoCodes.code, 'ONLYONE'));
    expect(code!.usedCount).toBe(1);
    expect(reasonOf(await checkPromo('ONLYONE', [product['Account Setup']!]))).toBe('PromoUsedUp');
  });
});

describe('invoice from a cart', () => {
  it('a recurrent line adds its one-time price as a setup fee (spec §9 "Cart total"), in the cart and in the invoice, as an item of its own', async () => {
    const { token } = await newMember();
    const orderId = await memberCart(token, [
      ['Trading Bot Hosting', 2, 'monthly'],
      ['Market Psychology E-book', 1, 'onetime'],
    ]);
    // 2 × (19.90 + 49.00 setup) + 19.99 = 157.79.
    const shown = (await cart(demoUuid, { token })).data.moduleProductsShopingCart;
    expect(shown.lines.map((l: any) => [l.name, l.price, l.amount])).toEqual([
      ['Trading Bot Hosting', '19.90', '137.80'],
      ['Market Psychology E-book', '19.99', '19.99'],
    ]);
    expect(shown.total).toBe('157.79');
    const [invoice] = (await createInvoice(orderId, token)).data.moduleProductsCreateInvoice;
    expect(invoice).toMatchObject({ subtotal: '157.79', discount: '0.00', total: '157.79' });
    expect(invoice.items).toEqual([
      { subject: 'Trading Bot Hosting', qty: 2, unit_price: '19.90', amount: '39.80', billing_cycle: 'monthly', product_id: product['Trading Bot Hosting'] },
      { subject: 'Trading Bot Hosting: setup fee', qty: 2, unit_price: '49.00', amount: '98.00', billing_cycle: null, product_id: product['Trading Bot Hosting'] },
      { subject: 'Market Psychology E-book', qty: 1, unit_price: '19.99', amount: '19.99', billing_cycle: 'onetime', product_id: product['Market Psychology E-book'] },
    ]);
  });

  it('is made once per order, also for parallel calls, and closes the cart', async () => {
    const { token } = await newMember();
    const orderId = await memberCart(token, [['Personal Mentoring Session', 1, 'onetime']]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => createInvoice(orderId, token)));
    expect(answers.map((answer) => answer.errors)).toEqual(Array(10).fill(undefined));
    const ids = new Set(answers.map((answer) => answer.data.moduleProductsCreateInvoice[0].id));
    expect(ids.size).toBe(1);
    const [invoice] = answers[0]!.data.moduleProductsCreateInvoice;
    expect(invoice).toMatchObject({ total: '150.00', module_products_order_id: orderId });
    const [{ made }] = ((await server.db.execute(sql`select count(*)::int as made from invoices where order_id = ${Number(orderId)}`)) as any).rows;
    expect(made).toBe(1);
    expect((await cart(demoUuid, { token })).data.moduleProductsShopingCart).toBeNull();
    const [order] = await server.db.select().from(orders).where(eq(orders.id, Number(orderId)));
    expect(order!.status).toBe('invoiced');
    // The next add starts a new cart.
    await add(demoUuid, product['Account Setup']!, 1, 'onetime', { token });
    expect((await cart(demoUuid, { token })).data.moduleProductsShopingCart.id).not.toBe(orderId);
  });

  it('answers a repeated idempotency key with the first result, and refuses the key for another order', async () => {
    const { token } = await newMember();
    const orderId = await memberCart(token, [['Account Setup', 2, 'onetime']]);
    const first = (await createInvoice(orderId, token, undefined, 'checkout-1')).data.moduleProductsCreateInvoice[0];
    const again = (await createInvoice(orderId, token, undefined, 'checkout-1')).data.moduleProductsCreateInvoice[0];
    expect(again.id).toBe(first.id);
    const other = await memberCart(token, [['Account Setup', 1, 'onetime']]);
    expect(reasonOf(await createInvoice(other, token, undefined, 'checkout-1'))).toBe('IdempotencyKeyReused');
  });

  it('another member, an empty cart, or a guest cannot make an invoice of an order', async () => {
    const owner = await newMember();
    const orderId = await memberCart(owner.token, [['Account Setup', 1, 'onetime']]);
    const stranger = await newMember();
    expect(reasonOf(await createInvoice(orderId, stranger.token))).toBe('OrderNotFound');
    expect(categoryOf(await server.gql(`mutation ($o: ID!) { moduleProductsCreateInvoice(order_id: $o) { id } }`, { o: orderId }))).toBe('authentication');
    await update(demoUuid, orderId, product['Account Setup']!, 0, { token: owner.token });
    expect(reasonOf(await createInvoice(orderId, owner.token))).toBe('CartEmpty');
  });
});
