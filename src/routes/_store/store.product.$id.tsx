import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { productQueryOptions } from '../../api/shop';
import { ProductPage } from '../../features/shop/product-page';

export const Route = createFileRoute('/_store/store/product/$id')({
  staticData: { title: msg`Product` },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(productQueryOptions(context.tenant.uuid, params.id)),
  component: StoreProduct,
});

function StoreProduct() {
  const { id } = Route.useParams();
  return <ProductPage key={id} productId={id} />;
}
