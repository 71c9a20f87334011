import { createFileRoute } from '@tanstack/react-router';
import { requireModule } from '../../app/router/route-guard';
import { msg } from '@lingui/core/macro';
import { ConnectionProvider } from '../../app/flows/copy-trading-connection';
import { connectionQueryOptions } from '../../api/copy-links';
import { ConnectionView } from '../../features/trading/copy/connection-view';

export const Route = createFileRoute('/_member/connection/$id')({
  beforeLoad: ({ context }) => requireModule(context, 'copyTrading'),
  staticData: { title: msg`Connection` },
  loader: ({ context: { queryClient, tenant }, params }) => queryClient.prefetchQuery(connectionQueryOptions(tenant.uuid, params.id)),
  component: ConnectionPage,
});

function ConnectionPage() {
  const { id } = Route.useParams();
  return (
    <ConnectionProvider connectionId={id}>
      <ConnectionView />
    </ConnectionProvider>
  );
}
