import type { AppError, Outcome } from '../../domain/app-error';
import type { Decimal } from '../../domain/money';
import type { InvestAmountProblem } from '../../domain/crowdfunding';
import type { Holding, Project } from './crowdfunding.types';

export interface InvestInput {
  /** The project of the page (/crowdfunding/{id}). */
  projectId: string;
  /** Made once per page by the app (a random id): the attempts' idempotency keys start with it. */
  keyPrefix: string;
}

/** The page's data: the project, the member's holdings in it, and the balance of its currency. */
export interface ProjectPage {
  /** null: the tenant has no such project. */
  project: Project | null;
  holdings: Holding[];
  /** Available in the project's currency. */
  balance: Decimal;
}

/**
 * What is wrong with the typed amount: nothing typed, below the minimum, above the member's cap under their
 * tariff, above what is left of the goal, or above the balance.
 */
export type InvestAmountError = InvestAmountProblem;

export interface InvestContext {
  projectId: string;
  keyPrefix: string;
  page: ProjectPage | null;
  /** The amount as typed: digits and one decimal point, no leading zero (spec §5). */
  amount: string;
  amountError: InvestAmountError | null;
  error: AppError | null;
  attempt: number;
  idempotencyKey: string | null;
  /** What the current key was made for (the amount): the same investment retried keeps its key. */
  attemptOf: string | null;
  invested: Holding | null;
  /** When the member reached the confirmation, on the flow's clock: its payout dates count from it. */
  confirmingSince: number | null;
}

export interface InvestRequest {
  projectId: string;
  amount: Decimal;
  idempotencyKey: string;
}

/** moduleCrowdfundingInvest: the new holding, or refused by name. */
export type InvestOutcome = Outcome<Holding, 'FundraisingFinished' | 'TariffCap' | 'GoalExceeded' | 'InsufficientBalance'>;

export type InvestEvent =
  | { type: 'amount.change'; value: string }
  | { type: 'invest.submit' }
  | { type: 'invest.back' }
  | { type: 'invest.confirm' }
  | { type: 'invest.again' }
  | { type: 'load.retry' };
