// The server's log: never SQL parameters (emails, names, password hashes), tokens or codes. drizzle's
// "Failed query: <sql> params: <values>" is logged as the database's own message and SQLSTATE only, and any
// other text loses what looks like an address, a password hash or a bearer token.
import { GraphQLError } from 'graphql';
import type { YogaLogger } from 'graphql-yoga';
import { driverError } from './db/errors';
import { appErrorIn } from './errors';

const redactions: [RegExp, string][] = [
  [/\bparams:[\s\S]*$/g, 'params: [not logged]'],
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]'],
  [/scrypt\$[^\s,'"]+/g, '[password hash]'],
  [/\bBearer\s+\S+/gi, 'Bearer [token]'],
];

export function redactText(text: string): string {
  return redactions.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

/** One line for an error: what failed, without the values it failed on. */
export function describeError(error: unknown): string {
  if (error instanceof GraphQLError && error.originalError) return describeError(error.originalError);
  const database = driverError(error);
  if (database) return `Database error ${database.code}: ${redactText(database.message ?? 'query failed')}`;
  if (error instanceof Error) {
    // The stack's first line repeats the message; the frames say where.
    const frames = (error.stack ?? '').split('\n').slice(1, 6).join('\n');
    const message = /^Failed query:/.test(error.message) ? 'Database query failed' : redactText(error.message);
    return `${error.name}: ${message}${frames ? `\n${frames}` : ''}`;
  }
  return redactText(String(error));
}

const clean = (args: unknown[]) => args.map((arg) => (typeof arg === 'string' ? redactText(arg) : describeError(arg)));

/** The logger yoga and the HTTP server use (LOG levels: production logs warnings and errors only). */
export function createLogger(level: 'info' | 'warn'): YogaLogger {
  const quiet = level === 'warn';
  return {
    debug: () => {},
    info: (...args: unknown[]) => {
      if (!quiet) console.info(...clean(args));
    },
    warn: (...args: unknown[]) => console.warn(...clean(args)),
    error: (...args: unknown[]) => {
      // A stopping server refusing a request's query answered it (503 unavailable); nothing failed.
      if (args.some((arg) => appErrorIn(arg)?.extensions.category === 'unavailable')) return;
      console.error(...clean(args));
    },
  };
}
