// Database errors the server answers on purpose (DESIGN §6: bad input is never a masked internal error).
// drizzle wraps the driver's error (pg and PGlite both carry PostgreSQL's SQLSTATE and constraint name).

interface DriverError {
  code?: string;
  constraint?: string;
  message?: string;
  cause?: unknown;
}

/** The PostgreSQL error inside drizzle's wrapper, if any. */
export function driverError(error: unknown): DriverError | undefined {
  for (let current = error as DriverError | undefined, depth = 0; current && depth < 4; current = current.cause as DriverError, depth += 1) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current;
  }
  return undefined;
}

/** A unique violation (23505), of the named index or constraint when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause = driverError(error);
  if (cause?.code !== '23505') return false;
  return !constraint || cause.constraint === constraint || Boolean(cause.message?.includes(`"${constraint}"`));
}
