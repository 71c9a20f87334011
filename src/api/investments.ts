// The investments area's calls (issue 27, server/schema.graphql "investment plans", Beyond §7): the tenant's
// plans, the member's plans, activating a plan from the balance, and the early-stop quote and stop; the mapping
// of the contract's plans to the flows' (amounts stay Decimal strings).
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import type { InvestPlanFieldsFragment, MemberInvestPlanFieldsFragment } from './generated/graphql';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { InvestmentStatus } from '../../domain/investments';
import type { InvestPlan, MemberInvestPlan } from '../../machines/investments/investments.types';

graphql(`
  fragment InvestPlanFields on InvestPlan {
    id
    name
    description
    currency
    rate_percent
    period_days
    periods
    compounding
    capital_back
    min_amount
    max_amount
    penalty_percent
  }
`);

graphql(`
  fragment MemberInvestPlanFields on MemberInvestPlan {
    id
    plan {
      ...InvestPlanFields
    }
    amount
    currency
    status
    started_at
    ends_at
    accrued
    paid_out
    final_amount
    next_accrual_at
    periods_done
    stopped_early
    penalty
    stop_payout
    finished_at
  }
`);

export const investPlansQuery = graphql(`
  query InvestPlans($whitelabel_uuid: ID!) {
    moduleInvestPlans(whitelabel_uuid: $whitelabel_uuid) {
      ...InvestPlanFields
    }
  }
`);

export const investMyPlansQuery = graphql(`
  query InvestMyPlans($whitelabel_uuid: ID!, $status: String) {
    moduleInvestMyPlans(whitelabel_uuid: $whitelabel_uuid, status: $status) {
      ...MemberInvestPlanFields
    }
  }
`);

export const investStopQuoteQuery = graphql(`
  query InvestStopQuote($whitelabel_uuid: ID!, $id: ID!) {
    moduleInvestStopQuote(whitelabel_uuid: $whitelabel_uuid, id: $id) {
      final_amount
      penalty
      payout
    }
  }
`);

export const investActivateMutation = graphql(`
  mutation InvestActivate($whitelabel_uuid: ID!, $plan_id: ID!, $amount: Decimal!, $idempotency_key: String) {
    moduleInvestActivate(whitelabel_uuid: $whitelabel_uuid, plan_id: $plan_id, amount: $amount, idempotency_key: $idempotency_key) {
      ...MemberInvestPlanFields
    }
  }
`);

export const investStopMutation = graphql(`
  mutation InvestStop($whitelabel_uuid: ID!, $id: ID!, $idempotency_key: String) {
    moduleInvestStop(whitelabel_uuid: $whitelabel_uuid, id: $id, idempotency_key: $idempotency_key) {
      ...MemberInvestPlanFields
    }
  }
`);

export function toInvestPlan(plan: InvestPlanFieldsFragment): InvestPlan {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    currency: plan.currency,
    ratePercent: plan.rate_percent,
    periodDays: plan.period_days,
    periods: plan.periods,
    compounding: plan.compounding,
    capitalBack: plan.capital_back,
    minAmount: plan.min_amount,
    maxAmount: plan.max_amount,
    penaltyPercent: plan.penalty_percent,
  };
}

export function toMemberInvestPlan(entry: MemberInvestPlanFieldsFragment): MemberInvestPlan {
  return {
    id: entry.id,
    plan: toInvestPlan(entry.plan),
    amount: entry.amount,
    currency: entry.currency,
    status: entry.status === 'active' ? 'active' : 'finished',
    startedAt: entry.started_at,
    endsAt: entry.ends_at,
    accrued: entry.accrued,
    paidOut: entry.paid_out,
    finalAmount: entry.final_amount,
    nextAccrualAt: entry.next_accrual_at ?? null,
    periodsDone: entry.periods_done,
    stoppedEarly: entry.stopped_early,
    penalty: entry.penalty ?? null,
    stopPayout: entry.stop_payout ?? null,
    finishedAt: entry.finished_at ?? null,
  };
}

/** The tenant's plans. */
export const fetchInvestPlans = async (whitelabelUuid: string) =>
  (await api.request(investPlansQuery, { whitelabel_uuid: whitelabelUuid })).moduleInvestPlans.map(toInvestPlan);

/** The tenant's plans as the calculator offers them. */
export const investPlansQueryOptions = (whitelabelUuid: string) =>
  queryOptions({ queryKey: queryKeys.investments.plans(whitelabelUuid), queryFn: () => fetchInvestPlans(whitelabelUuid) });

/** The member's plans of a status (null: all). */
export const fetchMyInvestPlans = async (whitelabelUuid: string, status: InvestmentStatus | null) =>
  (await api.request(investMyPlansQuery, { whitelabel_uuid: whitelabelUuid, status })).moduleInvestMyPlans.map(toMemberInvestPlan);
