// The store's catalog reads (moduleProducts, moduleProduct, moduleProductCategories) answer from a cache of
// whole results: a 1,000-product list costs milliseconds of GraphQL execution that every visitor of a
// store would otherwise repeat. A result is reused only for the same document, operation and variables,
// after the caller passed the same access check the resolvers make, and for the same catalog version, which
// the catalog tables' triggers move on every change; so a changed catalog or a closed store is never served
// from the cache. Queries that ask for anything else run as usual. A cached result is also encoded once:
// its JSON bytes, and gzipped for clients that accept it (every browser), instead of on every answer.
import { gzipSync } from 'node:zlib';
import { Kind, getOperationAST, type DocumentNode, type ExecutionResult } from 'graphql';
import { processRegularResult, type Plugin } from 'graphql-yoga';
import { viewerOrGuestTenant, type Context } from '../../context';
import { openShop } from './access';

const catalogFields = new Set(['moduleProducts', 'moduleProduct', 'moduleProductCategories']);
/** Results kept in all; the oldest goes first (old catalog versions and rare searches fall out this way). */
const maxEntries = 64;

/** The one tenant every root field names, or null when the operation is not a plain catalog read. */
function catalogTenant(document: DocumentNode, operationName: string | null | undefined, variables: Record<string, unknown> | undefined) {
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation !== 'query') return null;
  let tenant: string | null = null;
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || selection.directives?.length) return null;
    if (selection.name.value === '__typename') continue;
    if (!catalogFields.has(selection.name.value)) return null;
    const argument = selection.arguments?.find((candidate) => candidate.name.value === 'whitelabel_uuid')?.value;
    const value =
      argument?.kind === Kind.STRING ? argument.value : argument?.kind === Kind.VARIABLE ? variables?.[argument.name.value] : undefined;
    if (typeof value !== 'string' || (tenant !== null && tenant !== value)) return null;
    tenant = value;
  }
  return tenant;
}

/** A cached result with its encodings, each made when first needed. */
class CachedResult {
  #json: string | undefined;
  #bytes: Uint8Array<ArrayBuffer> | undefined;
  #gzip: Uint8Array<ArrayBuffer> | undefined;
  constructor(readonly result: ExecutionResult) {}
  json = () => (this.#json ??= JSON.stringify(this.result));
  bytes = () => (this.#bytes ??= new TextEncoder().encode(this.json()));
  gzip = () => (this.#gzip ??= new Uint8Array(gzipSync(this.bytes())));
}

const regularMediaTypes = ['application/graphql-response+json', 'application/json'];

/**
 * The media type yoga's regular JSON processor answers with for this request (its rule: the Accept header's
 * types, utf-8 only, and the last match wins), or null when it would not answer with JSON.
 */
function jsonMediaType(request: Request): string | null {
  const asked = (request.headers.get('accept') || '*/*')
    .replace(/\s/g, '')
    .toLowerCase()
    .split(',')
    .flatMap((accept) => {
      const [type, ...params] = accept.split(';');
      const charset = params.find((param) => param.includes('charset=')) ?? 'charset=utf-8';
      return type && charset === 'charset=utf-8' ? [type] : [];
    })
    .reverse();
  let chosen: string | null = null;
  for (const type of asked) {
    const [askedPre, askedSuf] = type.split('/');
    for (const candidate of regularMediaTypes) {
      const [pre, suf] = candidate.split('/');
      if ((askedPre === '*' || askedPre === pre) && (askedSuf === '*' || askedSuf === suf)) chosen = candidate;
    }
  }
  return chosen;
}

export function useStoreResponseCache(): Plugin {
  const results = new Map<string, ExecutionResult>();
  const encodings = new WeakMap<object, CachedResult>();
  // Documents come from yoga's parse cache, one object per query text; each gets a short key.
  const documentKeys = new WeakMap<DocumentNode, number>();
  let documents = 0;
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const context = args.contextValue as unknown as Context;
      const variables = (args.variableValues ?? undefined) as Record<string, unknown> | undefined;
      const tenant = catalogTenant(args.document, args.operationName, variables);
      if (tenant === null) return;
      let stamp: string;
      try {
        // The resolvers' own checks: another tenant's uuid, a stale token or a closed store is not cached.
        const shop = await openShop(context.db, await viewerOrGuestTenant(context, tenant));
        stamp = `${shop.tenant.id}:${shop.catalogVersion}`;
      } catch {
        return; // the resolvers answer the error
      }
      let documentKey = documentKeys.get(args.document);
      if (documentKey === undefined) documentKeys.set(args.document, (documentKey = (documents += 1)));
      const key = `${documentKey}\u0000${stamp}\u0000${args.operationName ?? ''}\u0000${JSON.stringify(variables ?? {})}`;
      const hit = results.get(key);
      if (hit) return setResultAndStopExecution(hit);
      return {
        onExecuteDone({ result }) {
          if (Symbol.asyncIterator in result || result.errors?.length) return;
          const cached = new CachedResult(result);
          // Yoga serialises a result with its own `stringify` when it has one: the text is made once.
          const entry = { ...result, stringify: () => cached.json() } as ExecutionResult;
          encodings.set(entry, cached);
          results.set(key, entry);
          if (results.size > maxEntries) results.delete(results.keys().next().value!);
        },
      };
    },
    onResultProcess({ request, result, resultProcessor, setResultProcessor }) {
      const cached = typeof result === 'object' && result !== null ? encodings.get(result) : undefined;
      const mediaType = cached && resultProcessor === processRegularResult ? jsonMediaType(request) : null;
      if (!cached || !mediaType) return;
      const gzip = /\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '');
      setResultProcessor(
        (_result, fetchAPI) =>
          new fetchAPI.Response(gzip ? cached.gzip() : cached.bytes(), {
            status: 200,
            headers: { 'Content-Type': `${mediaType}; charset=utf-8`, Vary: 'Accept-Encoding', ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) },
          }),
        mediaType,
      );
    },
  };
}
