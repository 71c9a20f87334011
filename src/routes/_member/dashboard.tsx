import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { dashboardDealsQueryOptions, dashboardFinanceQueryOptions, dashboardPlansQueryOptions } from '../../api/wallet';
import { DashboardPage } from '../../app/pages/dashboard-page';
import { dashboardSearchSchema } from './-dashboard-search';

export const Route = createFileRoute('/_member/dashboard')({
  staticData: { title: msg`Dashboard` },
  validateSearch: dashboardSearchSchema,
  // Every widget's query starts at once and none is awaited: each widget shows its own wait and error.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(dashboardPlansQueryOptions());
    void queryClient.prefetchQuery(dashboardFinanceQueryOptions());
    void queryClient.prefetchQuery(dashboardDealsQueryOptions('mine'));
    void queryClient.prefetchQuery(dashboardDealsQueryOptions('team'));
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  const [search, navigate] = [Route.useSearch(), Route.useNavigate()];
  const onUpgradeClosed = () => void navigate({ search: {}, replace: true });
  return (
    <DashboardPage
      tenant={Route.useRouteContext().tenant}
      upgradeRequested={search.upgrade === true}
      onUpgradeClosed={onUpgradeClosed}
    />
  );
}
