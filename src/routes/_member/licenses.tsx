import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { LicenseRequestProvider } from '../../app/flows/licenses';
import { LicensesView } from '../../features/licenses/licenses-view';

export const Route = createFileRoute('/_member/licenses')({
  beforeLoad: ({ context }) => requireModule(context, 'license'),
  staticData: { title: msg`Licenses` },
  component: LicensesPage,
});

function LicensesPage() {
  return (
    <LicenseRequestProvider>
      <LicensesView />
    </LicenseRequestProvider>
  );
}
