// What the lesson view reads of the lesson flow.
import type { SnapshotFrom } from 'xstate';
import type { lessonMachine } from './lesson.machine';

type LessonSnapshot = SnapshotFrom<typeof lessonMachine>;

/** The lecture the flow is about, as its input named it (the lesson reads its lecture's text and video by them). */
export const selectCourseId = (s: LessonSnapshot) => s.context.courseId;
export const selectLectureId = (s: LessonSnapshot) => s.context.lectureId;

/** The checkbox: it shows the change at once, before the server answers. */
export const selectCompleted = (s: LessonSnapshot) => s.context.completed;
export const selectCanToggle = (s: LessonSnapshot) => s.can({ type: 'completion.toggle' });
export const selectSaving = (s: LessonSnapshot) => s.hasTag('saving');
/** Previous is off on the first lecture, next on the last. */
export const selectHasPrevious = (s: LessonSnapshot) => s.can({ type: 'lesson.previous' });
export const selectHasNext = (s: LessonSnapshot) => s.can({ type: 'lesson.next' });
export const selectCourseCompleted = (s: LessonSnapshot) => s.hasTag('courseCompleted');
export const selectPlayerUnavailable = (s: LessonSnapshot) => s.hasTag('playerUnavailable');
/** The member is leaving the lecture: its player is reset, paused and muted. */
export const selectPlayerLeft = (s: LessonSnapshot) => s.hasTag('left');
export const selectPlaying = (s: LessonSnapshot) => s.hasTag('playing');
/** Where the player starts: where the member stopped last time. */
export const selectResumeAt = (s: LessonSnapshot) => s.context.resumeAt;
