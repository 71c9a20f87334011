// The licenses area's calls (issue 30, server/schema.graphql "deals, licenses, roadmap", Beyond §7): the member's
// license requests with what they may still request, and a new request; the mapping of the contract's answers to
// the flow's.
import { graphql } from './generated';
import type { LicenseRequestFieldsFragment } from './generated/graphql';
import { api } from './client';
import { licenseStatuses, type LicenseStatus } from '../../domain/licenses';
import type { LicenseOverview, LicenseRefusalReason, LicenseRequestRow } from '../../machines/licenses/license-request.types';

graphql(`
  fragment LicenseRequestFields on LicenseRequest {
    id
    product_id
    product_name
    broker_account
    broker_server
    comment
    status
    license_key
    decline_reason
    created_at
    decided_at
  }
`);

export const licenseRequestsQuery = graphql(`
  query LicenseRequests($whitelabel_uuid: ID!) {
    moduleLicenseRequests(whitelabel_uuid: $whitelabel_uuid) {
      requests {
        ...LicenseRequestFields
      }
      products {
        id
        name
        licenses_total
        licenses_left
        needs_server
      }
      can_request
      reason
    }
  }
`);

export const licenseRequestCreateMutation = graphql(`
  mutation LicenseRequestCreate($whitelabel_uuid: ID!, $input: LicenseRequestInput!, $idempotency_key: String) {
    moduleLicenseRequestCreate(whitelabel_uuid: $whitelabel_uuid, input: $input, idempotency_key: $idempotency_key) {
      ...LicenseRequestFields
    }
  }
`);

const refusals: readonly LicenseRefusalReason[] = ['NoProductsBought', 'NoLicensesLeft'];
// A status this portal does not know yet reads as under review rather than as a decision.
const statusOf = (status: string): LicenseStatus => ((licenseStatuses as readonly string[]).includes(status) ? (status as LicenseStatus) : 'pending');

export function toLicenseRequest(request: LicenseRequestFieldsFragment): LicenseRequestRow {
  return {
    id: request.id,
    productId: request.product_id,
    productName: request.product_name,
    brokerAccount: request.broker_account,
    brokerServer: request.broker_server ?? null,
    comment: request.comment ?? null,
    status: statusOf(request.status),
    licenseKey: request.license_key ?? null,
    declineReason: request.decline_reason ?? null,
    createdAt: request.created_at,
    decidedAt: request.decided_at ?? null,
  };
}

/**
 * The member's requests, newest first, their products with licenses and whether a request is possible. The page's
 * flow loads it (and again after a request), with its own Try again.
 */
export async function fetchLicenseOverview(whitelabelUuid: string): Promise<LicenseOverview> {
  const { moduleLicenseRequests: overview } = await api.request(licenseRequestsQuery, { whitelabel_uuid: whitelabelUuid });
  return {
    requests: overview.requests.map(toLicenseRequest),
    products: overview.products.map((product) => ({
      id: product.id,
      name: product.name,
      licensesTotal: product.licenses_total,
      licensesLeft: product.licenses_left,
      needsServer: product.needs_server,
    })),
    canRequest: overview.can_request,
    reason: overview.can_request ? null : (refusals.find((reason) => reason === overview.reason) ?? 'NoLicensesLeft'),
  };
}
