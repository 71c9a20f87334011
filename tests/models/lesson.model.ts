import { lessonMachine } from '../../machines/learning/lesson.machine';
import type { LessonEvent, LessonInput } from '../../machines/learning/lesson.types';
import { flattenFixtures, networkError, type DoneEvent, type ErrorEvent } from '../support/fixtures';
import type { Model } from '../support/model';

/** The course's first lecture, a video not completed yet, where the member stopped at 0:12 last time. */
export const firstVideoLecture: LessonInput = {
  courseId: '1',
  courseUuid: '7d1f4a52-7f54-4c3a-9d0e-2f0c8a5b6e11',
  lectureId: '1',
  completed: false,
  previousId: null,
  nextId: '2',
  othersIncomplete: 4,
  hasVideo: true,
  resumeAt: 12,
};

/** The last lecture, text only, completed, and every other lecture completed too. */
export const lastTextLecture: LessonInput = {
  courseId: '1',
  courseUuid: '7d1f4a52-7f54-4c3a-9d0e-2f0c8a5b6e11',
  lectureId: '5',
  completed: true,
  previousId: '4',
  nextId: null,
  othersIncomplete: 0,
  hasVideo: false,
  resumeAt: 0,
};

export const lessonFixtures = {
  'completion.toggle': [{ type: 'completion.toggle' }],
  'video.ready': [{ type: 'video.ready' }],
  'video.failed': [{ type: 'video.failed' }],
  'video.play': [{ type: 'video.play' }],
  'video.pause': [{ type: 'video.pause' }],
  'video.progress': [
    { type: 'video.progress', seconds: 30, duration: 100 },
    { type: 'video.progress', seconds: 96, duration: 100 },
  ],
  'video.ended': [{ type: 'video.ended' }],
  'lesson.previous': [{ type: 'lesson.previous' }],
  'lesson.next': [{ type: 'lesson.next' }],
  'lesson.leave': [{ type: 'lesson.leave' }],
  'xstate.done.actor.saveCompletion': [{ type: 'xstate.done.actor.saveCompletion', output: undefined }],
  'xstate.error.actor.saveCompletion': [{ type: 'xstate.error.actor.saveCompletion', error: networkError }],
  'xstate.after.viewingReport.lesson.playback.playing': [{ type: 'xstate.after.viewingReport.lesson.playback.playing' }],
  'xstate.after.videoLoadTimeout.lesson.playback.loading': [{ type: 'xstate.after.videoLoadTimeout.lesson.playback.loading' }],
} satisfies {
  [K in LessonEvent['type']]: Extract<LessonEvent, { type: K }>[];
} & {
  'xstate.done.actor.saveCompletion': DoneEvent<'saveCompletion', void>[];
  'xstate.error.actor.saveCompletion': ErrorEvent<'saveCompletion'>[];
  'xstate.after.viewingReport.lesson.playback.playing': { type: string }[];
  'xstate.after.videoLoadTimeout.lesson.playback.loading': { type: string }[];
};

export const lessonModel: Model<typeof lessonMachine> = {
  machine: lessonMachine,
  inputs: [
    { label: 'first lecture, video', input: firstVideoLecture },
    { label: 'last lecture, text, course done', input: lastTextLecture },
  ],
  events: flattenFixtures(lessonFixtures),
  contextKeys: ['completed', 'autoCompleted', 'pastCompletion', 'playerReady'],
};
