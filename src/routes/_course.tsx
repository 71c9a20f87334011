import { Outlet, createFileRoute } from '@tanstack/react-router';
import { enforceAccess } from '../app/route-guard';
import { CourseLayout } from '../features/shell/course-layout';

export const Route = createFileRoute('/_course')({
  beforeLoad: ({ context }) => enforceAccess('private', context),
  component: () => (
    <CourseLayout>
      <Outlet />
    </CourseLayout>
  ),
});
