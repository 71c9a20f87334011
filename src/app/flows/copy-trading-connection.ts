// Effects of the /connection/{id} flow (issue 32) and the provider its route mounts: loading the connection, reading it
// again while shown, its settings, pause, resume and disconnect; a change that frees or takes a
// place refreshes the member's links, accounts and services.
import { fromPromise } from 'xstate';
import { connectionMachine } from '../../../machines/trading/connection.machine';
import { connectionRefusals } from '../../../machines/trading/connection.types';
import {
  disconnectConnection,
  loadConnection,
  lookAtConnection,
  pauseConnection,
  resumeConnection,
  updateConnection,
} from '../../api/copy-links';
import { ConnectionContext } from '../../features/trading/copy/connection.contexts';
import { refreshLinks } from './copy-trading';
import { flowProvider } from './provide';
import { notifyFailure, outcome, perTenant } from './shared';
import { watchPage } from './watch-page';

// The flow holds the connection itself (it changes by itself: the page reads it from the network, never a cache).
export const createConnectionLogic = perTenant((tenant) =>
  connectionMachine.provide({
    actors: {
      loadConnection: fromPromise(({ input }) => loadConnection(tenant.uuid, input.connectionId)),
      fetchConnection: fromPromise(({ input }) => lookAtConnection(tenant.uuid, input.connectionId)),
      updateConnection: fromPromise(({ input }) => outcome(connectionRefusals, () => updateConnection(tenant.uuid, input))),
      pauseConnection: fromPromise(({ input }) => outcome(connectionRefusals, () => pauseConnection(tenant.uuid, input.connectionId))),
      resumeConnection: fromPromise(({ input }) => outcome(connectionRefusals, () => resumeConnection(tenant.uuid, input.connectionId))),
      disconnectConnection: fromPromise(({ input }) => disconnectConnection(tenant.uuid, input.connectionId, input.reason)),
      watchPage,
    },
    actions: { notifyFailure, refreshLinks },
  }),
);

export const ConnectionProvider = flowProvider(ConnectionContext, ({ connectionId }: { connectionId: string }, tenant) => ({
  logic: createConnectionLogic(tenant),
  input: { connectionId },
  key: connectionId,
}));
