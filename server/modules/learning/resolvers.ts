// Learning: the member's courses, a course's sections and lectures, and the lecture view call with the
// resume position. Every operation needs the viewer, the viewer's own tenant with the lms module, and an
// enrolment in the course (server/schema.graphql, "learning").
import * as v from 'valibot';
import type { Resolvers } from '../../generated/resolvers-types';
import { requireViewerTenant } from '../../context';
import { validate } from '../../validation';
import {
  courseLecture,
  courseLectures,
  courseSections,
  courseView,
  enrolledCourse,
  myCourses,
  requireLearning,
} from './service';
import { savePosition, updateStats } from './progress';
import { courseFileSigner } from './file-links';

/** Ids of courses, sections and lectures are whole numbers. */
const numericId = v.pipe(v.string('required'), v.regex(/^\d{1,9}$/, 'digits'), v.transform(Number));
const courseUuid = v.pipe(v.string('required'), v.uuid('required'));
/** Seconds into a video: at most a day. */
const seconds = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(86_400));

const statsInput = v.object({
  course_uuid: courseUuid,
  lecture_id: numericId,
  // One report is a minute; more than an hour in one call is not a report.
  minutes_viewed: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(60)),
  remove: v.nullish(v.boolean(), null),
});

const positionInput = v.object({ course_uuid: courseUuid, lecture_id: numericId, seconds });

export const learningResolvers: Resolvers = {
  Query: {
    async moduleLmsMyCourses(_parent, args, context) {
      const { user, tenant, sessionId } = await requireViewerTenant(context, args.whitelabel_uuid);
      await requireLearning(context.db, tenant);
      return myCourses(context.db, user, await courseFileSigner(context.db, sessionId));
    },
    async moduleLmsCourse(_parent, args, context) {
      const { user, tenant, sessionId } = await requireViewerTenant(context, args.whitelabel_uuid);
      const courseId = validate(numericId, args.course_id);
      await requireLearning(context.db, tenant);
      const course = await enrolledCourse(context.db, user, { id: courseId });
      return courseView(context.db, user, course, await courseFileSigner(context.db, sessionId));
    },
    async moduleLmsCourseSections(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      const courseId = validate(numericId, args.course_id);
      await requireLearning(context.db, tenant);
      return courseSections(context.db, await enrolledCourse(context.db, user, { id: courseId }));
    },
    async moduleLmsCourseLectures(_parent, args, context) {
      const { user, tenant, sessionId } = await requireViewerTenant(context, args.whitelabel_uuid);
      const { course_id, section_id } = validate(v.object({ course_id: numericId, section_id: v.nullish(numericId, null) }), args);
      await requireLearning(context.db, tenant);
      const course = await enrolledCourse(context.db, user, { id: course_id });
      return courseLectures(context.db, user, course, section_id, await courseFileSigner(context.db, sessionId));
    },
    async moduleLmsCourseLecture(_parent, args, context) {
      const { user, tenant, sessionId } = await requireViewerTenant(context, args.whitelabel_uuid);
      const { course_id, lecture_id } = validate(v.object({ course_id: numericId, lecture_id: numericId }), args);
      await requireLearning(context.db, tenant);
      const course = await enrolledCourse(context.db, user, { id: course_id });
      return courseLecture(context.db, user, course, lecture_id, await courseFileSigner(context.db, sessionId));
    },
  },
  Mutation: {
    async moduleLmsCourseUpdateStats(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      const input = validate(statsInput, args);
      await requireLearning(context.db, tenant);
      await updateStats(context.db, user, {
        courseUuid: input.course_uuid,
        lectureId: input.lecture_id,
        minutesViewed: input.minutes_viewed,
        remove: input.remove,
      });
      return { status: 'success', message: 'Progress saved.' };
    },
    async moduleLmsCourseSavePosition(_parent, args, context) {
      const { user, tenant } = await requireViewerTenant(context, args.whitelabel_uuid);
      const input = validate(positionInput, args);
      await requireLearning(context.db, tenant);
      await savePosition(context.db, user, { courseUuid: input.course_uuid, lectureId: input.lecture_id, seconds: input.seconds });
      return { status: 'success', message: 'Position saved.' };
    },
  },
};
