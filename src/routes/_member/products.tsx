import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { productSearchSchema, toFilter, toSearchParams } from '../-product-search';
import { categoriesQueryOptions, productsQueryOptions } from '../../api/shop';
import { ProductList } from '../../features/shop/product-list';

export const Route = createFileRoute('/_member/products')({
  beforeLoad: ({ context }) => requireModule(context, 'productsModule'),
  staticData: { title: msg`Products` },
  validateSearch: productSearchSchema,
  loaderDeps: ({ search }) => toFilter(search),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(productsQueryOptions(context.tenant.uuid, deps)),
      context.queryClient.ensureQueryData(categoriesQueryOptions(context.tenant.uuid)),
    ]),
  component: ProductsPage,
});

function ProductsPage() {
  const navigate = Route.useNavigate();
  const filter = toFilter(Route.useSearch());
  return <ProductList filter={filter} onFilterChange={(next) => void navigate({ search: toSearchParams(next) })} productPage="/product/$id" />;
}
