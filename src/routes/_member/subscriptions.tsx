import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { SubscriptionProvider } from '../../app/flows/tariffs';
import { platformSubscriptionQueryOptions } from '../../api/tariffs';
import { SubscriptionsView } from '../../features/tariffs/subscriptions-view';

export const Route = createFileRoute('/_member/subscriptions')({
  staticData: { title: msg`Subscriptions` },
  loader: ({ context }) => context.queryClient.ensureQueryData(platformSubscriptionQueryOptions()),
  component: SubscriptionsPage,
});

function SubscriptionsPage() {
  return (
    <SubscriptionProvider>
      <SubscriptionsView />
    </SubscriptionProvider>
  );
}
