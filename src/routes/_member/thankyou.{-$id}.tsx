import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { invoiceQueryOptions } from '../../api/payments';
import { myCoursesQueryOptions } from '../../api/learning';
import { tenantFeatures } from '../../lib/tenant';
import { ThankYou } from '../../features/payments/thank-you';

export const Route = createFileRoute('/_member/thankyou/{-$id}')({
  staticData: { title: msg`Thank you` },
  // The member's courses fresh (a course just bought is among them), so the page can lead to it.
  loader: ({ context, params }) =>
    params.id
      ? Promise.all([
          context.queryClient.prefetchQuery(invoiceQueryOptions(params.id)),
          tenantFeatures(context.tenant).learning && context.queryClient.prefetchQuery({ ...myCoursesQueryOptions(context.tenant.uuid), staleTime: 0 }),
        ])
      : undefined,
  component: ThankYouPage,
});

function ThankYouPage() {
  const features = tenantFeatures(Route.useRouteContext().tenant);
  return <ThankYou tag={Route.useParams().id} coursesOn={features.learning} tariffsOn={features.tariffs} />;
}
