import { Navigate, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router';
import { useDocumentBranding } from '../features/shell/page-title';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  // Any unknown path goes to /404 (spec §2).
  notFoundComponent: () => <Navigate to="/404" replace />,
});

function Root() {
  useDocumentBranding();
  return <Outlet />;
}
