import { Outlet, createFileRoute } from '@tanstack/react-router';
import { enforceAccess } from '../app/router/route-guard';
import { MainLayout } from '../features/shell/main-layout';
import { UnregisteredLayout } from '../features/shell/unregistered-layout';
import { useLoggedIn } from '../features/shell/use-logged-in';
import { QueryScope } from '../app/router/query-scope';

// Public routes: members see them in the main layout, visitors in the unregistered layout.
export const Route = createFileRoute('/_public')({
  beforeLoad: ({ context }) => enforceAccess('public', context),
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
