// @vitest-environment jsdom
// The course access flow's model paths, walked through the real course view: a course that comes with
// the subscription shows its lesson while the subscription is active and the lock notice while it is not.
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { CourseAccessEvent } from '../../machines/learning/course-access.types';
import { lessonMachine } from '../../machines/learning/lesson.machine';
import { CourseAccessContext, LessonContext } from '../../src/features/learning/learning.contexts';
import { CourseView } from '../../src/features/learning/course-view';
import { useLessonInput } from '../../src/features/learning/course-data';
import { LessonPane } from '../../src/features/learning/lesson-view';
import { courseQueryOptions, lectureQueryOptions, lecturesQueryOptions, sectionsQueryOptions } from '../../src/api/learning';
import { fakeEffects, modelPaths } from '../support/model';
import { renderView, testTenant } from '../support/render';
import { walkPath, type Gesture } from '../support/walk';
import { courseAccessModel } from '../models/course-access.model';

/** The lecture's lesson as the course page mounts it: its flow (effects faked) on the lecture's input. */
function Lesson() {
  const input = useLessonInput('2', '7');
  return (
    <LessonContext.Provider logic={fakeEffects(lessonMachine).logic} options={{ input }}>
      <LessonPane />
    </LessonContext.Provider>
  );
}

function courseCache() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const wl = testTenant.uuid;
  client.setQueryData(courseQueryOptions(wl, '2').queryKey, {
    id: '2',
    uuid: '0b6f6a1e-2a7e-4b8f-9b37-6c1e1d0f5a21',
    name: "Members' club: market notes",
    excerpt: 'Weekly notes that come with the platform subscription.',
    description: '<p>Weekly market notes.</p>',
    lectures_number: 1,
    course_stats: { lectures_views: 0, lectures_started: [] },
    downloads: [],
    requires_subscription: true,
  });
  client.setQueryData(sectionsQueryOptions(wl, '2').queryKey, [{ id: '3', name: 'This week', sort_order: 1 }]);
  client.setQueryData(lecturesQueryOptions(wl, '2').queryKey, [{ id: '7', name: 'Reading list', section: { id: '3' } }]);
  client.setQueryData(lectureQueryOptions(wl, '2', '7').queryKey, {
    id: '7',
    name: 'Reading list',
    excerpt: null,
    video_type: '',
    video_link: null,
    description: '<p>Three articles.</p>',
    resume_seconds: 0,
  });
  return client;
}

describe('course view: course access', () => {
  for (const modelPath of modelPaths(courseAccessModel)) {
    it(modelPath.title, async () => {
      let actor: { send: (event: CourseAccessEvent) => void } | undefined;
      // The tab's visibility, as the flow's page watcher reports it.
      const visibility: Gesture = async (_user, event) => act(() => actor!.send(event as CourseAccessEvent));
      const gestures = { 'page.hidden': visibility, 'page.visible': visibility } satisfies {
        [K in CourseAccessEvent['type']]: Gesture<Extract<CourseAccessEvent, { type: K }>>;
      };
      await walkPath(modelPath, {
        machine: courseAccessModel.machine,
        gestures,
        expectScreen: (snapshot) => {
          if (snapshot.hasTag('locked')) {
            expect(screen.getByTestId('course-locked')).toHaveTextContent('The lessons are locked');
            // Only the portal's owner can renew it; anyone else is told so, with no link to a page they cannot act on.
            if (snapshot.context.subscription?.can_activate) {
              expect(screen.getByRole('link', { name: 'Renew the subscription' })).toHaveAttribute('href', '/subscriptions');
            } else {
              expect(screen.queryByRole('link', { name: 'Renew the subscription' })).toBeNull();
              expect(screen.getByTestId('course-locked')).toHaveTextContent('The portal’s owner manages the subscription.');
            }
            expect(screen.queryByTestId('lesson')).toBeNull();
          } else {
            expect(screen.queryByTestId('course-locked')).toBeNull();
            expect(screen.getByTestId('lesson')).toBeInTheDocument();
          }
        },
        render: (logic, input, clock) => {
          function CaptureActor() {
            actor = CourseAccessContext.useActorRef();
            return null;
          }
          renderView(
            <CourseAccessContext.Provider logic={logic} options={{ input: input as never, clock }}>
              <CaptureActor />
              <CourseView courseId="2" lessonId="7" lesson={<Lesson />} />
            </CourseAccessContext.Provider>,
            { queryClient: courseCache() },
          );
          return { snapshot: () => (actor as unknown as { getSnapshot: () => any }).getSnapshot() };
        },
      });
    });
  }
});
