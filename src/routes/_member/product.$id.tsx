import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { productQueryOptions } from '../../api/shop';
import { ProductPage } from '../../features/shop/product-page';

export const Route = createFileRoute('/_member/product/$id')({
  beforeLoad: ({ context }) => requireModule(context, 'productsModule'),
  staticData: { title: msg`Product` },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(productQueryOptions(context.tenant.uuid, params.id)),
  component: ProductRoute,
});

function ProductRoute() {
  const { id } = Route.useParams();
  return <ProductPage key={id} productId={id} />;
}
