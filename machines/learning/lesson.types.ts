import type { AppError } from '../../domain/app-error';

/** The player a lecture needs: video_type youtube or vimeo, a plain file (empty type with a link), or none. */
export type VideoKind = 'youtube' | 'vimeo' | 'file' | 'none';

export interface LessonInput {
  /** The course as the route names it (id) and as the progress call names it (uuid). */
  courseId: string;
  courseUuid: string;
  lectureId: string;
  /** Whether the member had completed the lecture when it opened (course_stats.lectures_started). */
  completed: boolean;
  /** The lectures before and after this one in the course's order; null at either end. */
  previousId: string | null;
  nextId: string | null;
  /** Lectures of the course other than this one not completed yet: 0 means this one completes the course. */
  othersIncomplete: number;
  hasVideo: boolean;
  /** Where the member stopped this lecture's video last time, in seconds (0: from the start). */
  resumeAt: number;
}

export interface LessonContext extends LessonInput {
  /** Whether the checkbox shows the lecture as completed: it flips at once, before the server answers. */
  completed: boolean;
  /** The lecture completed itself this visit (past 95 %, or at the end): it does so only once. */
  autoCompleted: boolean;
  /** The player is ready (its progress counts); not before it loads, nor after the member leaves. */
  playerReady: boolean;
  /** The last position the player reported, and the video's length, in seconds. */
  position: number;
  duration: number;
  /** The last reported position is past the completion threshold (or the video ended). */
  pastCompletion: boolean;
}

export type LessonEvent =
  /** The completed checkbox. */
  | { type: 'completion.toggle' }
  /** The player's own events, the same for every kind of player. */
  | { type: 'video.ready' }
  | { type: 'video.failed' }
  | { type: 'video.play' }
  | { type: 'video.pause' }
  | { type: 'video.progress'; seconds: number; duration: number }
  | { type: 'video.ended' }
  | { type: 'lesson.previous' }
  | { type: 'lesson.next' }
  /** The member is going elsewhere (another lecture, back to the courses): sent by the navigation watcher. */
  | { type: 'lesson.leave' };

/** What the completion call sends (spec §7, minutes_viewed 0): remove true unchecks. */
export interface CompletionChange {
  courseId: string;
  courseUuid: string;
  lectureId: string;
  remove: boolean;
}

/** The lecture a watcher or a call is about. */
export interface LessonPlace {
  courseId: string;
  lectureId: string;
}

export interface LessonFailure {
  error: AppError;
}
