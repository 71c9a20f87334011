// The one GraphQL client: a Bearer header when a token is stored, typed operations from the contract,
// and every failure turned into an AppError by normalizeError.
import { GraphQLClient, type Variables } from 'graphql-request';
import { i18n } from '@lingui/core';
import type { TypedDocumentString } from './generated/graphql';
import { session } from '../lib/session';
import { normalizeError } from './normalize-error';
import { takeEarly } from './early-requests';
import type { AppError } from '../../domain/app-error';

export const graphqlEndpoint =
  import.meta.env.VITE_GRAPHQL_URL ?? (typeof window === 'undefined' ? 'http://localhost/graphql' : `${window.location.origin}/graphql`);

export interface Api {
  /** Called for every authentication-category failure (the app decides where that leads). */
  onAuthenticationError: ((error: AppError) => void) | null;
  request<TResult, TVariables>(
    document: TypedDocumentString<TResult, TVariables>,
    ...variables: TVariables extends Record<string, never> ? [] : [TVariables]
  ): Promise<TResult>;
}

export function createApi(endpoint = graphqlEndpoint, token: () => string | null = session.token): Api {
  const client = new GraphQLClient(endpoint, {
    // Operations go as strings, so the GraphQL parser is not needed in the browser (src/api/graphql-lite.ts).
    excludeOperationName: true,
    // The language the portal shows goes with every call: what a server writes per language (the roadmap) follows
    // the header's switch, which saves nothing on the server.
    headers: (): Record<string, string> => {
      const current = token();
      return { ...(current ? { authorization: `Bearer ${current}` } : {}), ...(i18n.locale ? { 'accept-language': i18n.locale } : {}) };
    },
  });
  const api: Api = {
    onAuthenticationError: null,
    async request(document, ...variables) {
      // The boot script may have sent this very request already (src/api/early-requests.ts); if that failed,
      // it is asked again here, where failures are told apart.
      const early = takeEarly(document, variables[0]);
      if (early) {
        try {
          return (await early) as never;
        } catch {
          // Asked again below.
        }
      }
      try {
        return await client.request<never>({ document: document.toString(), variables: variables[0] as Variables });
      } catch (error) {
        // Only the normalised error leaves this module: the raw one carries the request, passwords included.
        const appError = normalizeError(error);
        if (appError.category === 'authentication') api.onAuthenticationError?.(appError);
        throw appError;
      }
    },
  };
  return api;
}

export const api = createApi();
