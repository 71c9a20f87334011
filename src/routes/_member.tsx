import { Outlet, createFileRoute } from '@tanstack/react-router';
import { enforceAccess } from '../app/router/route-guard';
import { loadMember } from '../app/router/member-loader';
import { MemberPage } from '../app/pages/member-page';
import { QueryScope } from '../app/router/query-scope';
import { loadQueryClient } from '../app/router/query-client-loader';

// Main layout routes: login required; the member is loaded before any page shows. The query client goes in
// the context for the pages' loaders.
export const Route = createFileRoute('/_member')({
  beforeLoad: async ({ context }) => {
    const { tenant } = enforceAccess('private', context);
    const queryClient = await loadQueryClient();
    return { tenant, queryClient, member: await loadMember(queryClient) };
  },
  component: MemberLayoutRoute,
});

function MemberLayoutRoute() {
  const { tenant } = Route.useRouteContext();
  return (
    <QueryScope>
      <MemberPage tenant={tenant}>
        <Outlet />
      </MemberPage>
    </QueryScope>
  );
}
