// Learning: the member's courses, each course with its sections, lectures, downloads and the member's
// stats (the lecture view call and the resume position write them: progress.ts). Only enrolled
// members read a course; enrolment comes from a purchase of the course's product (enrolOnPurchase, when
// the shop's order is paid) or from a grant. Course order is machines/learning/course-outline.ts, the portal's.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../context';
import { appError } from '../../errors';
import { continueLectureId, courseOutline } from '../../../machines/learning/course-outline';
import { hasModule, type TenantRow } from '../shell/service';
import { tenantSubscription } from '../app-status/service';
import { products } from '../shop/tables';
import { signCourseFile, type CourseFileSigner } from './file-links';
import { lmsCourses, lmsDownloads, lmsEnrolments, lmsLectureProgress, lmsLectures, lmsSections } from './tables';

export type CourseRow = typeof lmsCourses.$inferSelect;
type LectureRow = typeof lmsLectures.$inferSelect;
type SectionRow = typeof lmsSections.$inferSelect;

const noSuchCourse = () => appError('not_found', 'No such course.');
const noSuchLecture = () => appError('not_found', 'No such lecture in this course.');

/** The tenant (the member's, checked by requireViewerTenant) must have courses (lms). */
export async function requireLearning(db: Db, tenant: TenantRow): Promise<void> {
  if (!(await hasModule(db, tenant.id, 'lms'))) throw appError('not_found', 'This portal has no courses.');
}

/** A course of the member's tenant, by id or uuid, that the member is enrolled in. */
export async function enrolledCourse(db: Db, user: UserRow, key: { id: number } | { uuid: string }): Promise<CourseRow> {
  const [row] = await db
    .select({ course: lmsCourses, enrolledBy: lmsEnrolments.source })
    .from(lmsCourses)
    .leftJoin(lmsEnrolments, and(eq(lmsEnrolments.courseId, lmsCourses.id), eq(lmsEnrolments.userId, user.id)))
    .where(and(eq(lmsCourses.tenantId, user.tenantId), 'id' in key ? eq(lmsCourses.id, key.id) : eq(lmsCourses.uuid, key.uuid)))
    .limit(1);
  if (!row) throw noSuchCourse();
  if (row.enrolledBy === null) throw appError('forbidden', 'You are not enrolled in this course.');
  return row.course;
}

/** A course that comes with the subscription is locked while the subscription is enabled and not active. */
export async function isLocked(db: Db, user: UserRow, course: CourseRow): Promise<boolean> {
  if (!course.requiresSubscription) return false;
  const subscription = await tenantSubscription(db, user.tenantId);
  return subscription !== null && subscription.enabled && !subscription.active;
}

const sectionView = (section: SectionRow) => ({ id: section.id, name: section.name, sort_order: section.sortOrder });

async function sectionsOf(db: Db, courseId: number) {
  return db
    .select()
    .from(lmsSections)
    .where(eq(lmsSections.courseId, courseId))
    .orderBy(asc(lmsSections.sortOrder), asc(lmsSections.id));
}

async function lecturesOf(db: Db, courseId: number) {
  return db.select().from(lmsLectures).where(eq(lmsLectures.courseId, courseId)).orderBy(asc(lmsLectures.id));
}

/** Ids of the course's lectures the member has completed, in numeric order. */
async function completedLectureIds(db: Db, userId: number, courseId: number): Promise<string[]> {
  const rows = await db
    .select({ id: lmsLectureProgress.lectureId })
    .from(lmsLectureProgress)
    .innerJoin(lmsLectures, eq(lmsLectures.id, lmsLectureProgress.lectureId))
    .where(
      and(eq(lmsLectureProgress.userId, userId), eq(lmsLectures.courseId, courseId), isNotNull(lmsLectureProgress.completedAt)),
    )
    .orderBy(asc(lmsLectureProgress.lectureId));
  return rows.map((row) => String(row.id));
}

/**
 * The contract's Course for the member: stats, Continue's lecture, downloads unless locked (course files as
 * links signed for the member's session: file-links.ts).
 */
export async function courseView(db: Db, user: UserRow, course: CourseRow, signer: CourseFileSigner | null) {
  const sections = await sectionsOf(db, course.id);
  const lectures = await lecturesOf(db, course.id);
  const done = await completedLectureIds(db, user.id, course.id);
  const locked = await isLocked(db, user, course);
  const downloads = locked
    ? []
    : await db
        .select()
        .from(lmsDownloads)
        .where(eq(lmsDownloads.courseId, course.id))
        .orderBy(asc(lmsDownloads.sortOrder), asc(lmsDownloads.id));
  const { order } = courseOutline(
    sections.map((section) => ({ id: String(section.id), name: section.name, sort_order: section.sortOrder })),
    lectures.map((lecture) => ({
      id: String(lecture.id),
      section: lecture.sectionId === null ? null : { id: String(lecture.sectionId) },
    })),
  );
  // The shop's id of the product that sells the course (the thank-you page leads a buyer to the course by it).
  const [product] = course.productUuid
    ? await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.uuid, course.productUuid), eq(products.tenantId, course.tenantId)))
    : [];
  return {
    id: course.id,
    uuid: course.uuid,
    name: course.name,
    image: course.imageUrl ? { url: course.imageUrl } : null,
    bg_color: course.bgColor,
    status: course.status,
    excerpt: course.excerpt,
    description: course.description,
    lectures_number: order.length,
    course_stats: { lectures_views: done.length, lectures_started: done },
    downloads: downloads.flatMap((download) => {
      const link = signCourseFile(signer, course.id, download.downloadLink);
      return link === null ? [] : [{ name: download.name, download_link: link }];
    }),
    created_at: course.createdAt,
    requires_subscription: course.requiresSubscription,
    next_lecture_id: continueLectureId(order, done),
    product_id: product?.id ?? null,
  };
}

/** The courses the member is enrolled in, earliest enrolment first. */
export async function myCourses(db: Db, user: UserRow, signer: CourseFileSigner | null) {
  const rows = await db
    .select({ course: lmsCourses })
    .from(lmsEnrolments)
    .innerJoin(lmsCourses, eq(lmsCourses.id, lmsEnrolments.courseId))
    .where(and(eq(lmsEnrolments.userId, user.id), eq(lmsCourses.tenantId, user.tenantId)))
    .orderBy(asc(lmsEnrolments.createdAt), asc(lmsCourses.id));
  const views = [];
  for (const { course } of rows) views.push(await courseView(db, user, course, signer));
  return views;
}

export async function courseSections(db: Db, course: CourseRow) {
  return (await sectionsOf(db, course.id)).map(sectionView);
}

function lectureView(
  lecture: LectureRow,
  section: SectionRow | undefined,
  resumeSeconds: number,
  locked: boolean,
  signer: CourseFileSigner | null,
) {
  return {
    id: lecture.id,
    name: lecture.name,
    type: lecture.type,
    excerpt: lecture.excerpt,
    section: section ? sectionView(section) : null,
    video_type: lecture.videoType ?? '',
    // A locked course keeps its lessons back (Course.requires_subscription).
    video_link: locked || lecture.videoLink === null ? null : signCourseFile(signer, lecture.courseId, lecture.videoLink),
    description: locked ? null : lecture.description,
    resume_seconds: locked ? 0 : resumeSeconds,
  };
}

async function positionsOf(db: Db, userId: number, courseId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ lectureId: lmsLectureProgress.lectureId, seconds: lmsLectureProgress.positionSeconds })
    .from(lmsLectureProgress)
    .innerJoin(lmsLectures, eq(lmsLectures.id, lmsLectureProgress.lectureId))
    .where(and(eq(lmsLectureProgress.userId, userId), eq(lmsLectures.courseId, courseId)));
  return new Map(rows.map((row) => [row.lectureId, row.seconds]));
}

/** The course's lectures (of one section when given), with the member's resume positions. */
export async function courseLectures(db: Db, user: UserRow, course: CourseRow, sectionId: number | null, signer: CourseFileSigner | null) {
  const sections = new Map((await sectionsOf(db, course.id)).map((section) => [section.id, section]));
  const positions = await positionsOf(db, user.id, course.id);
  const locked = await isLocked(db, user, course);
  return (await lecturesOf(db, course.id))
    .filter((lecture) => sectionId === null || lecture.sectionId === sectionId)
    .map((lecture) =>
      lectureView(
        lecture,
        lecture.sectionId === null ? undefined : sections.get(lecture.sectionId),
        positions.get(lecture.id) ?? 0,
        locked,
        signer,
      ),
    );
}

/** A lecture of the course (not_found for any other). */
export async function lectureOf(db: Db, course: CourseRow, lectureId: number): Promise<LectureRow> {
  const [lecture] = await db
    .select()
    .from(lmsLectures)
    .where(and(eq(lmsLectures.id, lectureId), eq(lmsLectures.courseId, course.id)))
    .limit(1);
  if (!lecture) throw noSuchLecture();
  return lecture;
}

export async function courseLecture(db: Db, user: UserRow, course: CourseRow, lectureId: number, signer: CourseFileSigner | null) {
  const lecture = await lectureOf(db, course, lectureId);
  const [section] =
    lecture.sectionId === null ? [] : await db.select().from(lmsSections).where(eq(lmsSections.id, lecture.sectionId));
  const [progress] = await db
    .select({ seconds: lmsLectureProgress.positionSeconds })
    .from(lmsLectureProgress)
    .where(and(eq(lmsLectureProgress.userId, user.id), eq(lmsLectureProgress.lectureId, lecture.id)));
  return lectureView(lecture, section, progress?.seconds ?? 0, await isLocked(db, user, course), signer);
}

/**
 * Enrolment by purchase: the member bought a product; every course of the member's tenant sold as that
 * product enrols them (once). The shop calls this when an order invoice is paid (shop/fulfil.ts). Returns how
 * many courses the member was newly enrolled in.
 */
export async function enrolOnPurchase(db: Db, user: Pick<UserRow, 'id' | 'tenantId'>, productUuid: string): Promise<number> {
  const courses = await db
    .select({ id: lmsCourses.id })
    .from(lmsCourses)
    .where(and(eq(lmsCourses.tenantId, user.tenantId), eq(lmsCourses.productUuid, productUuid)));
  if (courses.length === 0) return 0;
  const added = await db
    .insert(lmsEnrolments)
    .values(courses.map((course) => ({ courseId: course.id, userId: user.id, source: 'purchase' })))
    .onConflictDoNothing()
    .returning({ courseId: lmsEnrolments.courseId });
  return added.length;
}
