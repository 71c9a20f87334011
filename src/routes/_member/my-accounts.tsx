import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { ExchangeAccountProvider } from '../../app/flows/trading';
import { accountsQueryOptions, exchangesQueryOptions, servicesQueryOptions } from '../../api/trading';
import { AccountsView } from '../../features/trading/accounts-view';

export const Route = createFileRoute('/_member/my-accounts')({
  beforeLoad: ({ context }) => requireModule(context, 'copyTrading'),
  staticData: { title: msg`My accounts` },
  loader: ({ context: { queryClient, tenant } }) =>
    Promise.all([
      queryClient.prefetchQuery(accountsQueryOptions(tenant.uuid)),
      queryClient.prefetchQuery(servicesQueryOptions(tenant.uuid)),
      queryClient.prefetchQuery(exchangesQueryOptions(tenant.uuid)),
    ]),
  component: MyAccountsPage,
});

function MyAccountsPage() {
  return <AccountsView withAddFlow={(exchanges, children) => <ExchangeAccountProvider exchanges={exchanges}>{children}</ExchangeAccountProvider>} />;
}
