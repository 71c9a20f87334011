import type { Outcome } from '../../domain/app-error';

export interface OAuthLoginInput {
  /** The answer of the authorisation page, when it sent the visitor back. */
  code: string | null;
  /** True when the returned state is the one this browser sent. */
  stateMatches: boolean;
  /** The authorisation page answered an error (login_required, access_denied, ...). */
  failedUpstream: boolean;
  /** s=logout */
  signedOut: boolean;
}

export interface OAuthAnswer {
  access_token: string;
  expires_in: number;
}

export type OAuthLoginEvent = { type: 'sso.signIn' };

/** The authorisation server did not accept the code (used, expired, or for another client). */
export type ExchangeCodeOutcome = Outcome<OAuthAnswer, 'InvalidOAuthCode'>;
