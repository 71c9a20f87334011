// The reasons copy trading asks for (spec §5: 1-400 characters): the member's for disconnecting a connection, the
// trader's for declining a request (domain/copy-trading.ts connectionDisconnectSchema, declineReasonSchema).
import * as v from 'valibot';
import { errorOf } from '../../domain/app-error';
import { connectionDisconnectSchema, declineReasonSchema } from '../../domain/copy-trading';

const codeOf = (schema: typeof connectionDisconnectSchema | typeof declineReasonSchema, reason: string) => {
  const result = v.safeParse(schema, { reason });
  return result.success ? null : (result.issues[0]?.message ?? 'required');
};

/** The disconnect reason's field code (required, maxLength:400), or null when it may be sent. */
export const disconnectReasonCode = (reason: string) => codeOf(connectionDisconnectSchema, reason);
/** The decline reason's field code, or null when it may be sent. */
export const declineReasonCode = (reason: string) => codeOf(declineReasonSchema, reason);

/** The reason's code a validation error of the server names, or null. */
export function serverReasonCode(event: unknown): string | null {
  const error = errorOf(event);
  if (error.code !== 'validation') return null;
  return (error.fieldCodes ?? error.fields ?? {}).reason?.[0] ?? null;
}
