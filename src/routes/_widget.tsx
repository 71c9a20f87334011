import { Outlet, createFileRoute } from '@tanstack/react-router';
import { enforceAccess } from '../app/router/route-guard';
import { loadMember } from '../app/router/member-loader';
import { QueryScope } from '../app/router/query-scope';
import { loadQueryClient } from '../app/router/query-client-loader';
import { WidgetLayout } from '../features/shell/widget-layout';

// One dashboard widget for embedding: login required, the member loaded as the member layout does.
export const Route = createFileRoute('/_widget')({
  beforeLoad: async ({ context }) => {
    const { tenant } = enforceAccess('private', context);
    const queryClient = await loadQueryClient();
    return { tenant, queryClient, member: await loadMember(queryClient) };
  },
  component: () => (
    <QueryScope>
      <WidgetLayout>
        <Outlet />
      </WidgetLayout>
    </QueryScope>
  ),
});
