import type { Outcome } from '../../domain/app-error';

export interface VerifyEmailInput {
  token: string;
  email: string;
}

export interface VerifyEmailAnswer {
  access_token: string;
  expires_in: number;
}

/** A link that is unknown, used or old, or a verify reply with nothing (spec §7 "Reactions"). */
export type VerifyLinkOutcome = Outcome<VerifyEmailAnswer, 'InvalidLink' | 'WrongCode' | 'CodeExpired'>;
