// Errors as machines and views hold them: plain JSON with a code, never an Error object or UI text.
// `message` is the server's own wording where the message-selection rules (spec §8) say to show it.

export type AppErrorCode =
  /** The request never got an answer: show the default message. */
  | 'network'
  /** "Internal server error" or a masked error: show the default message. */
  | 'internal'
  /** Validation category: `message` holds every field message, one per line. */
  | 'validation'
  /** Authentication category (bad or expired token, failed sign-in): see `reason`. */
  | 'authentication'
  /** "User not found or not active": the user-not-found text, the invalid-login text on login. */
  | 'userNotFound'
  /** Wrong email or password. */
  | 'invalidLogin'
  /** A verification code was not accepted (spec §8 "Incorrect verification code"). */
  | 'invalidCode'
  /** Any other server error: `message` is its first message. */
  | 'server'
  /** Nothing usable came back: "Unknown Error". */
  | 'unknown';

export interface AppError {
  code: AppErrorCode;
  /** Named outcome from extensions.reason: TwoFaError, TwoFaCodeError, NotVerified, ... */
  reason?: string;
  /** extensions.category as the server sent it. */
  category?: string;
  message?: string;
  fields?: Record<string, string[]>;
  /** Field codes (machines/shared/validation.ts and the server's own), when the server sends them. */
  fieldCodes?: Record<string, string[]>;
  /** Seconds to wait before trying again (rate limits). */
  retryAfter?: number;
}

export const isAppError = (value: unknown): value is AppError =>
  typeof value === 'object' && value !== null && typeof (value as AppError).code === 'string' && !(value instanceof Error);
