// What the course view's parts read: the course, its outline (sections and lectures in course order), a
// lecture and the lesson flow's input for it, from the queries the route has loaded (each waits, suspended,
// while its query is fetched again).
import { useMemo } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import {
  courseQueryOptions,
  lectureQueryOptions,
  lecturesQueryOptions,
  sectionsQueryOptions,
  type Course,
  type Lecture,
  type LectureEntry,
} from '../../api/learning';
import { courseOutline, neighbours, othersIncomplete, videoKindOf, type CourseOutline } from '../../../machines/learning/course-outline';
import type { LessonInput } from '../../../machines/learning/lesson.types';
import { useTenant } from '../../lib/tenant-context';

export function useCourse(courseId: string): Course {
  const tenant = useTenant();
  return useSuspenseQuery(courseQueryOptions(tenant.uuid, courseId)).data;
}

export function useOutline(courseId: string): CourseOutline<LectureEntry> {
  const tenant = useTenant();
  const sections = useSuspenseQuery(sectionsQueryOptions(tenant.uuid, courseId)).data;
  const lectures = useSuspenseQuery(lecturesQueryOptions(tenant.uuid, courseId)).data;
  return useMemo(() => courseOutline(sections, lectures), [sections, lectures]);
}

export function useLecture(courseId: string, lectureId: string): Lecture {
  const tenant = useTenant();
  return useSuspenseQuery(lectureQueryOptions(tenant.uuid, courseId, lectureId)).data;
}

/** The lesson flow's input for a lecture of the course. */
export function useLessonInput(courseId: string, lectureId: string): LessonInput {
  return lessonInputOf(useCourse(courseId), useOutline(courseId), useLecture(courseId, lectureId), lectureId);
}

/** The lesson flow's input: where the lecture sits in the course and what the member has done. */
function lessonInputOf(course: Course, outline: CourseOutline<LectureEntry>, lecture: Lecture, lectureId: string): LessonInput {
  const completedIds = course.course_stats?.lectures_started ?? [];
  return {
    courseId: course.id,
    courseUuid: course.uuid,
    lectureId,
    completed: completedIds.includes(lectureId),
    ...neighbours(outline.order, lectureId),
    othersIncomplete: othersIncomplete(outline.order, completedIds, lectureId),
    hasVideo: videoKindOf(lecture) !== 'none',
    resumeAt: lecture.resume_seconds,
  };
}
