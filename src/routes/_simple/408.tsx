import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { useSelector } from '@xstate/react';
import { RequestTimeoutScreen } from '../../features/shell/error-screens';
import type { TenantConfigActor } from '../../app/flows/shell';
import { selectCanRetry, selectRetrying } from '../../../machines/shell/tenant-config.selectors';

export const Route = createFileRoute('/_simple/408')({
  staticData: { title: msg`Something went wrong` },
  component: RequestTimeoutPage,
});

function RequestTimeoutPage() {
  const { tenantActor } = Route.useRouteContext();
  if (!tenantActor) return <RequestTimeoutScreen />;
  return <Retry actor={tenantActor} />;
}

function Retry({ actor }: { actor: TenantConfigActor }) {
  const canRetry = useSelector(actor, selectCanRetry);
  const retrying = useSelector(actor, selectRetrying);
  return (
    <RequestTimeoutScreen
      onRetry={canRetry || retrying ? () => actor.send({ type: 'config.retry' }) : undefined}
      retrying={retrying}
    />
  );
}
