import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { RequestTimeoutScreen } from '../../features/shell/error-screens';
import { RequestTimeoutRetry } from '../../features/shell/tenant-config-screens';

export const Route = createFileRoute('/_simple/408')({
  staticData: { title: msg`Something went wrong` },
  component: RequestTimeoutPage,
});

function RequestTimeoutPage() {
  const { tenantActor } = Route.useRouteContext();
  if (!tenantActor) return <RequestTimeoutScreen />;
  return <RequestTimeoutRetry actor={tenantActor} />;
}
