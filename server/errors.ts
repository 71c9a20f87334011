// The one error shape of the contract (DESIGN.md §6): extensions.category, plus extensions.fields for
// validation and extensions.reason for named outcomes the client reacts to.
import { GraphQLError } from 'graphql';
import { spellOut } from './field-messages';

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
  | 'TooManyAttempts'
  | 'ReferralLinkOnly'
  | 'CodeExpired'
  | 'InvalidLink'
  | 'InvalidOAuthCode'
  | 'TwoFaAlreadyOn'
  | 'TwoFaAlreadyOff'
  | 'TwoFaNotStarted';

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

/** A validation error from field codes (server/field-messages.ts): English texts plus the codes. */
export function validationError(codes: Record<string, string[]>): GraphQLError {
  const fields = Object.fromEntries(Object.entries(codes).map(([name, list]) => [name, list.map(spellOut)]));
  return new GraphQLError('The given data was invalid.', { extensions: { category: 'validation', fields, codes } });
}

export const unauthenticated = () => appError('authentication', 'Unauthenticated.');
