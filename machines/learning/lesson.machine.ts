// A lesson of a course (spec §4 "Lessons", calls §7 moduleLmsCourseUpdateStats, §8, §9): the completed
// checkbox flips at once and then tells the server (minutes_viewed 0, remove true to uncheck); a failure
// puts it back quietly and logs it for the developer. The lecture completes itself, once, when its video
// passes 95 % or ends (the end counts as 99 %, as the spec says of YouTube). While the video plays, one
// minute of viewing is reported every 60 s; pause stops that timer, seeking does not. Each completion
// change is followed by COURSE_UPDATE, which refreshes the course's progress and contents marks. Previous
// and next follow the course's order (none before the first, none after the last); when this lecture
// completes the course, the lesson says so. Beyond the spec: the position in the video is kept for the
// member (resume), and leaving the lecture resets, pauses and mutes its player, so a video of one type
// never plays under the next lecture's player of another type.
import { assign, setup } from 'xstate';
import { notProvidedAction, notProvidedActor, notProvidedCallback } from '../shared/not-provided';
import { errorOf } from '../../domain/app-error';
import { lectureCompletionPercent, youtubeEndPercent } from '../../domain/limits';
import { videoLoadTimeout, viewingReport } from '../../domain/timing';
import type { CompletionChange, LessonContext, LessonEvent, LessonFailure, LessonInput, LessonPlace } from './lesson.types';

/** How far a player event puts the video, in percent; the end counts as 99 % (spec §4, §9). */
function percentOf(event: LessonEvent): number {
  if (event.type === 'video.ended') return youtubeEndPercent;
  if (event.type !== 'video.progress' || !(event.duration > 0)) return 0;
  return (event.seconds / event.duration) * 100;
}

export const lessonMachine = setup({
  types: {
    context: {} as LessonContext,
    events: {} as LessonEvent,
    input: {} as LessonInput,
  },
  actors: {
    /** moduleLmsCourseUpdateStats with minutes_viewed 0: remove false completes, remove true unchecks. */
    saveCompletion: notProvidedActor<void, CompletionChange>('saveCompletion'),
    /** Sends lesson.leave when a navigation away from this lecture starts. */
    watchLeaving: notProvidedCallback<LessonPlace>('watchLeaving'),
  },
  actions: {
    /** moduleLmsCourseUpdateStats with minutes_viewed 1 and no remove; a failure is only logged. */
    reportViewing: notProvidedAction('reportViewing'),
    /** Keeps where the member is in the video (Beyond §7); 0 once past the completion threshold. */
    savePosition: notProvidedAction('savePosition') as (_: unknown, params: { seconds: number }) => void,
    /** COURSE_UPDATE (spec §4): the course's progress and the contents' marks are fetched again. */
    publishCourseUpdate: notProvidedAction('publishCourseUpdate'),
    goToLecture: notProvidedAction('goToLecture') as (_: unknown, params: { lectureId: string }) => void,
    /** The spec shows nothing for a failed progress call (§8): the developer finds it in the console. */
    logFailure: notProvidedAction('logFailure') as (_: unknown, params: LessonFailure) => void,
    assignProgress: assign(({ event }) =>
      event.type === 'video.progress'
        ? { position: event.seconds, duration: event.duration, pastCompletion: percentOf(event) > lectureCompletionPercent }
        : {},
    ),
    assignEnd: assign(({ context }) => ({ position: context.duration || context.position, pastCompletion: true })),
  },
  guards: {
    wasCompleted: ({ context }) => context.completed,
    completesCourse: ({ context }) => context.othersIncomplete === 0,
    hasVideo: ({ context }) => context.hasVideo,
    hasPrevious: ({ context }) => context.previousId !== null,
    hasNext: ({ context }) => context.nextId !== null,
    /** The ready video passes the threshold (from below it), and the lecture has not completed itself this visit. */
    crossesCompletion: ({ context, event }) =>
      context.playerReady && !context.autoCompleted && !context.pastCompletion && percentOf(event) > lectureCompletionPercent,
  },
  delays: { viewingReport, videoLoadTimeout },
}).createMachine({
  id: 'lesson',
  context: ({ input }) => ({
    ...input,
    autoCompleted: false,
    playerReady: false,
    position: input.resumeAt,
    duration: 0,
    pastCompletion: false,
  }),
  type: 'parallel',
  invoke: { id: 'watchLeaving', src: 'watchLeaving', input: ({ context }) => ({ courseId: context.courseId, lectureId: context.lectureId }) },
  on: {
    'lesson.previous': {
      guard: 'hasPrevious',
      actions: { type: 'goToLecture', params: ({ context }) => ({ lectureId: context.previousId ?? '' }) },
    },
    'lesson.next': {
      guard: 'hasNext',
      actions: { type: 'goToLecture', params: ({ context }) => ({ lectureId: context.nextId ?? '' }) },
    },
  },
  states: {
    completion: {
      initial: 'opening',
      states: {
        opening: {
          meta: { description: 'The lecture opens as the member left it: completed or not.' },
          always: [
            { guard: 'wasCompleted', target: 'completed', meta: { description: 'Done before' } },
            { target: 'incomplete', meta: { description: 'Not done yet' } },
          ],
        },
        incomplete: {
          meta: { description: 'Not completed: the box is empty.' },
          on: {
            'completion.toggle': {
              target: 'marking',
              actions: assign({ completed: true }),
              meta: { description: 'The member checks the box: it shows checked at once.' },
            },
            'video.progress': {
              guard: 'crossesCompletion',
              target: 'marking',
              actions: assign({ completed: true, autoCompleted: true }),
              meta: { description: 'The video passes 95 %: the lecture completes itself (once a visit).' },
            },
            'video.ended': {
              guard: 'crossesCompletion',
              target: 'marking',
              actions: assign({ completed: true, autoCompleted: true }),
              meta: { description: 'The video ends (counted as 99 %): the lecture completes itself (once a visit).' },
            },
          },
        },
        marking: {
          meta: { description: 'The server is told the lecture is completed (minutes_viewed 0, remove false).' },
          tags: ['saving'],
          invoke: {
            id: 'saveCompletion',
            src: 'saveCompletion',
            input: ({ context }) => completionChange(context, false),
            onDone: { target: 'completed', actions: 'publishCourseUpdate', meta: { description: 'Marked done' } },
            onError: {
              target: 'incomplete',
              actions: [assign({ completed: false }), { type: 'logFailure', params: ({ event }) => ({ error: errorOf(event) }) }],
              meta: { description: 'It failed: the box is empty again, quietly (the failure is logged).' },
            },
          },
        },
        completed: {
          meta: { description: 'Completed: the box is checked.' },
          initial: 'deciding',
          on: {
            'completion.toggle': {
              target: 'unmarking',
              actions: assign({ completed: false }),
              meta: { description: 'The member unchecks the box: it shows empty at once.' },
            },
          },
          states: {
            deciding: {
              meta: { description: 'Is every lecture of the course completed now?' },
              always: [{
                guard: 'completesCourse',
                target: 'courseDone',
                meta: { description: 'Course complete' },
              }, {
                target: 'lectureDone',
                meta: { description: 'Lecture complete' },
              }],
            },
            lectureDone: {
              meta: { description: 'This lecture is done; others are still to do.' },
            },
            courseDone: {
              meta: { description: 'Every lecture is done: the course says so and offers the next step.' },
              tags: ['courseCompleted'],
            },
          },
        },
        unmarking: {
          meta: { description: 'The server is told the lecture is not completed (minutes_viewed 0, remove true).' },
          tags: ['saving'],
          invoke: {
            id: 'saveCompletion',
            src: 'saveCompletion',
            input: ({ context }) => completionChange(context, true),
            onDone: { target: 'incomplete', actions: 'publishCourseUpdate', meta: { description: 'Marked not done' } },
            onError: {
              target: 'completed',
              actions: [assign({ completed: true }), { type: 'logFailure', params: ({ event }) => ({ error: errorOf(event) }) }],
              meta: { description: 'It failed: the box is checked again, quietly (the failure is logged).' },
            },
          },
        },
      },
    },
    playback: {
      initial: 'opening',
      states: {
        opening: {
          meta: { description: 'Does the lecture have a video?' },
          always: [
            { guard: 'hasVideo', target: 'loading', meta: { description: 'Lesson has a video' } },
            { target: 'none', meta: { description: 'No video' } },
          ],
        },
        none: {
          meta: { description: 'A lecture of text only: no player.' },
        },
        loading: {
          meta: { description: 'The player loads (a provider\'s player only on a lecture that needs it), at the resume point.' },
          on: { 'video.ready': {
            target: 'paused',
            actions: assign({ playerReady: true }),
            meta: { description: 'Video ready' },
          }, 'video.failed': {
            target: 'unavailable',
            meta: { description: 'Video failed' },
          } },
          after: { videoLoadTimeout: { target: 'unavailable', meta: { description: 'Video too slow' } } },
        },
        unavailable: {
          meta: { description: 'The player cannot load (offline, blocked): the lesson says so and stays usable.' },
          tags: ['playerUnavailable'],
          on: {
            'video.ready': {
              target: 'paused',
              actions: assign({ playerReady: true }),
              meta: { description: 'The player loaded after all (a slow network): the video can play.' },
            },
          },
        },
        paused: {
          meta: { description: 'The video is ready and not playing; no viewing is reported.' },
          on: {
            'video.play': { target: 'playing', meta: { description: 'Member plays' } },
            'video.progress': { actions: 'assignProgress' },
            'video.ended': {
              actions: ['assignEnd', { type: 'savePosition', params: ({ context }) => ({ seconds: resumePoint(context) }) }],
            },
            'lesson.leave': {
              target: 'left',
              actions: [
                { type: 'savePosition', params: ({ context }) => ({ seconds: resumePoint(context) }) },
                assign({ playerReady: false }),
              ],
              meta: { description: 'Member leaves' },
            },
          },
        },
        playing: {
          meta: { description: 'The video plays: every 60 s one minute of viewing is reported.' },
          tags: ['playing'],
          after: {
            viewingReport: {
              target: 'playing',
              reenter: true,
              actions: ['reportViewing', { type: 'savePosition', params: ({ context }) => ({ seconds: resumePoint(context) }) }],
              meta: { description: 'Another minute played: it is reported (minutes_viewed 1) and the position kept.' },
            },
          },
          on: {
            // Seeking only moves the position: the timer runs on.
            'video.progress': { actions: 'assignProgress' },
            'video.pause': {
              target: 'paused',
              actions: { type: 'savePosition', params: ({ context }) => ({ seconds: resumePoint(context) }) },
              meta: { description: 'Paused: the timer stops and the position is kept.' },
            },
            'video.ended': {
              target: 'paused',
              actions: ['assignEnd', { type: 'savePosition', params: ({ context }) => ({ seconds: resumePoint(context) }) }],
              meta: { description: 'Video ends' },
            },
            'lesson.leave': {
              target: 'left',
              actions: [
                { type: 'savePosition', params: ({ context }) => ({ seconds: resumePoint(context) }) },
                assign({ playerReady: false }),
              ],
              meta: { description: 'Member leaves' },
            },
          },
        },
        left: {
          meta: { description: 'The member is going to another lecture: this player is reset, paused and muted.' },
          tags: ['left'],
        },
      },
    },
  },
});

function completionChange(context: LessonContext, remove: boolean): CompletionChange {
  return { courseId: context.courseId, courseUuid: context.courseUuid, lectureId: context.lectureId, remove };
}

/** Where the next visit starts: where the member is, or the start once the video is (nearly) done. */
function resumePoint(context: LessonContext): number {
  return context.pastCompletion ? 0 : Math.max(0, Math.floor(context.position));
}
