// Effects of the Connect panel's flow (issue 32: asking to follow a strategy, then waiting for the trader and the key)
// and the provider the strategy page mounts it with. A request made, accepted or ended refreshes the member's links,
// accounts and services (a place and a linking are taken or freed).
import { fromPromise } from 'xstate';
import { linkRequestMachine } from '../../../machines/trading/link-request.machine';
import { submitRefusals } from '../../../machines/trading/link-request.schema';
import { fetchFollowing, loadLinkFacts, sendLinkRequest, toLinkStrategy } from '../../api/copy-links';
import { queryKeys } from '../../api/query-keys';
import { LinkRequestContext } from '../../features/trading/copy/link-request.contexts';
import type { ConnectStrategy } from '../../features/trading/copy/strategy-page';
import { queryClient } from '../router/query-client';
import { flowProvider } from './provide';
import { notifyFailure, outcome, perTenant } from './shared';
import { watchPage } from './watch-page';

/** The member's links, what they take of the accounts and services, and the strategies' places are read again. */
export const refreshLinks = () => {
  void queryClient.invalidateQueries({ queryKey: queryKeys.copyLinks.all() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.trading.all() });
  // A strategy's followers and places left change with a request or a connection.
  void queryClient.invalidateQueries({ queryKey: queryKeys.copyTrading.all() });
};

export const createLinkRequestLogic = perTenant((tenant) =>
  linkRequestMachine.provide({
    actors: {
      loadLinkFacts: fromPromise(({ input }) => loadLinkFacts(tenant.uuid, input.strategyId)),
      sendLinkRequest: fromPromise(({ input }) => outcome(submitRefusals, () => sendLinkRequest(tenant.uuid, input))),
      fetchFollowing: fromPromise(({ input }) => fetchFollowing(tenant.uuid, input)),
      watchPage,
    },
    actions: { notifyFailure, refreshLinks },
  }),
);

/** The Connect panel of one strategy: a fresh idempotency key prefix per mount. */
export const LinkRequestProvider = flowProvider(LinkRequestContext, ({ strategy }: { strategy: ConnectStrategy }, tenant) => ({
  logic: createLinkRequestLogic(tenant),
  input: { strategy: toLinkStrategy(strategy), keyPrefix: `link-${crypto.randomUUID()}` },
  key: strategy.id,
}));
