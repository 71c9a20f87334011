// The status code an error screen shows (spec §2: 404, 408, other codes "Error {code}"), from a path
// segment or from what a route's loader threw. No React here: the route error boundary is on the first load.
import { isAppError, type AppError } from '../../domain/app-error';

/** A path's `{code}`: a three-digit HTTP status from 400 to 599, else null. */
export function errorCodeParam(raw: string): number | null {
  if (!/^[45]\d\d$/.test(raw)) return null;
  return Number(raw);
}

const byCategory: Partial<Record<NonNullable<AppError['category']>, number>> = {
  authentication: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
  not_implemented: 501,
  unavailable: 503,
};

const byCode: Partial<Record<AppError['code'], number>> = {
  authentication: 401,
  internal: 500,
  unavailable: 503,
};

/**
 * The HTTP status a failure stands for: an HTTP answer's own status, a GraphQL error's category, or null
 * when none is known (a network failure, a bug in a page).
 */
export function errorStatusCode(error: unknown): number | null {
  if (isAppError(error)) return (error.category && byCategory[error.category]) ?? byCode[error.code] ?? null;
  const status = (error as { status?: unknown; response?: { status?: unknown } } | null | undefined);
  const value = typeof status?.status === 'number' ? status.status : status?.response?.status;
  return typeof value === 'number' && value >= 400 && value <= 599 ? value : null;
}
