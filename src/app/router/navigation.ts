// The router as the flows' effects use it. Effects must not import the router module itself: it imports
// the route tree, whose routes import the flows (a cycle). The router attaches itself here when created.
import type { router as appRouter } from './router';
import type { TenantConfig } from '../../lib/tenant';

type AppRouter = typeof appRouter;

let attached: AppRouter | null = null;

export function attachRouter(router: AppRouter): void {
  attached = router;
}

function current(): AppRouter {
  if (!attached) throw new Error('The router is not created yet');
  return attached;
}

/** Navigates with the router's typed paths. */
export const navigate: AppRouter['navigate'] = (options) => current().navigate(options);

/** Layout routes whose pages need a signed-in member; an authentication error there ends the session. */
const privateLayouts = new Set(['/_member', '/_course', '/_widget']);

export function isOnPrivateRoute(): boolean {
  const router = current();
  // The latest location includes a navigation still in progress.
  return router.matchRoutes(router.latestLocation).some((match) => privateLayouts.has(match.routeId));
}

/** The guards read the tenant from the router context: give it settings that arrived after the start. */
export function setRouterTenant(tenant: TenantConfig): void {
  const router = current();
  router.update({ ...router.options, context: { ...router.options.context, tenant } });
}

/** Calls back when a navigation starts and when it has finished loading (for the app-state flow). */
export function watchNavigation(onStart: () => void, onEnd: () => void): () => void {
  const router = current();
  const stopStart = router.subscribe('onBeforeLoad', onStart);
  const stopEnd = router.subscribe('onResolved', onEnd);
  return () => {
    stopStart();
    stopEnd();
  };
}

/** Calls back with the path a navigation is going to, as soon as it starts (before its loaders run). */
export function watchNavigationStart(listener: (pathname: string) => void): () => void {
  return current().subscribe('onBeforeNavigate', (event) => listener(event.toLocation.pathname));
}

/** A path of this portal a sign-in may return to: one slash, then letters, digits, - _ and / (no host, no query). */
export const returnPathPattern = /^\/(?!\/)[A-Za-z0-9/_-]*$/;

/** Where the login page was asked to return once signed in (/login?to=/crowdfunding/3), if anywhere. */
export function loginReturnPath(): string | null {
  const to = (current().latestLocation.search as { to?: unknown }).to;
  return typeof to === 'string' && returnPathPattern.test(to) ? to : null;
}
