export interface LogoutInput {
  /** expired: the session ended (authentication error or expiry); logout: the member chose to leave. */
  reason: 'expired' | 'logout';
  /** A token is stored, so the server session can be ended too. */
  hasToken: boolean;
  /** The tenant signs members in through OAuth (single sign-on). */
  oauth: boolean;
}

export type LogoutContext = LogoutInput;
