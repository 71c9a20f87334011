// The app's page (the built index.html) with the tenant's settings answered in it. The build names the boot
// script's first requests in the page (script#tenant-documents: the app's own whiteLabel and products-config
// documents, and the store's first page's products and categories, vite.config.ts); this runs them through
// the GraphQL endpoint for the host the page is asked on and writes the answers into the page
// (script#page-answers), which the boot script takes instead of sending them (src/api/page-answers.ts). That
// saves the round trips the logo, the store's products and the app's start waited for. The answers are what
// /graphql would give anyone asking for that host (public settings); a page without the documents, or a
// failed run, is served as it was built.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostSource } from '../domain/host-source';
import { operationName, type PageAnswer } from '../src/boot-protocol/page-answers';
import { isStoreFirstPage, storeFirstPageVariables } from '../src/boot-protocol/store-first-page';

type GraphQLFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<Response> | Response;

interface TenantDocuments {
  whiteLabel: string;
  productsConfig: string;
  /** The public store's first page's products and categories (a build before them named none). */
  products?: string;
  productCategories?: string;
}

const documentsPattern = /<script type="application\/json" id="tenant-documents">([\s\S]*?)<\/script>/;

/** Whether a request asks for the app's page: a GET or HEAD of a path that is no file (history-mode routes). */
export const asksForPage = (request: IncomingMessage, path: string) =>
  (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/assets/') && !/\.[a-z0-9]+$/i.test(path);

/** JSON safe inside a <script> element: no `<` that could close it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * How long the page waits for the answers: a slow database must not hold back the static shell's paint (the
 * boot script then asks /graphql itself for what is missing, as without them).
 */
const answersWithinMs = 1000;

/**
 * At most this many runs at once (each is a few queries on the pool /graphql uses too): past it a page goes
 * without answers, so a flood of page requests cannot starve members' own calls.
 */
const runsAtOnce = 8;

/** A larger answer (a big catalogue) is left to the boot script: every visitor's page would carry it. */
const answerCharsAtMost = 100_000;

/** Whether an Accept-Encoding header takes a coding: named (or `*`) without `q=0`. */
export function acceptsEncoding(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    return (name === coding || name === '*') && (weight === undefined || Number(weight.slice(2)) > 0);
  });
}

/** Whether the page asked for is the store's first page (an address URL cannot read is not). */
function asksForStoreFirstPage(url: string): boolean {
  try {
    const { pathname, search } = new URL(url, 'http://page');
    return isStoreFirstPage(pathname, search);
  } catch {
    return false;
  }
}

export function createPageHandler(
  staticDir: string,
  fetchGraphQL: GraphQLFetch,
  hostSuffixes: readonly string[],
  waitMs = answersWithinMs,
) {
  const file = join(staticDir, 'index.html');
  // Read once per build (a new build writes a new file).
  let cached: { mtimeMs: number; html: string; documents: TenantDocuments | null } | null = null;
  function page() {
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const html = readFileSync(file, 'utf8');
      const match = documentsPattern.exec(html);
      cached = {
        mtimeMs,
        // The documents are for this server, not the browser: the page goes without them.
        html: html.replace(documentsPattern, ''),
        documents: match ? (JSON.parse(match[1]!) as TenantDocuments) : null,
      };
    }
    return cached;
  }

  async function answer(host: string, query: string, variables: Record<string, unknown>): Promise<PageAnswer | null> {
    // Only what the page needs to ask: no cookie or authorization of the visitor's, so the answers are what
    // anyone asking for this host gets.
    const response = await fetchGraphQL(`http://${host}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    if (!response.ok || text.length > answerCharsAtMost) return null;
    const body = JSON.parse(text) as { data?: Record<string, unknown> | null; errors?: unknown[] };
    // Named by the operation, not the whole document: the page's answers come from the page's own documents.
    const operation = operationName(query);
    return operation && body.data && !body.errors?.length ? { operation, variables, data: body.data } : null;
  }

  /**
   * Asks for the tenant's settings for this host, as the boot script would, and on the store's first page its
   * products and categories, each into its slot as it arrives (a page that cannot wait takes what is there).
   * One that fails leaves the others: the boot script asks for what is missing.
   */
  async function askInto(slots: (PageAnswer | null)[], host: string, storeFirstPage: boolean, documents: TenantDocuments) {
    const whiteLabel = await answer(host, documents.whiteLabel, { source: hostSource(host, hostSuffixes) });
    slots[0] = whiteLabel;
    const tenant = whiteLabel?.data.whiteLabel as { uuid?: string; modules?: { module?: string }[] } | null | undefined;
    const uuid = tenant?.uuid;
    // The boot script asks for the products module's config, and on the store's first page for its
    // products and categories (src/app/boot/store-request.ts), only when the tenant has that module.
    if (!uuid || !(tenant.modules ?? []).some((module) => module.module === 'products')) return;
    const store = storeFirstPageVariables(uuid);
    const asked = [
      answer(host, documents.productsConfig, { whitelabel_uuid: uuid, module: 'products' }),
      ...(storeFirstPage && documents.products && documents.productCategories
        ? [answer(host, documents.products, store.products), answer(host, documents.productCategories, store.categories)]
        : []),
    ];
    await Promise.all(asked.map((one, index) => one.then((found) => (slots[index + 1] = found)).catch(() => null)));
  }

  // Runs under way, by host and page: pages asked at the same time share one.
  const running = new Map<string, { slots: (PageAnswer | null)[]; done: Promise<unknown> }>();
  function run(host: string, storeFirstPage: boolean, documents: TenantDocuments) {
    const key = `${storeFirstPage ? 'store' : 'page'} ${host}`;
    let found = running.get(key);
    if (!found && running.size < runsAtOnce) {
      const slots: (PageAnswer | null)[] = [];
      const done = askInto(slots, host, storeFirstPage, documents)
        .catch(() => null)
        .finally(() => running.delete(key));
      found = { slots, done };
      running.set(key, found);
    }
    return found;
  }

  return async function servePage(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const { html, documents } = page();
    const host = request.headers.host;
    if (!documents || !host) return false;
    // HEAD sends no page, so it asks for nothing.
    const asking = request.method === 'GET' ? run(host, asksForStoreFirstPage(request.url ?? '/'), documents) : undefined;
    let timer: NodeJS.Timeout | undefined;
    if (asking) await Promise.race([asking.done, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
    const answers = (asking?.slots ?? []).filter((found): found is PageAnswer => found != null);
    // Replaced by functions: a replacement string would read `$&` or `$'` in the tenant's data as patterns.
    const body = html.replace(
      '</body>',
      () => `<script type="application/json" id="page-answers">${scriptJson(answers)}</script>\n  </body>`,
    );
    // Compressed as sirv serves the built copies; small enough to compress per request.
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const [encoding, bytes] = acceptsEncoding(accepted, 'br')
      ? ['br', brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })]
      : acceptsEncoding(accepted, 'gzip')
        ? ['gzip', gzipSync(body)]
        : [null, Buffer.from(body)];
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(bytes.length),
      // The settings can change at any time, and a deploy must be seen: never used without asking.
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : bytes);
    return true;
  };
}
