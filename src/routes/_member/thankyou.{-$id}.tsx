import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { invoiceQueryOptions } from '../../api/payments';
import { tenantFeatures } from '../../lib/tenant';
import { ThankYou } from '../../features/payments/thank-you';

export const Route = createFileRoute('/_member/thankyou/{-$id}')({
  staticData: { title: msg`Thank you` },
  loader: ({ context, params }) => (params.id ? context.queryClient.prefetchQuery(invoiceQueryOptions(params.id)) : undefined),
  component: ThankYouPage,
});

function ThankYouPage() {
  const { tenant } = Route.useRouteContext();
  const features = tenantFeatures(tenant);
  return <ThankYou tag={Route.useParams().id} coursesOn={features.learning} productsOn={features.products} />;
}
