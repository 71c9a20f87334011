import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { DashboardPage } from '../../app/pages/dashboard-page';
import { isWidget } from '../../lib/dashboard-widgets';

// /widget/{name}: the named dashboard widget alone (names as in design.dashboard_widgets); another name is 404.
export const Route = createFileRoute('/_widget/widget/$name')({
  staticData: { title: msg`Widget` },
  beforeLoad: ({ params }) => {
    if (!isWidget(params.name)) throw redirect({ to: '/404', replace: true });
  },
  component: WidgetRoute,
});

function WidgetRoute() {
  const { name } = Route.useParams();
  const { tenant } = Route.useRouteContext();
  if (!isWidget(name)) return null;
  return <DashboardPage tenant={tenant} upgradeRequested={false} onUpgradeClosed={() => {}} only={name} />;
}
