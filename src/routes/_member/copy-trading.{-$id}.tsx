import { createFileRoute } from '@tanstack/react-router';
import { requireModule } from '../../app/router/route-guard';
import { msg } from '@lingui/core/macro';
import { PlaceholderPage } from '../../features/shell/placeholder-page';
import { ConnectPanel } from '../../app/pages/connect-panel';

// TEMPORARY harness (not committed): the strategy page is views B's; this only mounts the Connect panel for the e2e.
export const Route = createFileRoute('/_member/copy-trading/{-$id}')({
  beforeLoad: ({ context }) => requireModule(context, 'copyTrading'),
  staticData: { title: msg`Copy trading` },
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  if (!id) return <PlaceholderPage />;
  return <ConnectPanel strategy={{ id, name: 'Momentum Alts', quote_asset: 'USDT', min_deposit: '100', in_probation: false, capacity_left: 10, mine: false }} />;
}
