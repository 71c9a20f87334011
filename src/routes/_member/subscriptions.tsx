import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { createSubscriptionLogic } from '../../app/flows/tariffs';
import { platformSubscriptionQueryOptions } from '../../api/tariffs';
import { flowOptions } from '../../lib/flow-inspection';
import { SubscriptionsView } from '../../features/tariffs/subscriptions-view';

export const Route = createFileRoute('/_member/subscriptions')({
  staticData: { title: msg`Subscriptions` },
  loader: ({ context }) => context.queryClient.ensureQueryData(platformSubscriptionQueryOptions()),
  component: SubscriptionsPage,
});

function SubscriptionsPage() {
  const { tenant } = Route.useRouteContext();
  const logic = createSubscriptionLogic(tenant);
  return <SubscriptionsView subscriptionFlow={(active) => ({ logic, options: flowOptions({ input: { active } }) })} />;
}
