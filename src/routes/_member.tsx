import { Outlet, createFileRoute } from '@tanstack/react-router';
import { enforceAccess } from '../app/route-guard';
import { loadMember } from '../app/member-loader';
import { MemberPage } from '../app/member-page';

// Main layout routes: login required; the member is loaded before any page shows.
export const Route = createFileRoute('/_member')({
  beforeLoad: async ({ context }) => {
    const { tenant } = enforceAccess('private', context);
    return { tenant, member: await loadMember(context.queryClient) };
  },
  component: MemberLayoutRoute,
});

function MemberLayoutRoute() {
  const { tenant } = Route.useRouteContext();
  return (
    <MemberPage tenant={tenant}>
      <Outlet />
    </MemberPage>
  );
}
