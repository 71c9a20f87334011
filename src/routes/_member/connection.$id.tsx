import { createFileRoute } from '@tanstack/react-router';
import { requireModule } from '../../app/router/route-guard';
import { msg } from '@lingui/core/macro';
import { ConnectionProvider } from '../../app/flows/copy-trading-connection';
import { ConnectionView } from '../../features/trading/copy/connection-view';

export const Route = createFileRoute('/_member/connection/$id')({
  beforeLoad: ({ context }) => requireModule(context, 'copyTrading'),
  staticData: { title: msg`Connection` },
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
