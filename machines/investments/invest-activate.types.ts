import type { AppError, Outcome } from '../../domain/app-error';
import type { Decimal } from '../../domain/money';
import type { InvestPlan, MemberInvestPlan } from './investments.types';

export interface InvestActivateInput {
  /** The attempts' idempotency keys start with it (made once per page by the app). */
  keyPrefix: string;
  /** The calculator's plan and amount: the dialog opens with them at once (null: it starts closed). */
  prefill: { plan: InvestPlan; amount: Decimal } | null;
}

/** What is wrong with the typed amount: missing, or outside the plan's bounds (the view names the bound). */
export type ActivateAmountError = 'required' | 'min' | 'max';

export interface InvestActivateContext {
  keyPrefix: string;
  prefill: InvestActivateInput['prefill'];
  plan: InvestPlan | null;
  /** The amount as typed: digits and one decimal point, no leading zero (spec §5). */
  amount: string;
  amountError: ActivateAmountError | null;
  error: AppError | null;
  attempt: number;
  idempotencyKey: string | null;
  /** What the current key was made for (plan and amount): the same activation retried keeps the key. */
  attemptOf: string | null;
  activated: MemberInvestPlan | null;
}

export interface ActivateRequest {
  planId: string;
  amount: Decimal;
  idempotencyKey: string;
}

/** moduleInvestActivate: the member's new plan, or refused by name (the balance, the plan's bounds). */
export type ActivateOutcome = Outcome<MemberInvestPlan, 'InsufficientBalance' | 'AmountOutOfRange' | 'IdempotencyKeyReused'>;

export type InvestActivateEvent =
  /** Activate on a plan's card: the dialog opens for it (with an amount, from the calculator). */
  | { type: 'dialog.open'; plan: InvestPlan; amount?: Decimal }
  | { type: 'amount.change'; value: string }
  | { type: 'activate.submit' }
  | { type: 'activate.back' }
  | { type: 'activate.confirm' }
  | { type: 'dialog.close' };
