import { Outlet, createFileRoute, useMatch } from '@tanstack/react-router';
import { enforceAccess, requireModule } from '../app/route-guard';
import { UnregisteredLayout } from '../features/shell/unregistered-layout';

// The public store, in the unregistered layout (no search on the product page).
export const Route = createFileRoute('/_store')({
  beforeLoad: ({ context }) => {
    const { tenant } = enforceAccess('public', context);
    requireModule({ tenant }, 'store');
    return { tenant };
  },
  component: StoreLayout,
});

function StoreLayout() {
  const onProductPage = useMatch({ from: '/_store/store/product/$id', shouldThrow: false });
  return (
    <UnregisteredLayout withSearch={!onProductPage}>
      <Outlet />
    </UnregisteredLayout>
  );
}
