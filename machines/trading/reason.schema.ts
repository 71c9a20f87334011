// The reasons trading asks for (spec §5: 1-400 characters): a member's for disconnecting an account or a connection,
// a trader's for declining a request. One rule (domain/trading.ts disconnectReasonSchema) for all three.
import * as v from 'valibot';
import { errorOf } from '../../domain/app-error';
import { disconnectReasonSchema } from '../../domain/trading';

/** The reason's field code (required, maxLength:400), or null when it may be sent. */
export function reasonCode(reason: string): string | null {
  const result = v.safeParse(disconnectReasonSchema, { reason });
  return result.success ? null : (result.issues[0]?.message ?? 'required');
}

/** The reason's code a validation error of the server names, or null. */
export function serverReasonCode(event: unknown): string | null {
  const error = errorOf(event);
  if (error.code !== 'validation') return null;
  return (error.fieldCodes ?? error.fields ?? {}).reason?.[0] ?? null;
}
