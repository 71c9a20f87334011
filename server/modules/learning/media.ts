// Course files (/media/courses) are served only to members the course is open to: for a link the server
// signed when it answered the lesson or course (file-links.ts), still valid, of a live session on its
// tenant's host, whose member is enrolled in the course, which is not locked and lists the file.
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, tenants, users } from '../../db/schema';
import { hasModule } from '../shell/service';
import { isLocked } from './service';
import { courseFilesPrefix, isCourseFileSignature } from './file-links';
import { lmsCourses, lmsDownloads, lmsEnrolments, lmsLectures } from './tables';

const whole = (text: string | null) => (text !== null && /^\d{1,10}$/.test(text) ? Number(text) : null);

/**
 * Whether a request for a course file (its path under /media/courses and its query) may be answered: a valid,
 * unexpired signature of a live session whose member belongs to the host's tenant (source), is enrolled in the
 * course, which is open (not locked) and lists the file as a lesson's video or a download.
 */
export async function courseFileAllowed(db: Db, path: string, query: URLSearchParams, source: string | null, now = new Date()): Promise<boolean> {
  const course = whole(query.get('course'));
  const session = whole(query.get('session'));
  const expires = whole(query.get('expires'));
  const sig = query.get('sig') ?? '';
  if (course === null || session === null || expires === null || source === null || !path.startsWith(courseFilesPrefix)) return false;
  if (expires * 1000 <= now.getTime()) return false;
  const [owner] = await db
    .select({ user: users, key: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(
      and(
        eq(sessions.id, session),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        or(eq(tenants.subdomain, source), eq(tenants.domain, source)),
      ),
    );
  if (!owner) return false;
  if (!isCourseFileSignature(owner.key, { course, session, expires, path }, sig)) return false;
  const [row] = await db
    .select({ course: lmsCourses })
    .from(lmsCourses)
    .innerJoin(lmsEnrolments, and(eq(lmsEnrolments.courseId, lmsCourses.id), eq(lmsEnrolments.userId, owner.user.id)))
    .where(and(eq(lmsCourses.id, course), eq(lmsCourses.tenantId, owner.user.tenantId)));
  if (!row || !(await hasModule(db, owner.user.tenantId, 'lms')) || (await isLocked(db, owner.user, row.course))) return false;
  const [lecture] = await db
    .select({ id: lmsLectures.id })
    .from(lmsLectures)
    .where(and(eq(lmsLectures.courseId, course), eq(lmsLectures.videoLink, path)))
    .limit(1);
  if (lecture) return true;
  const [download] = await db
    .select({ id: lmsDownloads.id })
    .from(lmsDownloads)
    .where(and(eq(lmsDownloads.courseId, course), eq(lmsDownloads.downloadLink, path)))
    .limit(1);
  return Boolean(download);
}
