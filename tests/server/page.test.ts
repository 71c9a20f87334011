// The app's page with the tenant's settings answered in it (server/page.ts): the built index.html names the
// boot script's first documents, and the server answers them for the host the page is asked on, as /graphql
// would; the boot script then takes them (src/api/page-answers.ts). Runs on PGlite and PostgreSQL.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { tenantModules, tenants } from '../../server/db/schema';
import {
  ModuleCustomConfigDocument,
  ProductCategoriesDocument,
  ProductsDocument,
  WhiteLabelDocument,
} from '../../src/api/generated/graphql';
import { startServer } from './harness';
import { graphqlAs, listen, sender, testConfig } from './requests';
import { acceptsEncoding, createPageHandler } from '../../server/page';
import { operationName } from '../../src/boot-protocol/page-answers';
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

let server: Awaited<ReturnType<typeof startServer>>;
let http: Awaited<ReturnType<typeof listen>>;
let staticDir: string;

const documents = JSON.stringify({
  whiteLabel: WhiteLabelDocument.toString(),
  productsConfig: ModuleCustomConfigDocument.toString(),
  products: ProductsDocument.toString(),
  productCategories: ProductCategoriesDocument.toString(),
});
const builtPage = (withDocuments: boolean) =>
  `<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div>${
    withDocuments ? `<script type="application/json" id="tenant-documents">${documents.replaceAll('<', '\\u003c')}</script>` : ''
  }</body></html>`;

const pageAnswers = (body: string) => {
  const match = /<script type="application\/json" id="page-answers">([\s\S]*?)<\/script>/.exec(body);
  return match ? (JSON.parse(match[1]!) as { operation: string; variables: Record<string, unknown>; data: any }[]) : null;
};
const get = (path: string, host: string, headers: Record<string, string> = {}) =>
  http.send(path, { headers: { host, ...headers } });

beforeAll(async () => {
  server = await startServer();
  staticDir = mkdtempSync(join(tmpdir(), 'portal-page-'));
  writeFileSync(join(staticDir, 'index.html'), builtPage(true));
  writeFileSync(join(staticDir, 'app.js'), 'export {};');
  http = await listen(server.db, testConfig({ staticDir }));
});
afterAll(async () => {
  await http?.close();
  await server?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe("the app's page answers the tenant's settings for its host", () => {
  it('holds what /graphql answers the boot script for the demo tenant: whiteLabel by host source, then the products config', async () => {
    const page = await get('/login', 'localhost:4173');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const answers = pageAnswers(page.body)!;
    const gql = graphqlAs(server.db);
    const whiteLabel = await gql(WhiteLabelDocument.toString(), { source: 'localhost' });
    const uuid = whiteLabel.data.whiteLabel.uuid as string;
    const productsConfig = await gql(ModuleCustomConfigDocument.toString(), { whitelabel_uuid: uuid, module: 'products' });
    expect(answers).toEqual([
      { operation: 'WhiteLabel', variables: { source: 'localhost' }, data: whiteLabel.data },
      { operation: 'ModuleCustomConfig', variables: { whitelabel_uuid: uuid, module: 'products' }, data: productsConfig.data },
    ]);
    expect(answers[0]!.data.whiteLabel.name).toBe('Demo Portal');
    // The documents were for the server; the browser gets the answers only.
    expect(page.body).not.toContain('tenant-documents');
  });

  it("answers the store's first page its products and categories too, as /graphql gives them to a visitor", async () => {
    const gql = graphqlAs(server.db);
    const uuid = (await gql(WhiteLabelDocument.toString(), { source: 'localhost' })).data.whiteLabel.uuid as string;
    // The variables the boot script sends for that page (src/app/boot/store-request.ts).
    const productsVariables = { whitelabel_uuid: uuid, search: null, category_id: null, sort_order: null };
    const products = await gql(ProductsDocument.toString(), productsVariables);
    const categories = await gql(ProductCategoriesDocument.toString(), { whitelabel_uuid: uuid });
    expect(products.data.moduleProducts.length).toBeGreaterThan(0);
    for (const path of ['/store', '/store/', '/store?utm_source=mail']) {
      const answers = pageAnswers((await get(path, 'localhost')).body)!;
      expect(answers.map((found) => found.operation)).toEqual([
        'WhiteLabel',
        'ModuleCustomConfig',
        'Products',
        'ProductCategories',
      ]);
      expect(answers[2]).toEqual({ operation: 'Products', variables: productsVariables, data: products.data });
      expect(answers[3]).toEqual({ operation: 'ProductCategories', variables: { whitelabel_uuid: uuid }, data: categories.data });
    }
    // A search, a category or a sort is another page; so is any other address.
    for (const path of [
      '/store?search=course',
      '/store?category=1',
      '/store?sort=price_asc',
      '/store/product/1',
      '/login',
      '/dashboard',
    ]) {
      const operations = pageAnswers((await get(path, 'localhost')).body)!.map((found) => found.operation);
      expect(operations, path).toEqual(['WhiteLabel', 'ModuleCustomConfig']);
    }
  });

  it("leaves out a store a visitor may not see (the boot script then asks with the member's session)", async () => {
    const [demo] = await server.db.select().from(tenants).where(eq(tenants.subdomain, 'localhost'));
    const productsModule = and(eq(tenantModules.tenantId, demo!.id), eq(tenantModules.module, 'products'));
    const setPublic = (open: boolean) =>
      server.db
        .update(tenantModules)
        .set({ customConfig: sql`${tenantModules.customConfig} || ${JSON.stringify({ allow_public_access: open })}::jsonb` })
        .where(productsModule);
    await setPublic(false);
    try {
      const operations = pageAnswers((await get('/store', 'localhost')).body)!.map((found) => found.operation);
      expect(operations).toEqual(['WhiteLabel', 'ModuleCustomConfig']);
    } finally {
      await setPublic(true);
    }
  });

  it('answers each host with its own tenant, and an unknown host with no tenant (as /graphql does)', async () => {
    const acme = pageAnswers((await get('/login', 'acme.localhost')).body)!;
    expect(acme[0]).toMatchObject({ operation: 'WhiteLabel', variables: { source: 'acme' } });
    expect(acme[0]!.data.whiteLabel.subdomain).toBe('acme');
    const unknown = pageAnswers((await get('/login', 'nobody.example.org')).body)!;
    expect(unknown).toEqual([
      { operation: 'WhiteLabel', variables: { source: 'nobody.example.org' }, data: { whiteLabel: null } },
    ]);
  });

  it('keeps the answers inside their script element whatever the settings hold', async () => {
    const [demo] = await server.db.select().from(tenants).where(eq(tenants.subdomain, 'localhost'));
    // With `$&` and `$'`, which a string replacement would read as its patterns.
    const hostile = "Demo </script><script>alert(1)</script> <!-- $& $' $$";
    await server.db.update(tenants).set({ name: hostile }).where(eq(tenants.id, demo!.id));
    try {
      const body = (await get('/dashboard', 'localhost')).body;
      expect(body).not.toContain('</script><script>alert(1)');
      expect(body).not.toContain('<!--');
      expect(pageAnswers(body)![0]!.data.whiteLabel.name).toBe(hostile);
    } finally {
      await server.db.update(tenants).set({ name: demo!.name }).where(eq(tenants.id, demo!.id));
    }
  });

  it('compresses the page as the browser accepts it: brotli, else gzip, never a coding it refuses with q=0', async () => {
    const fetchPage = (acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port: http.port,
            path: '/login',
            headers: { host: 'localhost', 'accept-encoding': acceptEncoding },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
          },
        );
        request.on('error', reject);
        request.end();
      });
    const brotli = await fetchPage('gzip, deflate, br');
    expect(brotli.encoding).toBe('br');
    expect(pageAnswers(brotliDecompressSync(brotli.body).toString('utf8'))![0]!.operation).toBe('WhiteLabel');
    const gzipped = await fetchPage('gzip, br;q=0');
    expect(gzipped.encoding).toBe('gzip');
    expect(pageAnswers(gunzipSync(gzipped.body).toString('utf8'))![0]!.operation).toBe('WhiteLabel');
    const plain = await fetchPage('identity, x-br, gzip;q=0');
    expect(plain.encoding).toBeUndefined();
    expect(pageAnswers(plain.body.toString('utf8'))![0]!.operation).toBe('WhiteLabel');
    expect(acceptsEncoding('*;q=0.5', 'br')).toBe(true);
    expect(acceptsEncoding('BR; Q=0.0', 'br')).toBe(false);
  });

  it('serves files as they are, and a page built without the documents as it was built', async () => {
    const file = await get('/app.js', 'localhost');
    expect(file.body).toBe('export {};');
    // Another build, on a server of its own (a server reads its build's files once).
    const plainDir = mkdtempSync(join(tmpdir(), 'portal-page-'));
    writeFileSync(join(plainDir, 'index.html'), builtPage(false));
    const plain = await listen(server.db, testConfig({ staticDir: plainDir }));
    try {
      const page = await plain.send('/login', { headers: { host: 'localhost' } });
      expect(page.status).toBe(200);
      expect(page.body).toBe(builtPage(false));
      expect(pageAnswers(page.body)).toBeNull();
    } finally {
      await plain.close();
      rmSync(plainDir, { recursive: true, force: true });
    }
  });
});

/** A GraphQL endpoint that answers each operation as the test says, and records what it was asked. */
function stubEndpoint(answers: Record<string, () => Promise<Response> | Response>) {
  const asked: { operation: string; headers: Record<string, string> }[] = [];
  const fetchGraphQL = (_url: string, init: { headers: Record<string, string>; body: string }) => {
    const operation = operationName((JSON.parse(init.body) as { query: string }).query)!;
    asked.push({ operation, headers: init.headers });
    return answers[operation]?.() ?? Response.json({ errors: [{ message: 'not stubbed' }] });
  };
  return { asked, fetchGraphQL };
}

const tenantWithProducts = () => Response.json({ data: { whiteLabel: { uuid: 'u-1', modules: [{ module: 'products' }] } } });
const answered = (name: string) => () => Response.json({ data: { [name]: [] } });
const never = () => new Promise<Response>(() => {});

/** A server with only the page handler, on the test's endpoint, waiting `waitMs` for the answers. */
async function pageServer(fetchGraphQL: ReturnType<typeof stubEndpoint>['fetchGraphQL'], waitMs = 1000) {
  const servePage = createPageHandler(staticDir, fetchGraphQL, ['.localhost'], waitMs);
  // Pages the server has been asked for: each joins or starts its run as it arrives.
  let received = 0;
  const server = createServer((request, response) => {
    received += 1;
    void servePage(request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const send = sender((server.address() as AddressInfo).port);
  return {
    get: async (path: string, host = 'localhost', headers: Record<string, string> = {}) => {
      const page = await send(path, { headers: { host, ...headers } });
      return pageAnswers(page.body)?.map((found) => found.operation);
    },
    send,
    received: () => received,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe("the page's answers cost bounded work and fail one by one", () => {
  it('does not hold the page back for a slow API: past the wait it comes with what has arrived (the boot script asks for the rest)', async () => {
    // The products config never comes, and a 50 ms wait instead of the server's 1 s: without the wait's end
    // the page would never come, and the test would time out.
    const endpoint = stubEndpoint({ WhiteLabel: tenantWithProducts, ModuleCustomConfig: never });
    const server = await pageServer(endpoint.fetchGraphQL, 50);
    try {
      expect(await server.get('/login')).toEqual(['WhiteLabel']);
      const stalled = await pageServer(stubEndpoint({ WhiteLabel: never }).fetchGraphQL, 50);
      try {
        const page = await stalled.send('/login', { headers: { host: 'localhost' } });
        expect(pageAnswers(page.body)).toEqual([]);
        expect(page.body).toContain('<div id="root">');
      } finally {
        stalled.close();
      }
    } finally {
      server.close();
    }
  });

  it('leaves out an answer that fails or is too large, and keeps the others', async () => {
    const failing = stubEndpoint({
      WhiteLabel: tenantWithProducts,
      ModuleCustomConfig: () => new Response('down', { status: 502 }),
      Products: answered('moduleProducts'),
      ProductCategories: () => Response.json({ data: null, errors: [{ message: 'boom' }] }),
    });
    const server = await pageServer(failing.fetchGraphQL);
    try {
      expect(await server.get('/store')).toEqual(['WhiteLabel', 'Products']);
    } finally {
      server.close();
    }
    // A catalogue whose answer is over 100,000 characters stays out of every visitor's page.
    const big = stubEndpoint({
      WhiteLabel: tenantWithProducts,
      ModuleCustomConfig: answered('moduleCustomConfig'),
      Products: () => Response.json({ data: { moduleProducts: [{ description: 'x'.repeat(100_000) }] } }),
      ProductCategories: answered('moduleProductCategories'),
    });
    const bigServer = await pageServer(big.fetchGraphQL);
    try {
      expect(await bigServer.get('/store')).toEqual(['WhiteLabel', 'ModuleCustomConfig', 'ProductCategories']);
    } finally {
      bigServer.close();
    }
  });

  it("asks as a visitor: the page request's cookie and authorization never reach the endpoint; HEAD asks nothing", async () => {
    const endpoint = stubEndpoint({ WhiteLabel: tenantWithProducts, ModuleCustomConfig: answered('moduleCustomConfig') });
    const server = await pageServer(endpoint.fetchGraphQL);
    try {
      const secret = { authorization: 'Bearer member-token', cookie: 'session=member' };
      expect(await server.get('/dashboard', 'localhost', secret)).toEqual(['WhiteLabel', 'ModuleCustomConfig']);
      expect(endpoint.asked).toHaveLength(2);
      for (const { headers } of endpoint.asked) expect(Object.keys(headers).sort()).toEqual(['accept', 'content-type']);
      const head = await server.send('/dashboard', { method: 'HEAD', headers: { host: 'localhost' } });
      expect(head.status).toBe(200);
      expect(endpoint.asked).toHaveLength(2);
    } finally {
      server.close();
    }
  });

  it('shares one run among pages asked at the same time, and runs at most 8 at once (past that a page goes without)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const shared = stubEndpoint({
      WhiteLabel: async () => (await gate, tenantWithProducts()),
      ModuleCustomConfig: answered('moduleCustomConfig'),
    });
    const server = await pageServer(shared.fetchGraphQL);
    try {
      const pages = Array.from({ length: 5 }, () => server.get('/login'));
      // All five have arrived (on a busy machine the last may come well after the first) before the run ends.
      await expect.poll(() => server.received()).toBe(5);
      expect(shared.asked).toHaveLength(1);
      release();
      for (const operations of await Promise.all(pages)) expect(operations).toEqual(['WhiteLabel', 'ModuleCustomConfig']);
      expect(shared.asked.map((found) => found.operation)).toEqual(['WhiteLabel', 'ModuleCustomConfig']);
    } finally {
      server.close();
    }
    // Ten hosts whose runs never end: eight are asked for, and the pages all come after the wait.
    const stuck = stubEndpoint({ WhiteLabel: never });
    const crowded = await pageServer(stuck.fetchGraphQL, 50);
    try {
      const pages = await Promise.all(Array.from({ length: 10 }, (_, index) => crowded.get('/login', `t${index}.localhost`)));
      expect(pages).toEqual(Array.from({ length: 10 }, () => []));
      expect(stuck.asked).toHaveLength(8);
    } finally {
      crowded.close();
    }
  });

  it('serves an address the URL parser refuses as a page that is not the store', async () => {
    const endpoint = stubEndpoint({
      WhiteLabel: tenantWithProducts,
      ModuleCustomConfig: answered('moduleCustomConfig'),
      Products: answered('moduleProducts'),
      ProductCategories: answered('moduleProductCategories'),
    });
    const server = await pageServer(endpoint.fetchGraphQL);
    try {
      expect(await server.get('//[')).toEqual(['WhiteLabel', 'ModuleCustomConfig']);
      expect(await server.get('/store')).toEqual(['WhiteLabel', 'ModuleCustomConfig', 'Products', 'ProductCategories']);
    } finally {
      server.close();
    }
  });
});
