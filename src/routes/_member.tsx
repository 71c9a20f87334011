import { Outlet, createFileRoute } from '@tanstack/react-router';
import { enforceAccess } from '../app/route-guard';
import { ssoSessionLogic } from '../app/flows/single-sign-on';
import { MainLayout } from '../features/shell/main-layout';
import { SsoSessionWatch } from '../features/auth/sso-session-watch';
import { flowOptions } from '../lib/flow-inspection';

// Main layout routes: login required. Members of single sign-on tenants get the session check.
export const Route = createFileRoute('/_member')({
  beforeLoad: ({ context }) => enforceAccess('private', context),
  component: MemberPage,
});

function MemberPage() {
  const { tenant } = Route.useRouteContext();
  return (
    <MainLayout>
      {tenant?.whiteLabel.oauth2 && <SsoSessionWatch logic={ssoSessionLogic(tenant)} options={flowOptions({})} />}
      <Outlet />
    </MainLayout>
  );
}
