import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { RequestTimeoutScreen } from '../../features/shell/error-screens';
import { RequestTimeoutRetry } from '../../features/shell/tenant-config-screens';
import { pathAfterRequestTimeout } from '../../app/flows/shell';

export const Route = createFileRoute('/_simple/408')({
  staticData: { title: msg`Something went wrong` },
  // Reloaded once the server answers again: the settings are there, so the visitor goes on to where they were going.
  beforeLoad: ({ context }) => {
    if (context.tenant) throw redirect({ href: pathAfterRequestTimeout(), replace: true });
  },
  component: RequestTimeoutPage,
});

function RequestTimeoutPage() {
  const { tenantActor } = Route.useRouteContext();
  if (!tenantActor) return <RequestTimeoutScreen />;
  return <RequestTimeoutRetry actor={tenantActor} />;
}
