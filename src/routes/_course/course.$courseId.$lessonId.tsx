import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { createCourseAccessLogic, createLessonLogic, loadLesson } from '../../app/flows/learning';
import { flowOptions } from '../../lib/flow-inspection';
import { CourseAccessContext } from '../../features/learning/learning.contexts';
import { CourseView } from '../../features/learning/course-view';

export const Route = createFileRoute('/_course/course/$courseId/$lessonId')({
  beforeLoad: ({ context }) => requireModule(context, 'learning'),
  staticData: { title: msg`Course` },
  loader: ({ context, params }) => loadLesson(context.queryClient, context.tenant, params),
  component: CoursePage,
});

function CoursePage() {
  const { tenant } = Route.useRouteContext();
  const { courseId, lessonId } = Route.useParams();
  const access = Route.useLoaderData();
  return (
    <CourseAccessContext.Provider key={courseId} logic={createCourseAccessLogic(tenant)} options={flowOptions({ input: access })}>
      <CourseView courseId={courseId} lessonId={lessonId} lessonLogic={createLessonLogic(tenant)} />
    </CourseAccessContext.Provider>
  );
}
