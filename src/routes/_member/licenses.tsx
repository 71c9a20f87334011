import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { licenseOverviewQueryOptions } from '../../api/licenses';
import { LicenseRequestProvider } from '../../app/flows/licenses';
import { LicensesView } from '../../features/licenses/licenses-view';

export const Route = createFileRoute('/_member/licenses')({
  beforeLoad: ({ context }) => requireModule(context, 'license'),
  staticData: { title: msg`Licenses` },
  // Primed, never thrown: a failed load is the page's own state, with Try again.
  loader: ({ context }) => context.queryClient.prefetchQuery(licenseOverviewQueryOptions(context.tenant.uuid)),
  component: LicensesPage,
});

function LicensesPage() {
  return (
    <LicenseRequestProvider>
      <LicensesView />
    </LicenseRequestProvider>
  );
}
