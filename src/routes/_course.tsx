import { Outlet, createFileRoute } from '@tanstack/react-router';
import { enforceAccess } from '../app/router/route-guard';
import { QueryScope } from '../app/router/query-scope';
import { loadQueryClient } from '../app/router/query-client-loader';
import { CourseLayout } from '../features/shell/course-layout';

export const Route = createFileRoute('/_course')({
  // The query client goes in the context for the lesson's loader.
  beforeLoad: async ({ context }) => ({ ...enforceAccess('private', context), queryClient: await loadQueryClient() }),
  component: () => (
    <QueryScope>
      <CourseLayout>
        <Outlet />
      </CourseLayout>
    </QueryScope>
  ),
});
