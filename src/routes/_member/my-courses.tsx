import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { myCoursesQueryOptions } from '../../api/learning';
import { MyCoursesView } from '../../features/learning/my-courses-view';

export const Route = createFileRoute('/_member/my-courses')({
  beforeLoad: ({ context }) => requireModule(context, 'learning'),
  staticData: { title: msg`My courses` },
  loader: ({ context }) => context.queryClient.ensureQueryData(myCoursesQueryOptions(context.tenant.uuid)),
  component: MyCoursesView,
});
