import { Outlet, createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { activeSubscriptionQueryOptions } from '../api/app-state';
import { memberStatusLogic } from '../app/flows/member-status';
import { NewVersionNotice } from '../features/app-status/new-version-notice';
import { MemberSettingsFeed, MemberStatusContext, SuspendedDialog, WarningBanner } from '../features/app-status/member-status';
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
  // The platform subscription is polled every 30 s while a member is signed in (calls §4).
  useQuery(activeSubscriptionQueryOptions());
  return (
    <MemberStatusContext.Provider logic={memberStatusLogic} options={flowOptions({})}>
      <MemberSettingsFeed />
      <SuspendedDialog />
      <MainLayout>
        {tenant?.whiteLabel.oauth2 && <SsoSessionWatch logic={ssoSessionLogic(tenant)} options={flowOptions({})} />}
        <NewVersionNotice />
        <WarningBanner />
        <Outlet />
      </MainLayout>
    </MemberStatusContext.Provider>
  );
}
