import { Outlet, createFileRoute } from '@tanstack/react-router';
import { enforceAccess, requireModule } from '../app/router/route-guard';
import { StorePage } from '../app/pages/store-page';
import { QueryScope } from '../app/router/query-scope';
import { loadQueryClient } from '../app/router/query-client-loader';

// The public store, in the unregistered layout, open to visitors when the products module allows it. The
// query client goes in the context for the pages' loaders.
export const Route = createFileRoute('/_store')({
  beforeLoad: async ({ context }) => {
    const { tenant } = enforceAccess('public', context);
    requireModule({ tenant }, 'store');
    return { tenant, queryClient: await loadQueryClient() };
  },
  component: StoreLayout,
});

function StoreLayout() {
  return (
    <QueryScope>
      <StorePage>
        <Outlet />
      </StorePage>
    </QueryScope>
  );
}
