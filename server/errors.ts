// The one error shape of the contract (DESIGN.md §6): extensions.category, plus extensions.fields for
// validation and extensions.reason for named outcomes the client reacts to. Categories and reasons are the
// contract's unions from domain/app-error.ts, so the server cannot send one the portal does not know.
import { GraphQLError } from 'graphql';
import { spellOut } from './field-messages';
import type { AppErrorReason, ErrorCategory } from '../domain/app-error';

export function appError(
  category: ErrorCategory,
  message: string,
  extra: { reason?: AppErrorReason; fields?: Record<string, string[]>; codes?: Record<string, string[]>; retryAfterSeconds?: number } = {},
): GraphQLError {
  return new GraphQLError(message, {
    extensions: {
      category,
      ...(extra.reason ? { reason: extra.reason } : {}),
      ...(extra.fields ? { fields: extra.fields } : {}),
      // The field codes beside the English texts, for a client that shows its own translation (validationError).
      ...(extra.codes ? { codes: extra.codes } : {}),
      ...(extra.retryAfterSeconds !== undefined ? { retry_after: extra.retryAfterSeconds } : {}),
    },
  });
}

/** A validation error from field codes (server/field-messages.ts): English texts plus the codes. */
export function validationError(codes: Record<string, string[]>): GraphQLError {
  const fields = Object.fromEntries(Object.entries(codes).map(([name, list]) => [name, list.map(spellOut)]));
  const category: ErrorCategory = 'validation';
  return new GraphQLError('The given data was invalid.', { extensions: { category, fields, codes } });
}

export const unauthenticated = () => appError('authentication', 'Unauthenticated.');

/**
 * The server is stopping and did not do this request: retry it (at this address, another server takes it or
 * this one is back) after `retryAfterSeconds`. Answered as HTTP 503 with Retry-After (yoga reads extensions.http).
 */
export function unavailable(retryAfterSeconds: number): GraphQLError {
  const category: ErrorCategory = 'unavailable';
  return new GraphQLError('The server is restarting. Try again in a few seconds.', {
    extensions: { category, retry_after: retryAfterSeconds, http: { status: 503, headers: { 'Retry-After': String(retryAfterSeconds) } } },
  });
}

/** The server's own error (a GraphQLError with a category) that `error` is or wraps: drizzle wraps what a query throws. */
export function appErrorIn(error: unknown): GraphQLError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth += 1) {
    if (current instanceof GraphQLError && current.extensions.category) return current;
  }
  return undefined;
}
