// What the investments area's flows hold (spec §1 investment plans, §4 "Investment plan"; issue 27): the
// tenant's plans and the member's, as the contract sends them (amounts are Decimal strings).
import type { Decimal } from '../../domain/money';
import type { InvestmentStatus, InvestPlanTerms } from '../../domain/investments';

/** A plan of the tenant (moduleInvestPlans). */
export interface InvestPlan extends InvestPlanTerms {
  id: string;
  name: string;
  description: string;
  currency: string;
  minAmount: Decimal;
  maxAmount: Decimal;
}

/** A member's plan (moduleInvestMyPlans): active, or finished (ran to term, or stopped early with its penalty). */
export interface MemberInvestPlan {
  id: string;
  plan: InvestPlan;
  amount: Decimal;
  currency: string;
  status: InvestmentStatus;
  startedAt: string;
  endsAt: string;
  accrued: Decimal;
  paidOut: Decimal;
  finalAmount: Decimal;
  /** null once finished. */
  nextAccrualAt: string | null;
  periodsDone: number;
  stoppedEarly: boolean;
  /** The penalty given up by stopping early (null otherwise). */
  penalty: Decimal | null;
  /** What stopping early paid (null otherwise). */
  stopPayout: Decimal | null;
  finishedAt: string | null;
}

/** The idempotency key of an attempt: one per flow and attempt (1-128 of [A-Za-z0-9_.:-]). */
export const attemptKey = (keyPrefix: string, attempt: number) => `${keyPrefix}:${attempt}`;
