// Message selection (spec §8) in one place: every failure of a call becomes an AppError. Only the
// answer's errors are read; the request (which can hold a password) is never kept, shown or logged.
import { isAppError, isAppErrorReason, type AppError, type ErrorCategory } from '../../domain/app-error';

interface GraphQLErrorLike {
  message?: unknown;
  extensions?: { category?: unknown; reason?: unknown; fields?: unknown; codes?: unknown; retry_after?: unknown } | null;
}

const internalMessages = [/^internal server error\.?$/i, /^unexpected error\.?$/i];
const userNotFound = /^user not found or not active\.?$/i;

function responseErrors(error: unknown): GraphQLErrorLike[] | null {
  const response = (error as { response?: { errors?: unknown } } | null)?.response;
  return Array.isArray(response?.errors) ? (response.errors as GraphQLErrorLike[]) : null;
}

/** A message that is itself JSON ({"field": ["text"]}) shows the first entry of the first field. */
function unwrapJsonMessage(message: string): string {
  const trimmed = message.trim();
  if (!trimmed.startsWith('{')) return message;
  try {
    const parsed = JSON.parse(trimmed) as Record<string, unknown>;
    const first = Object.values(parsed)[0];
    const entry = Array.isArray(first) ? first[0] : first;
    return typeof entry === 'string' && entry ? entry : message;
  } catch {
    return message;
  }
}

function fieldMessages(fields: unknown): Record<string, string[]> | undefined {
  if (typeof fields !== 'object' || fields === null) return undefined;
  const result: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(fields)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string');
    if (list.length) result[name] = list;
  }
  return result;
}

export function normalizeError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const errors = responseErrors(error);
  if (!errors) {
    // No GraphQL answer at all: the network failed, the server was unreachable or answered garbage.
    const status = (error as { response?: { status?: number } } | null)?.response?.status;
    if (status === 503) return { code: 'unavailable' };
    if (status !== undefined && status >= 500) return { code: 'internal' };
    return { code: 'network' };
  }
  const first = errors[0];
  if (!first) return { code: 'unknown' };
  const category = typeof first.extensions?.category === 'string' ? (first.extensions.category as ErrorCategory) : undefined;
  // A reason this portal does not know is not a named outcome: the message decides what is shown.
  const reason = isAppErrorReason(first.extensions?.reason) ? first.extensions.reason : undefined;
  const retryAfter = typeof first.extensions?.retry_after === 'number' ? first.extensions.retry_after : undefined;
  const base = {
    ...(category ? { category } : {}),
    ...(reason ? { reason } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  };

  if (category === 'validation') {
    const fields = fieldMessages(first.extensions?.fields);
    const fieldCodes = fieldMessages(first.extensions?.codes);
    const all = fields ? Object.values(fields).flat() : [];
    const message = all.length ? all.join('\n') : typeof first.message === 'string' ? first.message : '';
    return message
      ? { code: 'validation', ...base, message, ...(fields ? { fields } : {}), ...(fieldCodes ? { fieldCodes } : {}) }
      : { code: 'unknown', ...base };
  }

  // The server is restarting: nothing was done, and the same request will work in a moment.
  if (category === 'unavailable') return { code: 'unavailable', ...base };
  const raw = typeof first.message === 'string' ? unwrapJsonMessage(first.message) : '';
  if (internalMessages.some((pattern) => pattern.test(raw.trim()))) return { code: 'internal', ...base };
  if (userNotFound.test(raw.trim()) || reason === 'UserNotFound') return { code: 'userNotFound', ...base };
  if (reason === 'InvalidLogin') return { code: 'invalidLogin', ...base };
  if (category === 'authentication') return { code: 'authentication', ...base, ...(raw ? { message: raw } : {}) };
  if (!raw) return { code: 'unknown', ...base };
  return { code: 'server', ...base, message: raw };
}
