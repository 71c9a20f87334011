import { Outlet, createFileRoute } from '@tanstack/react-router';
import { enforceAccess } from '../app/router/route-guard';
import { MainLayout } from '../features/shell/main-layout';
import { UnregisteredLayout } from '../features/shell/unregistered-layout';
import { useLoggedIn } from '../features/shell/use-logged-in';
import { QueryScope } from '../app/router/query-scope';
import { loadQueryClient } from '../app/router/query-client-loader';

// Public routes: members see them in the main layout, visitors in the unregistered layout. The query client goes
// in the context for the pages' loaders (the rankings prime theirs).
export const Route = createFileRoute('/_public')({
  beforeLoad: async ({ context }) => ({ ...enforceAccess('public', context), queryClient: await loadQueryClient() }),
  component: PublicLayout,
});

function PublicLayout() {
  const loggedIn = useLoggedIn();
  const Layout = loggedIn ? MainLayout : UnregisteredLayout;
  return (
    <QueryScope>
      <Layout>
        <Outlet />
      </Layout>
    </QueryScope>
  );
}
