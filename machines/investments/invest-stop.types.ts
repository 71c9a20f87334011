import type { AppError, Outcome } from '../../domain/app-error';
import type { StopQuote } from '../../domain/investments';
import type { MemberInvestPlan } from './investments.types';

export interface InvestStopInput {
  /** The stops' idempotency keys start with it (made once per page by the app). */
  keyPrefix: string;
}

/** The plan being stopped, as its card shows it. */
export interface StopTarget {
  id: string;
  name: string;
  currency: string;
}

export interface InvestStopContext {
  keyPrefix: string;
  target: StopTarget | null;
  quote: StopQuote | null;
  error: AppError | null;
  attempt: number;
  idempotencyKey: string | null;
  stopped: MemberInvestPlan | null;
}

/** moduleInvestStopQuote: what stopping now pays and gives up, or the plan has finished meanwhile. */
export type StopQuoteOutcome = Outcome<StopQuote, 'InvestmentFinished'>;
/** moduleInvestStop: the plan, finished early, or it had finished already. */
export type StopOutcome = Outcome<MemberInvestPlan, 'InvestmentFinished'>;

export type InvestStopEvent =
  /** Stop early on an active plan's card: the dialog opens and asks for the quote. */
  | { type: 'dialog.open'; target: StopTarget }
  | { type: 'retry' }
  | { type: 'stop.confirm' }
  | { type: 'dialog.close' };
