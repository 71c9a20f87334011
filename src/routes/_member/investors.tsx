import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { RequestDecisionProvider } from '../../app/flows/copy-trading-investors';
import { investorsQueryOptions } from '../../api/copy-links';
import { InvestorsView } from '../../features/trading/copy/investors-view';

export const Route = createFileRoute('/_member/investors')({
  beforeLoad: ({ context }) => requireModule(context, 'copyTrading'),
  staticData: { title: msg`Investors` },
  loader: ({ context: { queryClient, tenant } }) => queryClient.prefetchQuery(investorsQueryOptions(tenant.uuid)),
  component: InvestorsPage,
});

function InvestorsPage() {
  return (
    <InvestorsView
      withDecision={(requestId, children) => (
        <RequestDecisionProvider key={requestId} requestId={requestId}>
          {children}
        </RequestDecisionProvider>
      )}
    />
  );
}
