import { Outlet, createFileRoute } from '@tanstack/react-router';
import { enforceAccess, requireModule } from '../app/route-guard';
import { StorePage } from '../app/store-page';

// The public store, in the unregistered layout, open to visitors when the products module allows it.
export const Route = createFileRoute('/_store')({
  beforeLoad: ({ context }) => {
    const { tenant } = enforceAccess('public', context);
    requireModule({ tenant }, 'store');
    return { tenant };
  },
  component: StoreLayout,
});

function StoreLayout() {
  const { tenant } = Route.useRouteContext();
  return (
    <StorePage tenant={tenant}>
      <Outlet />
    </StorePage>
  );
}
