import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { requireModule } from '../../app/router/route-guard';
import { CourseAccessProvider, LessonProvider, loadLesson } from '../../app/flows/learning';
import { CourseView } from '../../features/learning/course-view';
import { LessonPane } from '../../features/learning/lesson-view';

export const Route = createFileRoute('/_course/course/$courseId/$lessonId')({
  beforeLoad: ({ context }) => requireModule(context, 'learning'),
  staticData: { title: msg`Course` },
  loader: ({ context, params }) => loadLesson(context.queryClient, context.tenant, params),
  component: CoursePage,
});

function CoursePage() {
  const { courseId, lessonId } = Route.useParams();
  const lesson = (
    <LessonProvider courseId={courseId} lessonId={lessonId}>
      <LessonPane />
    </LessonProvider>
  );
  return (
    <CourseAccessProvider courseId={courseId} access={Route.useLoaderData()}>
      <CourseView courseId={courseId} lessonId={lessonId} lesson={lesson} />
    </CourseAccessProvider>
  );
}
