// The router: file routes from src/routes (history mode), with the tenant in its context so guards and
// loaders can read it (the member layout adds the query client for its pages' loaders).
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../../routeTree.gen';
import type { TenantConfig } from '../../lib/tenant';
import type { TenantConfigActor } from '../flows/shell';
import '../../lib/route-meta';
import { RouteError } from './route-error';
import { attachRouter } from './navigation';
import { session } from '../../lib/session';
import { parseSearch, stringifySearch } from './search-params';

export interface RouterContext {
  /** Null only until the settings load (and on /408); layouts' beforeLoad hand their pages a non-null one. */
  tenant: TenantConfig | null;
  tenantActor: TenantConfigActor | null;
}

export const router = createRouter({
  routeTree,
  context: { tenant: null, tenantActor: null },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultErrorComponent: RouteError,
  parseSearch,
  stringifySearch,
});
attachRouter(router);

/**
 * Starts loading the code of the page at `pathname` (its layouts' and its own component chunks) before the
 * tenant's settings arrive, so the first render does not wait for it afterwards. Layouts the route guard
 * would send this visitor away from are skipped (member pages without a session, guest pages with one).
 */
export function preloadRouteCode(pathname: string): void {
  const [routes] = router.getMatchedRoutes(pathname);
  const loggedIn = session.isLoggedIn();
  for (const route of routes) {
    if (route.id.startsWith('/_member') && !loggedIn) return;
    if (route.id.startsWith('/_auth/_guest') && loggedIn) return;
    void Promise.resolve(router.loadRouteChunk(route)).catch(() => {
      // The router loads it again when it renders the page, and shows its error screen if that fails.
    });
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
