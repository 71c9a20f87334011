// Effects of the /connection/{id} flow (issue 32) and the provider its route mounts: loading the connection (primed by
// the route), reading it again while shown, its settings, pause, resume and disconnect; a change that frees or takes a
// place refreshes the member's links, accounts and services.
import { fromPromise } from 'xstate';
import { connectionMachine } from '../../../machines/trading/connection.machine';
import { connectionRefusals } from '../../../machines/trading/connection.types';
import {
  connectionQueryOptions,
  disconnectConnection,
  pauseConnection,
  resumeConnection,
  updateConnection,
} from '../../api/copy-links';
import { queryKeys } from '../../api/query-keys';
import type { ConnectionRow } from '../../../machines/trading/copy-links.types';
import { ConnectionContext } from '../../features/trading/copy/connection.contexts';
import { queryClient } from '../router/query-client';
import { refreshLinks } from './copy-trading';
import { flowProvider } from './provide';
import { notifyFailure, outcome, perTenant } from './shared';
import { watchPage } from './watch-page';

export const createConnectionLogic = perTenant((tenant) => {
  /** A change answered with the connection: the page's cache holds it too. */
  const kept = (connection: ConnectionRow) => {
    queryClient.setQueryData(queryKeys.copyLinks.connection(tenant.uuid, connection.id), connection);
    return connection;
  };
  return connectionMachine.provide({
    actors: {
      loadConnection: fromPromise(({ input }) => queryClient.fetchQuery(connectionQueryOptions(tenant.uuid, input.connectionId))),
      fetchConnection: fromPromise(({ input }) => queryClient.fetchQuery({ ...connectionQueryOptions(tenant.uuid, input.connectionId), staleTime: 0 })),
      updateConnection: fromPromise(({ input }) => outcome(connectionRefusals, async () => kept(await updateConnection(tenant.uuid, input)))),
      pauseConnection: fromPromise(({ input }) => outcome(connectionRefusals, async () => kept(await pauseConnection(tenant.uuid, input.connectionId)))),
      resumeConnection: fromPromise(({ input }) => outcome(connectionRefusals, async () => kept(await resumeConnection(tenant.uuid, input.connectionId)))),
      disconnectConnection: fromPromise(async ({ input }) => kept(await disconnectConnection(tenant.uuid, input.connectionId, input.reason))),
      watchPage,
    },
    actions: { notifyFailure, refreshLinks },
  });
});

export const ConnectionProvider = flowProvider(ConnectionContext, ({ connectionId }: { connectionId: string }, tenant) => ({
  logic: createConnectionLogic(tenant),
  input: { connectionId },
  key: connectionId,
}));
