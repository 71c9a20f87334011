import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { productSearchSchema, rememberPurchaseLink, toFilter, toSearchParams } from '../-product-search';
import { categoriesQueryOptions, productsQueryOptions } from '../../api/shop';
import { ProductList } from '../../features/shop/product-list';

export const Route = createFileRoute('/_store/store/')({
  staticData: { title: msg`Store` },
  validateSearch: productSearchSchema,
  // A purchase link (/store?products=...) is kept for the login that follows (spec §2).
  beforeLoad: ({ search }) => rememberPurchaseLink(search.products),
  loaderDeps: ({ search }) => toFilter(search),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(productsQueryOptions(context.tenant.uuid, deps)),
      context.queryClient.ensureQueryData(categoriesQueryOptions(context.tenant.uuid)),
    ]),
  component: StoreIndex,
});

function StoreIndex() {
  const navigate = Route.useNavigate();
  const filter = toFilter(Route.useSearch());
  return <ProductList filter={filter} onFilterChange={(next) => void navigate({ search: toSearchParams(next) })} productPage="/store/product/$id" withSearch={false} />;
}
