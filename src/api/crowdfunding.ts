// The crowdfunding area's calls (issue 28, server/schema.graphql "crowdfunding", Beyond §7): the tenant's
// projects (visitors too), one project, the member's briefcase and investing from the balance; the mapping of
// the contract's projects and holdings to the flows' (amounts stay Decimal strings).
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import type { CrowdfundingHoldingFieldsFragment, CrowdfundingProjectFieldsFragment } from './generated/graphql';
import { api } from './client';
import { queryKeys } from './query-keys';
import { walletTransactionsQuery } from './wallet';
import { holdingStatuses, type HoldingStatus, type ProjectStatus } from '../../domain/crowdfunding';
import type { Holding, Project } from '../../machines/crowdfunding/crowdfunding.types';

graphql(`
  fragment CrowdfundingProjectFields on CrowdfundingProject {
    id
    name
    excerpt
    description
    images
    documents {
      name
      url
    }
    currency
    goal
    raised
    pending
    available
    investors_count
    min_investment
    starts_at
    ends_at
    status
    goal_reached
    refunded_at
    return_percent
    payout_period_months
    term_months
    viewer_cap
    viewer_tariff_cap
    viewer_invested
    cap_tariffs {
      tariff_id
      name
      cap
    }
  }
`);

graphql(`
  fragment CrowdfundingHoldingFields on CrowdfundingHolding {
    id
    project {
      id
      name
    }
    amount
    currency
    status
    share_percent
    received_profit
    received_body
    total_return
    next_payout_at
    next_payout_amount
    paid_at
    refunded_at
    created_at
  }
`);

export const crowdfundingProjectsQuery = graphql(`
  query CrowdfundingProjects($whitelabel_uuid: ID!, $status: String) {
    moduleCrowdfundingProjects(whitelabel_uuid: $whitelabel_uuid, status: $status) {
      ...CrowdfundingProjectFields
    }
  }
`);

export const crowdfundingProjectQuery = graphql(`
  query CrowdfundingProject($whitelabel_uuid: ID!, $id: ID!) {
    moduleCrowdfundingProject(whitelabel_uuid: $whitelabel_uuid, id: $id) {
      ...CrowdfundingProjectFields
    }
  }
`);

export const crowdfundingBriefcaseQuery = graphql(`
  query CrowdfundingBriefcase($whitelabel_uuid: ID!) {
    moduleCrowdfundingBriefcase(whitelabel_uuid: $whitelabel_uuid) {
      currency
      total_invested
      total_received
      holdings {
        ...CrowdfundingHoldingFields
      }
    }
  }
`);

export const crowdfundingInvestMutation = graphql(`
  mutation CrowdfundingInvest($whitelabel_uuid: ID!, $project_id: ID!, $amount: Decimal!, $idempotency_key: String) {
    moduleCrowdfundingInvest(whitelabel_uuid: $whitelabel_uuid, project_id: $project_id, amount: $amount, idempotency_key: $idempotency_key) {
      ...CrowdfundingHoldingFields
    }
  }
`);

const projectStatus = (status: string): ProjectStatus => (status === 'active' ? 'active' : 'finished');
const holdingStatus = (status: string): HoldingStatus =>
  (holdingStatuses as readonly string[]).includes(status) ? (status as HoldingStatus) : 'pending';

export function toProject(project: CrowdfundingProjectFieldsFragment): Project {
  return {
    id: project.id,
    name: project.name,
    excerpt: project.excerpt,
    description: project.description,
    images: project.images,
    documents: project.documents.map((document) => ({ name: document.name, url: document.url })),
    currency: project.currency,
    goal: project.goal,
    raised: project.raised,
    pending: project.pending,
    available: project.available,
    investorsCount: project.investors_count,
    minInvestment: project.min_investment,
    startsAt: project.starts_at,
    endsAt: project.ends_at,
    status: projectStatus(project.status),
    goalReached: project.goal_reached,
    refundedAt: project.refunded_at ?? null,
    returnPercent: project.return_percent,
    payoutPeriodMonths: project.payout_period_months,
    termMonths: project.term_months,
    viewerCap: project.viewer_cap ?? null,
    viewerTariffCap: project.viewer_tariff_cap ?? null,
    viewerInvested: project.viewer_invested ?? null,
    capTariffs: project.cap_tariffs.map((tariff) => ({ tariffId: tariff.tariff_id, name: tariff.name, cap: tariff.cap })),
  };
}

export function toHolding(holding: CrowdfundingHoldingFieldsFragment): Holding {
  return {
    id: holding.id,
    project: { id: holding.project.id, name: holding.project.name },
    amount: holding.amount,
    currency: holding.currency,
    status: holdingStatus(holding.status),
    sharePercent: holding.share_percent,
    receivedProfit: holding.received_profit,
    receivedBody: holding.received_body,
    totalReturn: holding.total_return,
    nextPayoutAt: holding.next_payout_at ?? null,
    nextPayoutAmount: holding.next_payout_amount ?? null,
    paidAt: holding.paid_at ?? null,
    refundedAt: holding.refunded_at ?? null,
    createdAt: holding.created_at,
  };
}

export async function fetchBriefcase(whitelabelUuid: string) {
  const { moduleCrowdfundingBriefcase: briefcase } = await api.request(crowdfundingBriefcaseQuery, { whitelabel_uuid: whitelabelUuid });
  return {
    currency: briefcase.currency,
    totalInvested: briefcase.total_invested,
    totalReceived: briefcase.total_received,
    holdings: briefcase.holdings.map(toHolding),
  };
}

export type Briefcase = Awaited<ReturnType<typeof fetchBriefcase>>;

/** The tenant's projects, active and finished; a member's answer carries their figures, so it is kept apart. */
export const crowdfundingProjectsQueryOptions = (whitelabelUuid: string, signedIn: boolean) =>
  queryOptions({
    queryKey: queryKeys.crowdfunding.projects(whitelabelUuid, signedIn),
    queryFn: async () =>
      (await api.request(crowdfundingProjectsQuery, { whitelabel_uuid: whitelabelUuid, status: null })).moduleCrowdfundingProjects.map(toProject),
  });

/** The member's holdings and totals. */
export const crowdfundingBriefcaseQueryOptions = (whitelabelUuid: string) =>
  queryOptions({ queryKey: queryKeys.crowdfunding.briefcase(whitelabelUuid), queryFn: () => fetchBriefcase(whitelabelUuid) });

/** The payout types of the balance's transactions (calls §9). */
export const payoutTypes = ['CROWDFUNDING_PAYOUT_PROFIT', 'CROWDFUNDING_PAYOUT_BODY'] as const;

/** The latest payouts to the balance (the balance's transactions of the two payout types), newest first. */
export const crowdfundingPayoutsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.crowdfunding.payouts(),
    queryFn: async () => {
      const pages = await Promise.all(payoutTypes.map((type) => api.request(walletTransactionsQuery, { type, first: 20, after: null })));
      return pages.flatMap((page) => page.walletTransactions.data).sort((a, b) => b.created_at.localeCompare(a.created_at));
    },
  });
