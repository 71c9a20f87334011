// The router: file routes from src/routes (history mode), with the query client and the tenant in its
// context so guards and loaders can read them.
import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from '../routeTree.gen';
import type { TenantConfig } from '../lib/tenant';
import type { TenantConfigActor } from './flows/shell';
import '../lib/route-meta';
import { RouteError } from './route-error';
import { queryClient } from './query-client';
import { attachRouter } from './navigation';

export interface RouterContext {
  queryClient: QueryClient;
  /** Null only until the settings load (and on /408); layouts' beforeLoad hand their pages a non-null one. */
  tenant: TenantConfig | null;
  tenantActor: TenantConfigActor | null;
}

export const router = createRouter({
  routeTree,
  context: { queryClient, tenant: null, tenantActor: null },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultErrorComponent: RouteError,
});
attachRouter(router);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
