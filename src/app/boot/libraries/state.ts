// The state and data libraries' chunk (XState, Lingui, valibot, the GraphQL client), evaluated ahead of the app
// (see ./ui.ts). TanStack Query is not in it: it comes with the layouts' code (src/app/router/query-client-loader.ts).
export { createActor } from 'xstate';
export { i18n } from '@lingui/core';
export { GraphQLClient } from 'graphql-request';
export { safeParse } from 'valibot';
