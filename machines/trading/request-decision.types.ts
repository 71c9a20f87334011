import type { AppError, Outcome } from '../../domain/app-error';
import type { LinkRequestRow } from './copy-links.types';

export interface RequestDecisionInput {
  requestId: string;
}

/** What the server refuses a decision with by name: decided or expired meanwhile, or the strategy is full (accepting). */
export type DecisionRefusal = 'RequestDecided' | 'StrategyFull';
export const decisionRefusals: readonly DecisionRefusal[] = ['RequestDecided', 'StrategyFull'];

export interface DecideRequest {
  requestId: string;
  accept: boolean;
  /** The trader's reason to decline (1-400 characters); null when accepting. */
  reason: string | null;
}

/** investorRequestDecide: the request as decided, or refused by name. */
export type DecideOutcome = Outcome<LinkRequestRow, DecisionRefusal>;

export interface RequestDecisionContext {
  requestId: string;
  reason: string;
  reasonError: string | null;
  /** The request as decided. */
  decided: LinkRequestRow | null;
  refusal: DecisionRefusal | null;
  error: AppError | null;
}

export type RequestDecisionEvent =
  | { type: 'request.accept' }
  | { type: 'decline.open' }
  | { type: 'decline.cancel' }
  | { type: 'reason.change'; value: string }
  | { type: 'decline.confirm' };
