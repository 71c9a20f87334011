/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** GraphQL endpoint of the server the portal talks to; defaults to /graphql on the same origin. */
  readonly VITE_GRAPHQL_URL?: string;
  /** Host suffixes stripped to find the tenant's source, comma separated (default ".localhost"). */
  readonly VITE_HOST_SUFFIXES?: string;
  /** "true" turns the /flows page (state charts, live flows) on in a production build. */
  readonly VITE_FLOWS_PAGE?: string;
}

declare module '*.po' {
  export const messages: Record<string, string>;
}

/** A part of a catalogue (scripts/build/catalogue-parts.ts). */
declare module '*.po?part=first' {
  export const messages: Record<string, string>;
}
declare module '*.po?part=rest' {
  export const messages: Record<string, string>;
}
