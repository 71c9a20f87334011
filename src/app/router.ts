// The router: file routes from src/routes (history mode), with the query client and the tenant in its
// context so guards and loaders can read them.
import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from '../routeTree.gen';
import { createQueryClient } from '../lib/query-client';
import type { TenantConfig } from '../lib/tenant';
import type { TenantConfigActor } from './tenant-config';
import '../lib/route-meta';
import { RouteError } from './route-error';
import { showErrorToast } from './toasts';

export interface RouterContext {
  queryClient: QueryClient;
  tenant: TenantConfig | null;
  tenantActor: TenantConfigActor | null;
}

export const queryClient = createQueryClient(showErrorToast);

export const router = createRouter({
  routeTree,
  context: { queryClient, tenant: null, tenantActor: null },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultErrorComponent: RouteError,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/** Layout routes whose pages need a signed-in member; an authentication error there ends the session. */
const privateLayouts = new Set(['/_member', '/_course', '/_widget']);

export function isOnPrivateRoute(): boolean {
  // The latest location includes a navigation still in progress.
  return router.matchRoutes(router.latestLocation).some((match) => privateLayouts.has(match.routeId));
}
