// The store's catalog reads (moduleProducts, moduleProduct, moduleProductCategories) answer from a cache of
// whole results: a 1,000-product list costs milliseconds of GraphQL execution that every visitor of a
// store would otherwise repeat. A result is reused only for the same document, operation and variables,
// after the caller passed the same access check the resolvers make, and for the same catalog version, which
// the catalog tables' triggers move on every change; so a changed catalog or a closed store is never served
// from the cache. Queries that ask for anything else run as usual.
import { Kind, getOperationAST, type DocumentNode, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Context } from '../../context';
import { openShop } from './service';

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

export function useStoreResponseCache(): Plugin {
  const results = new Map<string, ExecutionResult>();
  // Documents come from yoga's parse cache, one object per query text; each gets a short key.
  const documentKeys = new WeakMap<DocumentNode, number>();
  let documents = 0;
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const context = args.contextValue as unknown as Context;
      const variables = (args.variableValues ?? undefined) as Record<string, unknown> | undefined;
      const tenant = catalogTenant(args.document, args.operationName, variables);
      // A stale token is an error the resolvers answer; nothing to cache.
      if (tenant === null || (context.hasToken && !context.viewer)) return;
      let stamp: string;
      try {
        const shop = await openShop(context.db, tenant, context.viewer);
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
          // Yoga serialises a result with its own `stringify` when it has one: the text is made once.
          let text: string | undefined;
          results.set(key, { ...result, stringify: (same: ExecutionResult) => (text ??= JSON.stringify(same)) } as ExecutionResult);
          if (results.size > maxEntries) results.delete(results.keys().next().value!);
        },
      };
    },
  };
}
