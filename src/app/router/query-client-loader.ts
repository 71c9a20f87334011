// TanStack Query's code loads with the first page that shows server data, not with /login's first load: the
// client (src/app/router/query-client.ts) is imported only by the layouts' code (src/app/router/query-scope.tsx), the member
// layout's guard and the flows of member pages. What the app's first-load code needs of it goes through here.
import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';

type QueryModule = typeof import('./query-client');

let loaded: QueryModule | null = null;
let loading: Promise<QueryModule> | null = null;
const waiting = new Set<(module: QueryModule) => void>();

function loadModule(): Promise<QueryModule> {
  return (loading ??= import('./query-client').then((module) => {
    loaded = module;
    waiting.forEach((watch) => watch(module));
    waiting.clear();
    return module;
  }));
}

/** The app's query client, its code loaded first if need be. */
export const loadQueryClient = (): Promise<QueryClient> => loadModule().then((module) => module.queryClient);

/** Forgets every cached answer (signing out); before the client has loaded there is nothing to forget. */
export function clearQueries(): void {
  loaded?.queryClient.clear();
}

/** Whether data is loading for the first time or a change is being saved; false until the client has loaded. */
function dataBusy(): boolean {
  const client = loaded?.queryClient;
  if (!client) return false;
  return client.isFetching({ predicate: (query) => query.state.data === undefined }) + client.isMutating() > 0;
}

function subscribeDataBusy(onChange: () => void): () => void {
  let stop: (() => void) | null = null;
  const watch = ({ queryClient, notifyManager }: QueryModule) => {
    // Batched as TanStack Query's own hooks batch their store updates (not inside another component's render).
    const changed = notifyManager.batchCalls(onChange);
    const stopQueries = queryClient.getQueryCache().subscribe(changed);
    const stopMutations = queryClient.getMutationCache().subscribe(changed);
    stop = () => {
      stopQueries();
      stopMutations();
    };
    changed();
  };
  if (loaded) watch(loaded);
  else waiting.add(watch);
  return () => {
    waiting.delete(watch);
    stop?.();
  };
}

/** useIsFetching (first loads only) plus useIsMutating, for a tree that may render before Query has loaded. */
export const useDataBusy = (): boolean => useSyncExternalStore(subscribeDataBusy, dataBusy, dataBusy);
