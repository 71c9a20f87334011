// The deals area's calls (issue 30, server/schema.graphql "deals, licenses, roadmap", Beyond §7): the member's deals
// and their team's, and filing a deal request; the mapping of the contract's deals to the flows' (amounts stay
// Decimal strings, in US dollars).
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import type { DealFieldsFragment } from './generated/graphql';
import { api } from './client';
import { queryKeys } from './query-keys';
import { dealStatuses, type DealStatus } from '../../domain/deals';
import type { Deal } from '../../machines/deals/deals.types';

graphql(`
  fragment DealFields on Deal {
    id
    first_name
    last_name
    job
    marital_status
    kids
    distance_to_sea
    payment_scheme
    readiness
    contacts
    status
    currency
    transaction_amount
    transaction_fee
    referrer_fee
    viewer_fee
    fee_paid
    decline_reason
    member_name
    level
    history {
      status
      at
    }
    created_at
  }
`);

export const dealsQuery = graphql(`
  query Deals($whitelabel_uuid: ID!, $scope: String!) {
    moduleDeals(whitelabel_uuid: $whitelabel_uuid, scope: $scope) {
      ...DealFields
    }
  }
`);

export const dealCreateMutation = graphql(`
  mutation DealCreate($whitelabel_uuid: ID!, $input: DealInput!, $idempotency_key: String) {
    moduleDealCreate(whitelabel_uuid: $whitelabel_uuid, input: $input, idempotency_key: $idempotency_key) {
      ...DealFields
    }
  }
`);

// A status this portal does not know yet reads as the nearest it does: still in the works.
const statusOf = (status: string): DealStatus => ((dealStatuses as readonly string[]).includes(status) ? (status as DealStatus) : 'in_progress');

export function toDeal(deal: DealFieldsFragment): Deal {
  return {
    id: deal.id,
    firstName: deal.first_name ?? null,
    lastName: deal.last_name ?? null,
    job: deal.job ?? null,
    maritalStatus: deal.marital_status ?? null,
    kids: deal.kids ?? null,
    distanceToSea: deal.distance_to_sea ?? null,
    paymentScheme: deal.payment_scheme ?? null,
    readiness: deal.readiness ?? null,
    contacts: deal.contacts ?? null,
    status: statusOf(deal.status),
    currency: deal.currency,
    transactionAmount: deal.transaction_amount ?? null,
    transactionFee: deal.transaction_fee ?? null,
    referrerFee: deal.referrer_fee ?? null,
    viewerFee: deal.viewer_fee ?? null,
    feePaid: deal.fee_paid,
    declineReason: deal.decline_reason ?? null,
    memberName: deal.member_name,
    level: deal.level,
    history: deal.history.map((stage) => ({ status: statusOf(stage.status), at: stage.at })),
    createdAt: deal.created_at,
  };
}

/** The member's own deals (mine) or their downline's (team), newest first. */
export const dealsQueryOptions = (whitelabelUuid: string, scope: 'mine' | 'team') =>
  queryOptions({
    queryKey: queryKeys.deals.list(whitelabelUuid, scope),
    queryFn: async () => (await api.request(dealsQuery, { whitelabel_uuid: whitelabelUuid, scope })).moduleDeals.map(toDeal),
  });
