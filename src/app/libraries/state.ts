// The state and data libraries' chunk (XState, TanStack Query, Lingui, valibot, the GraphQL client),
// evaluated ahead of the app (see ./ui.ts).
export { createActor } from 'xstate';
export { QueryClient } from '@tanstack/react-query';
export { i18n } from '@lingui/core';
export { GraphQLClient } from 'graphql-request';
export { safeParse } from 'valibot';
