// Effects of the licenses area's flow (issue 30, /licenses) and the provider the page mounts it with: the member's
// requests and products with licenses (through the query cache the route primed), and a new request with the
// attempt's idempotency key; a request made refreshes the licenses data.
import { fromPromise } from 'xstate';
import { licenseRequestMachine } from '../../../machines/licenses/license-request.machine';
import { api } from '../../api/client';
import { licenseOverviewQueryOptions, licenseRequestCreateMutation, toLicenseRequest } from '../../api/licenses';
import { queryKeys } from '../../api/query-keys';
import { LicenseRequestContext } from '../../features/licenses/licenses.contexts';
import { queryClient } from '../router/query-client';
import { flowProvider } from './provide';
import { notifyFailure, outcome, perTenant } from './shared';

export const createLicenseRequestLogic = perTenant((tenant) =>
  licenseRequestMachine.provide({
    actors: {
      loadOverview: fromPromise(() => queryClient.fetchQuery(licenseOverviewQueryOptions(tenant.uuid))),
      createRequest: fromPromise(({ input }) =>
        outcome(['NoProductsBought', 'NoLicensesLeft'], async () => {
          const { moduleLicenseRequestCreate: created } = await api.request(licenseRequestCreateMutation, {
            whitelabel_uuid: tenant.uuid,
            input: { product_id: input.productId, broker_account: input.brokerAccount, broker_server: input.brokerServer, comment: input.comment },
            idempotency_key: input.idempotencyKey,
          });
          return toLicenseRequest(created);
        }),
      ),
    },
    actions: {
      notifyFailure,
      // Marks the cached overview stale, so the page's next load (and any other reader) asks the server again.
      refreshLicenses: () => void queryClient.invalidateQueries({ queryKey: queryKeys.licenses.overview(tenant.uuid), refetchType: 'none' }),
    },
  }),
);

/** The licenses page's request flow: a fresh idempotency key prefix per page. */
export const LicenseRequestProvider = flowProvider(LicenseRequestContext, (_props: object, tenant) => ({
  logic: createLicenseRequestLogic(tenant),
  input: { keyPrefix: `license-${crypto.randomUUID()}` },
}));
