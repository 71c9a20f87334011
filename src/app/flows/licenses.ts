// Effects of the licenses area's flow (issue 30, /licenses) and the provider the page mounts it with: the member's
// requests and products with licenses, and a new request with the attempt's idempotency key.
import { fromPromise } from 'xstate';
import { licenseRequestMachine } from '../../../machines/licenses/license-request.machine';
import { api } from '../../api/client';
import { fetchLicenseOverview, licenseRequestCreateMutation, toLicenseRequest } from '../../api/licenses';
import { LicenseRequestContext } from '../../features/licenses/licenses.contexts';
import { flowProvider } from './provide';
import { notifyFailure, outcome, perTenant } from './shared';

export const createLicenseRequestLogic = perTenant((tenant) =>
  licenseRequestMachine.provide({
    actors: {
      loadOverview: fromPromise(() => fetchLicenseOverview(tenant.uuid)),
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
    actions: { notifyFailure },
  }),
);

/** The licenses page's request flow: a fresh idempotency key prefix per page. */
export const LicenseRequestProvider = flowProvider(LicenseRequestContext, (_props: object, tenant) => ({
  logic: createLicenseRequestLogic(tenant),
  input: { keyPrefix: `license-${crypto.randomUUID()}` },
}));
