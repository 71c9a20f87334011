// What graphql-request needs of the `graphql` package in the browser build (vite.config.ts aliases
// `graphql` here for `vite build`). The portal sends every operation as a string from the generated
// documents with excludeOperationName, so the parser and printer (about 11 KB gzip) are never called.
export { Kind } from 'graphql/language/kinds';

export function parse(): never {
  throw new Error('graphql-lite: documents are sent as strings; parse() is not available in the browser build');
}

export function print(): never {
  throw new Error('graphql-lite: documents are sent as strings; print() is not available in the browser build');
}
