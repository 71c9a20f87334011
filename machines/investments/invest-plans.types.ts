import type { AppError } from '../../domain/app-error';
import type { InvestmentStatus } from '../../domain/investments';
import type { Decimal } from '../../domain/money';
import type { InvestPlan, MemberInvestPlan } from './investments.types';

/** The plan and amount the calculator's Activate brought (/investments?plan=&amount=). */
export interface ActivatePrefill {
  planId: string;
  amount: Decimal;
}

export interface InvestPlansInput {
  /** Made once per page by the app (a random id): the activations' and stops' idempotency keys start with it. */
  keyPrefix: string;
  prefill: ActivatePrefill | null;
}

export interface InvestPlansContext {
  keyPrefix: string;
  prefill: ActivatePrefill | null;
  plans: InvestPlan[];
  myPlans: MemberInvestPlan[];
  /** Which of the member's plans are listed: active, or finished (stopped early ones among them). */
  filter: InvestmentStatus;
  error: AppError | null;
}

/** Both lists at once: the tenant's plans and all of the member's. */
export interface InvestPlansLoaded {
  plans: InvestPlan[];
  myPlans: MemberInvestPlan[];
}

export type InvestPlansEvent =
  | { type: 'retry' }
  | { type: 'filter.change'; status: InvestmentStatus }
  /** An activation or a stop moved money: the lists are loaded again (sent by the page's dialogs). */
  | { type: 'plans.changed' };
