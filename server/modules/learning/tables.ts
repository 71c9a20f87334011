// Learning tables: courses with their sections, lectures and downloads, who is enrolled, and each member's
// progress per lecture (completion, minutes viewed, where the video stopped).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { tenants } from '../shell/tables';
import { users } from '../account/tables';

export const lmsCourses = pgTable(
  'lms_courses',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().default(sql`gen_random_uuid()`),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    excerpt: text('excerpt'),
    /** Rich text (HTML); the portal sanitises it before rendering. */
    description: text('description'),
    imageUrl: text('image_url'),
    bgColor: text('bg_color'),
    status: text('status').notNull().default('active'),
    /** The course comes with the platform subscription (Course.requires_subscription). */
    requiresSubscription: boolean('requires_subscription').notNull().default(false),
    /** The shop's product whose purchase enrols the buyer (the shop area's products, by uuid). */
    productUuid: uuid('product_uuid'),
    createdAt: createdAt(),
  },
  (t) => [index('lms_courses_tenant').on(t.tenantId), index('lms_courses_product').on(t.productUuid)],
);

export const lmsSections = pgTable(
  'lms_sections',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => lmsCourses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('lms_sections_course').on(t.courseId)],
);

export const lmsLectures = pgTable(
  'lms_lectures',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => lmsCourses.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id').references(() => lmsSections.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** video or text */
    type: text('type').notNull().default('video'),
    excerpt: text('excerpt'),
    /** youtube, vimeo, or null for a plain video file (with a link) or no video. */
    videoType: text('video_type'),
    videoLink: text('video_link'),
    description: text('description'),
  },
  (t) => [index('lms_lectures_course').on(t.courseId)],
);

export const lmsDownloads = pgTable(
  'lms_downloads',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => lmsCourses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    downloadLink: text('download_link').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('lms_downloads_course').on(t.courseId)],
);

/** Who may read a course: enrolled by a purchase of its product, or granted (operator, demo data). */
export const lmsEnrolments = pgTable(
  'lms_enrolments',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => lmsCourses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** purchase or grant */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index('lms_enrolments_user').on(t.userId)],
);

/** A member's progress in a lecture: one row per member and lecture, written by upserts. */
export const lmsLectureProgress = pgTable(
  'lms_lecture_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lectureId: integer('lecture_id')
      .notNull()
      .references(() => lmsLectures.id, { onDelete: 'cascade' }),
    /** When the member first completed it (kept while completed: completing twice is one completion). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    minutesViewed: integer('minutes_viewed').notNull().default(0),
    /**
     * The server time up to which viewing has been counted: a report adds at most the whole minutes since
     * (updateStats), and moves it on by what it added. Null before the first report.
     */
    viewedUntil: timestamp('viewed_until', { withTimezone: true }),
    /** Where the video stopped, in whole seconds (resume). */
    positionSeconds: integer('position_seconds').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lectureId] })],
);
