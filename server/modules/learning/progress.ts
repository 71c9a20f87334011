// Learning: the member's progress in a lecture, written by the lecture view call (completion and minutes of
// viewing, bounded by the time that really passed) and the resume position (spec §4 "Lessons", calls §7).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../context';
import { appError } from '../../errors';
import { viewingReport } from '../../../domain/timing';
import { enrolledCourse, isLocked, lectureOf } from './service';
import { lmsLectureProgress } from './tables';

/** A lecture of a course the member may write progress for (enrolled, not locked). */
async function writableLecture(db: Db, user: UserRow, courseUuid: string, lectureId: number) {
  const course = await enrolledCourse(db, user, { uuid: courseUuid });
  const lecture = await lectureOf(db, course, lectureId);
  if (await isLocked(db, user, course))
    throw appError('forbidden', 'This course is locked until the subscription is active again.');
  return lecture;
}

/** A report may come this much early (timers and the network are not exact) and still count its minute. */
const reportLeewaySeconds = 5;
const minuteSeconds = viewingReport / 1000;

/**
 * What a viewing report of `minutes` adds, in SQL over the member's progress row, at the server's time `now`:
 * at most the whole minutes that really passed since viewing was last counted up to (viewed_until; a first
 * report counts at most one), and where viewed_until moves: on by what was added, and at least to now (time
 * nobody reported is not saved up for later).
 */
function viewingCredit(minutes: number, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const minute = sql`(${minuteSeconds}::int * interval '1 second')`;
  const base = sql`coalesce(${lmsLectureProgress.viewedUntil}, ${at} - ${minute})`;
  const passed = sql`greatest(0, floor((extract(epoch from ${at} - ${base}) + ${reportLeewaySeconds}::int) / ${minuteSeconds}::int))::int`;
  const credited = sql`least(${minutes}::int, ${passed})`;
  return {
    minutesViewed: sql`${lmsLectureProgress.minutesViewed} + ${credited}`,
    viewedUntil: minutes > 0 ? sql`greatest(${base} + ${credited} * ${minute}, ${at})` : sql`${lmsLectureProgress.viewedUntil}`,
  };
}

/**
 * The lecture view call (spec §7): remove false (or minutes 0 without remove) completes the lecture and
 * keeps the first completion's time, so completing twice is one completion; remove true makes it not
 * completed; the minutes are added, at most as many as really passed since the last report (server clock:
 * viewingCredit). One upsert, so parallel calls cannot count a minute twice or complete twice.
 */
export async function updateStats(
  db: Db,
  user: UserRow,
  input: { courseUuid: string; lectureId: number; minutesViewed: number; remove: boolean | null },
): Promise<void> {
  const lecture = await writableLecture(db, user, input.courseUuid, input.lectureId);
  const completes = input.remove === false || (input.remove === null && input.minutesViewed === 0);
  const uncompletes = input.remove === true;
  const now = new Date();
  const completedAt = uncompletes
    ? sql`null`
    : completes
      ? sql`coalesce(${lmsLectureProgress.completedAt}, now())`
      : sql`${lmsLectureProgress.completedAt}`;
  await db
    .insert(lmsLectureProgress)
    .values({
      userId: user.id,
      lectureId: lecture.id,
      // A first report counts at most one minute, and viewing is counted up to now.
      minutesViewed: Math.min(input.minutesViewed, 1),
      viewedUntil: input.minutesViewed > 0 ? now : null,
      completedAt: completes ? now : null,
    })
    .onConflictDoUpdate({
      target: [lmsLectureProgress.userId, lmsLectureProgress.lectureId],
      set: {
        ...viewingCredit(input.minutesViewed, now),
        completedAt,
        updatedAt: sql`now()`,
      },
    });
}

/** Where the member is in the lecture's video (resume). */
export async function savePosition(db: Db, user: UserRow, input: { courseUuid: string; lectureId: number; seconds: number }) {
  const lecture = await writableLecture(db, user, input.courseUuid, input.lectureId);
  await db
    .insert(lmsLectureProgress)
    .values({ userId: user.id, lectureId: lecture.id, positionSeconds: input.seconds })
    .onConflictDoUpdate({
      target: [lmsLectureProgress.userId, lmsLectureProgress.lectureId],
      set: { positionSeconds: input.seconds, updatedAt: sql`now()` },
    });
}
