// Effects of the deals area's flow (issue 30, /deals) and the provider the deals page mounts it with: filing a deal
// request with the attempt's idempotency key (a new deal refreshes the deal lists and the dashboard's widgets), and
// the draft kept for this tab while the member types (src/lib/form-drafts.ts), so leaving the page or an expired
// session loses nothing. The draft is the member's: another member signing in on this tab never sees it.
import { fromPromise } from 'xstate';
import { dealRequestMachine } from '../../../machines/deals/deal-request.machine';
import type { DealValues } from '../../../machines/deals/deal-request.types';
import { api } from '../../api/client';
import { dealCreateMutation, toDeal } from '../../api/deals';
import { queryKeys } from '../../api/query-keys';
import { DealRequestContext } from '../../features/deals/deals.contexts';
import { readFormDraft } from '../../lib/form-drafts';
import { memberDrafts, signedInMember } from './drafts';
import { queryClient } from '../router/query-client';
import { flowProvider } from './provide';
import { notifyFailure, perTenant } from './shared';

/** The signed-in member's draft, or null (none, or another member's). */
export const readDealDraft = (member = signedInMember()) => readFormDraft<DealValues>('deal-request', member);

const saveDraft = ({ context }: { context: { values: DealValues } }) => memberDrafts.write('deal-request', context.values);

const clearDraft = () => memberDrafts.clear('deal-request');

/** A new deal: the deal lists and the dashboard's deal widgets. */
const refreshDeals = () => {
  void queryClient.invalidateQueries({ queryKey: queryKeys.deals.all() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all() });
};

export const createDealRequestLogic = perTenant((tenant) =>
  dealRequestMachine.provide({
    actors: {
      createDeal: fromPromise(async ({ input }) => {
        const { moduleDealCreate } = await api.request(dealCreateMutation, {
          whitelabel_uuid: tenant.uuid,
          input: input.input,
          idempotency_key: input.idempotencyKey,
        });
        return toDeal(moduleDealCreate);
      }),
    },
    actions: { saveDraft, clearDraft, refreshDeals, notifyFailure },
  }),
);

/** The deals page's request form: a fresh idempotency key prefix per page, the tab's draft if there is one. */
export const DealRequestProvider = flowProvider(DealRequestContext, (_: object, tenant) => ({
  logic: createDealRequestLogic(tenant),
  input: { keyPrefix: `deal-${crypto.randomUUID()}`, draft: readDealDraft() },
}));
