// The one error shape of the contract (DESIGN.md §6): extensions.category, plus extensions.fields for
// validation and extensions.reason for named outcomes the client reacts to.
import { GraphQLError } from 'graphql';

export type ErrorCategory =
  | 'validation'
  | 'authentication'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'not_implemented'
  | 'internal';

export type ErrorReason =
  | 'TwoFaError'
  | 'TwoFaCodeError'
  | 'NotVerified'
  | 'UserNotFound'
  | 'InvalidLogin'
  | 'TenantNotFound'
  | 'TooManyAttempts';

export function appError(
  category: ErrorCategory,
  message: string,
  extra: { reason?: ErrorReason; fields?: Record<string, string[]>; retryAfterSeconds?: number } = {},
): GraphQLError {
  return new GraphQLError(message, {
    extensions: {
      category,
      ...(extra.reason ? { reason: extra.reason } : {}),
      ...(extra.fields ? { fields: extra.fields } : {}),
      ...(extra.retryAfterSeconds !== undefined ? { retry_after: extra.retryAfterSeconds } : {}),
    },
  });
}

export const validationError = (fields: Record<string, string[]>) =>
  appError('validation', 'The given data was invalid.', { fields });

export const unauthenticated = () => appError('authentication', 'Unauthenticated.');
