import { createFileRoute } from '@tanstack/react-router';
import { requireModule } from '../../app/router/route-guard';
import { msg } from '@lingui/core/macro';
import { AccountDisconnectProvider, ExchangeAccountProvider } from '../../app/flows/trading';
import { accountQueryOptions, exchangesQueryOptions } from '../../api/trading';
import { AccountView } from '../../features/trading/account-view';

export const Route = createFileRoute('/_member/my-account/$id')({
  beforeLoad: ({ context }) => requireModule(context, 'copyTrading'),
  staticData: { title: msg`My account` },
  loader: ({ context: { queryClient, tenant }, params }) =>
    Promise.all([queryClient.prefetchQuery(accountQueryOptions(tenant.uuid, params.id)), queryClient.prefetchQuery(exchangesQueryOptions(tenant.uuid))]),
  component: MyAccountPage,
});

function MyAccountPage() {
  const { id } = Route.useParams();
  return (
    <AccountView
      id={id}
      withFlows={(account, exchanges, children) => (
        <ExchangeAccountProvider exchanges={exchanges} account={account}>
          <AccountDisconnectProvider accountId={account.id}>{children}</AccountDisconnectProvider>
        </ExchangeAccountProvider>
      )}
    />
  );
}
