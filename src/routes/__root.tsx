import { Suspense, lazy } from 'react';
import { Navigate, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router/router';
import { useDocumentBranding } from '../features/shell/page-title';
import { LoadingBar } from '../features/shell/loading-bar';
import { catalogueFor } from '../app/router/catalogue-gate';
import { useDataBusy } from '../app/router/query-client-loader';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Pages outside the auth layout wait for the rest of the language catalogue (src/app/router/catalogue-gate.ts).
  beforeLoad: ({ matches }) => catalogueFor(matches.map((match) => String(match.routeId))),
  component: Root,
  // Any unknown path goes to /404 (spec §2).
  notFoundComponent: () => <Navigate to="/404" replace />,
});

// Dev only: the flows overlay (its code is left out of production builds).
const FlowsOverlay = import.meta.env.DEV ? lazy(() => import('../dev/flows/flows-overlay')) : null;

function Root() {
  useDocumentBranding();
  return (
    <>
      <LoadingBar dataBusy={useDataBusy()} />
      <Outlet />
      {FlowsOverlay && <Suspense fallback={null}><FlowsOverlay /></Suspense>}
    </>
  );
}
