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
import { hostSource } from '../machines/shared/host-source';
import { operationName, type PageAnswer } from '../machines/shared/page-answers';
import { isStoreFirstPage, storeFirstPageVariables } from '../machines/shared/store-first-page';

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
 * boot script then asks /graphql itself, as without them).
 */
const answersWithinMs = 1000;

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
        documents: match ? (JSON.parse(match[1]!.replaceAll('\\u003c', '<')) as TenantDocuments) : null,
      };
    }
    return cached;
  }

  async function answer(host: string, query: string, variables: Record<string, unknown>): Promise<PageAnswer | null> {
    const response = await fetchGraphQL(`http://${host}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: Record<string, unknown> | null; errors?: unknown[] };
    // Named by the operation, not the whole document: the page's answers come from the page's own documents.
    const operation = operationName(query);
    return response.ok && operation && body.data && !body.errors?.length ? { operation, variables, data: body.data } : null;
  }

  /**
   * The tenant's settings for this host, as the boot script would ask for them, and on the store's first page
   * (`address`: path and query string) its products and categories; none of them when that fails.
   */
  async function tenantAnswers(host: string, address: URL, documents: TenantDocuments): Promise<PageAnswer[]> {
    try {
      const source = hostSource(host, hostSuffixes);
      const whiteLabel = await answer(host, documents.whiteLabel, { source });
      const tenant = whiteLabel?.data.whiteLabel as { uuid?: string; modules?: { module?: string }[] } | null | undefined;
      const uuid = tenant?.uuid;
      if (!whiteLabel || !uuid) return whiteLabel ? [whiteLabel] : [];
      // The products module's config: the boot script asks for it when the tenant has that module; and the
      // store's first page (src/app/store-request.ts) when that is the page asked for.
      const store = storeFirstPageVariables(uuid);
      const storePage =
        documents.products &&
        documents.productCategories &&
        isStoreFirstPage(address.pathname, address.search) &&
        (tenant.modules ?? []).some((module) => module.module === 'products');
      // Each on its own: one that fails leaves the others (the boot script asks for what is missing).
      const more = await Promise.all(
        [
          answer(host, documents.productsConfig, { whitelabel_uuid: uuid, module: 'products' }),
          ...(storePage
            ? [answer(host, documents.products!, store.products), answer(host, documents.productCategories!, store.categories)]
            : []),
        ].map((asked) => asked.catch(() => null)),
      );
      return [whiteLabel, ...more.filter((found): found is PageAnswer => found !== null)];
    } catch {
      return [];
    }
  }

  return async function servePage(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const { html, documents } = page();
    const host = request.headers.host;
    if (!documents || !host) return false;
    let timer: NodeJS.Timeout | undefined;
    const answers = await Promise.race([
      tenantAnswers(host, new URL(request.url ?? '/', 'http://page'), documents),
      new Promise<[]>((resolve) => (timer = setTimeout(() => resolve([]), waitMs))),
    ]).finally(() => clearTimeout(timer));
    // Replaced by functions: a replacement string would read `$&` or `$'` in the tenant's data as patterns.
    const body = html.replace(
      '</body>',
      () => `<script type="application/json" id="page-answers">${scriptJson(answers)}</script>\n  </body>`,
    );
    // Compressed as sirv serves the built copies; small enough to compress per request.
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const [encoding, bytes] = /\bbr\b/.test(accepted)
      ? ['br', brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })]
      : /\bgzip\b/.test(accepted)
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
