// Effects of the learning area's flows (spec §4 "Lessons", calls §4, §7, §8): the lesson (completion,
// viewing reports, the resume position, COURSE_UPDATE, previous/next, leaving) and the course access
// (the subscription poll of the course view), and the providers the course page mounts them with. Each
// create<Flow>Logic(tenant) is made once per tenant.
import { createElement, type ReactNode } from 'react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { lessonMachine } from '../../../machines/learning/lesson.machine';
import type { LessonInput, LessonPlace } from '../../../machines/learning/lesson.types';
import { courseAccessMachine } from '../../../machines/learning/course-access.machine';
import type { CourseAccessInput } from '../../../machines/learning/course-access.types';
import { isAppError } from '../../../domain/app-error';
import { api } from '../../api/client';
import { activeSubscriptionQuery, activeSubscriptionQueryOptions } from '../../api/app-status';
import {
  courseQueryOptions,
  lectureQueryOptions,
  lecturesQueryOptions,
  myCoursesQueryOptions,
  savePositionMutation,
  sectionsQueryOptions,
  updateStatsMutation,
} from '../../api/learning';
import { queryKeys } from '../../api/query-keys';
import { useLessonInput } from '../../features/learning/course-data';
import { CourseAccessContext, LessonContext } from '../../features/learning/learning.contexts';
import type { TenantConfig } from '../../lib/tenant';
import { navigate, watchNavigationStart } from '../router/navigation';
import { queryClient } from '../router/query-client';
import { flowProvider } from './provide';
import { perTenant } from './shared';
import { watchPage } from './watch-page';

/** The spec shows nothing when a lecture or progress call fails (§8): the developer sees it here. */
function logFailure(what: string, error: unknown): void {
  console.warn(`[learning] ${what} failed`, error);
}

/** COURSE_UPDATE (spec §4): the course's progress and contents marks, and the course list, are fetched again. */
function courseUpdate(tenant: TenantConfig, courseId: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.learning.course(tenant.uuid, courseId), exact: true });
  void queryClient.invalidateQueries({ queryKey: myCoursesQueryOptions(tenant.uuid).queryKey });
}

const lessonPath = ({ courseId, lectureId }: LessonPlace) => `/course/${courseId}/${lectureId}`;

export const createLessonLogic = perTenant((tenant) =>
  lessonMachine.provide({
    actors: {
      saveCompletion: fromPromise(async ({ input, signal }) => {
        await api.request(updateStatsMutation, {
          whitelabel_uuid: tenant.uuid,
          course_uuid: input.courseUuid,
          lecture_id: input.lectureId,
          minutes_viewed: 0,
          remove: input.remove,
        });
        // The member left the lesson before the answer came: its flow is gone, the course still refreshes.
        if (signal.aborted) courseUpdate(tenant, input.courseId);
      }),
      watchLeaving: fromCallback<EventObject, LessonPlace>(({ sendBack, input }) =>
        watchNavigationStart((pathname) => {
          if (pathname !== lessonPath(input)) sendBack({ type: 'lesson.leave' });
        }),
      ),
    },
    actions: {
      reportViewing: ({ context }) => {
        api
          .request(updateStatsMutation, {
            whitelabel_uuid: tenant.uuid,
            course_uuid: context.courseUuid,
            lecture_id: context.lectureId,
            minutes_viewed: 1,
          })
          .catch((error: unknown) => logFailure('Viewing report', error));
      },
      savePosition: ({ context }, { seconds }) => {
        // The cached lecture resumes there too when the member opens it again in this visit.
        queryClient.setQueryData(lectureQueryOptions(tenant.uuid, context.courseId, context.lectureId).queryKey, (lecture) =>
          lecture ? { ...lecture, resume_seconds: seconds } : lecture,
        );
        api
          .request(savePositionMutation, {
            whitelabel_uuid: tenant.uuid,
            course_uuid: context.courseUuid,
            lecture_id: context.lectureId,
            seconds,
          })
          .catch((error: unknown) => logFailure('Saving the position', error));
      },
      publishCourseUpdate: ({ context }) => courseUpdate(tenant, context.courseId),
      goToLecture: ({ context }, { lectureId }) =>
        void navigate({ to: '/course/$courseId/$lessonId', params: { courseId: context.courseId, lessonId: lectureId } }),
      logFailure: (_, { error }) => logFailure('Changing the completion', error),
    },
  }),
);

export const createCourseAccessLogic = perTenant((tenant) =>
  courseAccessMachine.provide({
    actors: {
      fetchSubscription: fromPromise(async () => {
        const answer = await api.request(activeSubscriptionQuery);
        queryClient.setQueryData(activeSubscriptionQueryOptions().queryKey, answer);
        return answer.whiteLabelUserActiveSubscription ?? null;
      }),
      watchPage,
    },
    actions: {
      // The server kept the locked lessons back: drop them (the lesson waits for them afresh, so its flow
      // starts with the video) and fetch the course again.
      refreshCourse: () => {
        queryClient.removeQueries({ queryKey: queryKeys.learning.all(tenant.uuid), predicate: ({ queryKey }) => queryKey[4] === 'lecture' });
        void queryClient.invalidateQueries({ queryKey: queryKeys.learning.all(tenant.uuid) });
      },
    },
  }),
);

/** The course view's access flow, one per course, on the subscription the route's loader read. */
export const CourseAccessProvider = flowProvider(
  CourseAccessContext,
  ({ courseId, access }: { courseId: string; access: CourseAccessInput }, tenant) => ({
    logic: createCourseAccessLogic(tenant),
    input: access,
    key: courseId,
  }),
);

const LessonFlow = flowProvider(LessonContext, ({ input }: { input: LessonInput }, tenant) => ({
  logic: createLessonLogic(tenant),
  input,
  key: input.lectureId,
}));

/**
 * A lecture's lesson flow (a new lecture starts a new one), on where the lecture sits in the course and what
 * the member has done; it waits, suspended, while the course or the lecture is fetched again.
 */
export function LessonProvider({ courseId, lessonId, children }: { courseId: string; lessonId: string; children?: ReactNode }) {
  return createElement(LessonFlow, { input: useLessonInput(courseId, lessonId), children });
}

/**
 * The course route's loader: the course, its outline and the lecture, and the subscription (the course
 * access flow's input). A lecture or course that fails to load goes to /my-courses (spec §8); an ended
 * session takes its own road (/logout?s=expired).
 */
export async function loadLesson(
  client: QueryClient,
  tenant: TenantConfig,
  { courseId, lessonId }: { courseId: string; lessonId: string },
): Promise<CourseAccessInput> {
  const subscription = client
    .ensureQueryData(activeSubscriptionQueryOptions())
    .then((answer) => answer.whiteLabelUserActiveSubscription ?? null)
    .catch(() => null);
  try {
    const [course] = await Promise.all([
      client.ensureQueryData(courseQueryOptions(tenant.uuid, courseId)),
      client.ensureQueryData(sectionsQueryOptions(tenant.uuid, courseId)),
      client.ensureQueryData(lecturesQueryOptions(tenant.uuid, courseId)),
      client.ensureQueryData(lectureQueryOptions(tenant.uuid, courseId, lessonId)),
    ]);
    return { requiresSubscription: course.requires_subscription, subscription: await subscription };
  } catch (error) {
    if (isAppError(error) && error.category === 'authentication') throw error;
    logFailure('Loading the lecture', error);
    throw redirect({ to: '/my-courses', replace: true });
  }
}
