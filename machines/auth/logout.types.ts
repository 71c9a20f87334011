export interface LogoutInput {
  /** expired: the session ended (authentication error or expiry); logout: the member chose to leave. */
  reason: 'expired' | 'logout';
  /** The tenant signs members in through OAuth (single sign-on). */
  oauth: boolean;
}

export type LogoutContext = LogoutInput;
