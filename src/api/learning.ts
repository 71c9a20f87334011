// Learning (calls §7 moduleLmsCourse*, Beyond §7 moduleLmsMyCourses and the resume position): the member's
// courses, a course with its sections and lectures, one lecture, and the lecture view call.
import { queryOptions } from '@tanstack/react-query';
import { graphql } from './generated';
import type { CourseQuery, LectureQuery, LecturesQuery, MyCoursesQuery, SectionsQuery } from './generated/graphql';
import { api } from './client';
import { queryKeys } from './query-keys';

export const myCoursesQuery = graphql(`
  query MyCourses($whitelabel_uuid: ID!) {
    moduleLmsMyCourses(whitelabel_uuid: $whitelabel_uuid) {
      id
      name
      image {
        url
      }
      bg_color
      excerpt
      lectures_number
      course_stats {
        lectures_views
      }
      requires_subscription
      next_lecture_id
      product_id
    }
  }
`);

export const courseQuery = graphql(`
  query Course($whitelabel_uuid: ID!, $course_id: ID!) {
    moduleLmsCourse(whitelabel_uuid: $whitelabel_uuid, course_id: $course_id) {
      id
      uuid
      name
      excerpt
      description
      lectures_number
      course_stats {
        lectures_views
        lectures_started
      }
      downloads {
        name
        download_link
      }
      requires_subscription
    }
  }
`);

export const sectionsQuery = graphql(`
  query Sections($whitelabel_uuid: ID!, $course_id: ID!) {
    moduleLmsCourseSections(whitelabel_uuid: $whitelabel_uuid, course_id: $course_id) {
      id
      name
      sort_order
    }
  }
`);

export const lecturesQuery = graphql(`
  query Lectures($whitelabel_uuid: ID!, $course_id: ID!) {
    moduleLmsCourseLectures(whitelabel_uuid: $whitelabel_uuid, course_id: $course_id) {
      id
      name
      section {
        id
      }
    }
  }
`);

export const lectureQuery = graphql(`
  query Lecture($whitelabel_uuid: ID!, $course_id: ID!, $lecture_id: ID!) {
    moduleLmsCourseLecture(whitelabel_uuid: $whitelabel_uuid, course_id: $course_id, lecture_id: $lecture_id) {
      id
      name
      excerpt
      video_type
      video_link
      description
      resume_seconds
    }
  }
`);

export const updateStatsMutation = graphql(`
  mutation ModuleLmsCourseUpdateStats(
    $whitelabel_uuid: ID!
    $course_uuid: ID!
    $lecture_id: ID!
    $minutes_viewed: Int!
    $remove: Boolean
  ) {
    moduleLmsCourseUpdateStats(
      whitelabel_uuid: $whitelabel_uuid
      course_uuid: $course_uuid
      lecture_id: $lecture_id
      minutes_viewed: $minutes_viewed
      remove: $remove
    ) {
      status
    }
  }
`);

export const savePositionMutation = graphql(`
  mutation ModuleLmsCourseSavePosition($whitelabel_uuid: ID!, $course_uuid: ID!, $lecture_id: ID!, $seconds: Int!) {
    moduleLmsCourseSavePosition(whitelabel_uuid: $whitelabel_uuid, course_uuid: $course_uuid, lecture_id: $lecture_id, seconds: $seconds) {
      status
    }
  }
`);

export type MyCourse = MyCoursesQuery['moduleLmsMyCourses'][number];
export type Course = NonNullable<CourseQuery['moduleLmsCourse']>;
export type Section = SectionsQuery['moduleLmsCourseSections'][number];
export type LectureEntry = LecturesQuery['moduleLmsCourseLectures'][number];
export type Lecture = NonNullable<LectureQuery['moduleLmsCourseLecture']>;

export const myCoursesQueryOptions = (whitelabelUuid: string) =>
  queryOptions({
    queryKey: queryKeys.learning.myCourses(whitelabelUuid),
    queryFn: async () => (await api.request(myCoursesQuery, { whitelabel_uuid: whitelabelUuid })).moduleLmsMyCourses,
  });

export const courseQueryOptions = (whitelabelUuid: string, courseId: string) =>
  queryOptions({
    queryKey: queryKeys.learning.course(whitelabelUuid, courseId),
    queryFn: async () => {
      const { moduleLmsCourse } = await api.request(courseQuery, { whitelabel_uuid: whitelabelUuid, course_id: courseId });
      if (!moduleLmsCourse) throw new Error('No such course');
      return moduleLmsCourse;
    },
  });

export const sectionsQueryOptions = (whitelabelUuid: string, courseId: string) =>
  queryOptions({
    queryKey: queryKeys.learning.sections(whitelabelUuid, courseId),
    queryFn: async () => (await api.request(sectionsQuery, { whitelabel_uuid: whitelabelUuid, course_id: courseId })).moduleLmsCourseSections,
  });

export const lecturesQueryOptions = (whitelabelUuid: string, courseId: string) =>
  queryOptions({
    queryKey: queryKeys.learning.lectures(whitelabelUuid, courseId),
    queryFn: async () => (await api.request(lecturesQuery, { whitelabel_uuid: whitelabelUuid, course_id: courseId })).moduleLmsCourseLectures,
  });

export const lectureQueryOptions = (whitelabelUuid: string, courseId: string, lectureId: string) =>
  queryOptions({
    queryKey: queryKeys.learning.lecture(whitelabelUuid, courseId, lectureId),
    queryFn: async () => {
      const { moduleLmsCourseLecture } = await api.request(lectureQuery, {
        whitelabel_uuid: whitelabelUuid,
        course_id: courseId,
        lecture_id: lectureId,
      });
      if (!moduleLmsCourseLecture) throw new Error('No such lecture');
      return moduleLmsCourseLecture;
    },
  });
