import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { lessonMachine } from '../../machines/learning/lesson.machine';
import type { CompletionChange, LessonInput } from '../../machines/learning/lesson.types';
import { viewingReport } from '../../domain/timing';
import { networkError } from '../support/fixtures';
import { firstVideoLecture, lastTextLecture } from '../models/lesson.model';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The lesson with recording fakes; `fail` makes the completion call reject (a network failure). */
function startLesson(input: LessonInput = firstVideoLecture, { fail = false } = {}) {
  const clock = new SimulatedClock();
  const calls = {
    saveCompletion: vi.fn<(change: CompletionChange) => void>(),
    reportViewing: vi.fn(),
    savePosition: vi.fn<(seconds: number) => void>(),
    publishCourseUpdate: vi.fn(),
    goToLecture: vi.fn<(lectureId: string) => void>(),
    logFailure: vi.fn(),
  };
  const answers: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const actor = createActor(
    lessonMachine.provide({
      actors: {
        saveCompletion: fromPromise<void, CompletionChange>(
          ({ input: change }) =>
            new Promise<void>((resolve, reject) => {
              calls.saveCompletion(change);
              if (fail) reject(networkError);
              else answers.push({ resolve, reject });
            }),
        ),
        watchLeaving: fromCallback(() => {}),
      },
      actions: {
        reportViewing: () => calls.reportViewing(),
        savePosition: (_, { seconds }) => calls.savePosition(seconds),
        publishCourseUpdate: () => calls.publishCourseUpdate(),
        goToLecture: (_, { lectureId }) => calls.goToLecture(lectureId),
        logFailure: (_, { error }) => calls.logFailure(error),
      },
    }),
    { input, clock },
  ).start();
  const tick = async (ms: number) => {
    clock.increment(ms);
    await flush();
  };
  /** The server answers the oldest completion call. */
  const answer = async () => {
    answers.shift()!.resolve();
    await flush();
  };
  const playing = () => {
    actor.send({ type: 'video.ready' });
    actor.send({ type: 'video.play' });
  };
  return { actor, calls, tick, answer, playing };
}

describe('lesson: the completed checkbox', () => {
  it('shows the change at once, then tells the server (minutes 0, remove false); COURSE_UPDATE follows the answer', async () => {
    const { actor, calls, answer } = startLesson();
    actor.send({ type: 'completion.toggle' });
    expect(actor.getSnapshot().context.completed).toBe(true);
    await flush();
    expect(calls.saveCompletion).toHaveBeenCalledWith(expect.objectContaining({ remove: false }));
    expect(calls.publishCourseUpdate).not.toHaveBeenCalled();
    await answer();
    expect(actor.getSnapshot().matches({ completion: { completed: 'lectureDone' } })).toBe(true);
    expect(calls.publishCourseUpdate).toHaveBeenCalledTimes(1);
  });

  it('unchecks with remove true, and a failure puts the box back quietly and logs it', async () => {
    const { actor, calls } = startLesson(lastTextLecture, { fail: true });
    expect(actor.getSnapshot().context.completed).toBe(true);
    actor.send({ type: 'completion.toggle' });
    expect(actor.getSnapshot().context.completed).toBe(false);
    await flush();
    expect(calls.saveCompletion).toHaveBeenCalledWith(expect.objectContaining({ remove: true }));
    expect(actor.getSnapshot().context.completed).toBe(true);
    expect(calls.logFailure).toHaveBeenCalledWith(networkError);
    expect(calls.publishCourseUpdate).not.toHaveBeenCalled();
  });

  it('waits for the server before it takes another click', async () => {
    const { actor, calls, answer } = startLesson();
    actor.send({ type: 'completion.toggle' });
    expect(actor.getSnapshot().can({ type: 'completion.toggle' })).toBe(false);
    actor.send({ type: 'completion.toggle' });
    await answer();
    expect(calls.saveCompletion).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().can({ type: 'completion.toggle' })).toBe(true);
  });
});

describe('lesson: completing itself', () => {
  it('completes when the video passes 95 %, once a visit: unchecked afterwards, it stays unchecked', async () => {
    const { actor, calls, answer, playing } = startLesson();
    playing();
    actor.send({ type: 'video.progress', seconds: 95, duration: 100 });
    expect(calls.saveCompletion).not.toHaveBeenCalled();
    actor.send({ type: 'video.progress', seconds: 95.5, duration: 100 });
    await flush();
    expect(calls.saveCompletion).toHaveBeenCalledWith(expect.objectContaining({ remove: false }));
    await answer();
    actor.send({ type: 'completion.toggle' });
    await answer();
    // The member seeks back and plays past 95 % again: no second completion.
    actor.send({ type: 'video.progress', seconds: 10, duration: 100 });
    actor.send({ type: 'video.progress', seconds: 99, duration: 100 });
    actor.send({ type: 'video.ended' });
    await flush();
    expect(calls.saveCompletion.mock.calls.map(([change]) => change.remove)).toEqual([false, true]);
    expect(actor.getSnapshot().context.completed).toBe(false);
  });

  it('completes at the end of the video (counted as 99 %) when no progress past 95 % came first', async () => {
    const { actor, calls, playing } = startLesson();
    playing();
    actor.send({ type: 'video.progress', seconds: 80, duration: 100 });
    actor.send({ type: 'video.ended' });
    await flush();
    expect(calls.saveCompletion).toHaveBeenCalledWith(expect.objectContaining({ remove: false }));
    expect(actor.getSnapshot().matches({ playback: 'paused' })).toBe(true);
  });

  it('counts progress only from a ready player, and none after the member has left', async () => {
    const { actor, calls } = startLesson();
    actor.send({ type: 'video.progress', seconds: 99, duration: 100 });
    actor.send({ type: 'video.ended' });
    await flush();
    expect(calls.saveCompletion).not.toHaveBeenCalled();
    actor.send({ type: 'video.ready' });
    actor.send({ type: 'lesson.leave' });
    actor.send({ type: 'video.progress', seconds: 99, duration: 100 });
    await flush();
    expect(calls.saveCompletion).not.toHaveBeenCalled();
  });

  it('does nothing more for a lecture already completed', async () => {
    const { actor, calls } = startLesson({ ...firstVideoLecture, completed: true });
    actor.send({ type: 'video.ready' });
    actor.send({ type: 'video.play' });
    actor.send({ type: 'video.progress', seconds: 99, duration: 100 });
    await flush();
    expect(calls.saveCompletion).not.toHaveBeenCalled();
  });

  it('says the course is completed when this lecture was the last one to do', async () => {
    const { actor, answer } = startLesson({ ...firstVideoLecture, othersIncomplete: 0 });
    actor.send({ type: 'completion.toggle' });
    expect(actor.getSnapshot().hasTag('courseCompleted')).toBe(false);
    await answer();
    expect(actor.getSnapshot().hasTag('courseCompleted')).toBe(true);
  });
});

describe('lesson: viewing reports', () => {
  it('reports one minute every 60 s of play; pause stops the timer, seeking does not', async () => {
    const { actor, calls, tick, playing } = startLesson();
    playing();
    await tick(viewingReport - 1);
    expect(calls.reportViewing).not.toHaveBeenCalled();
    await tick(1);
    expect(calls.reportViewing).toHaveBeenCalledTimes(1);
    // A seek 40 s into the next minute does not restart it.
    await tick(40_000);
    actor.send({ type: 'video.progress', seconds: 5, duration: 100 });
    actor.send({ type: 'video.play' });
    await tick(20_000);
    expect(calls.reportViewing).toHaveBeenCalledTimes(2);
    actor.send({ type: 'video.pause' });
    await tick(5 * viewingReport);
    expect(calls.reportViewing).toHaveBeenCalledTimes(2);
    actor.send({ type: 'video.play' });
    await tick(viewingReport);
    expect(calls.reportViewing).toHaveBeenCalledTimes(3);
  });
});

describe('lesson: resume and leaving', () => {
  it('keeps the position (whole seconds) on pause, with every report and on leaving; the start once past 95 %', async () => {
    const { actor, calls, tick, playing } = startLesson();
    expect(actor.getSnapshot().context.position).toBe(firstVideoLecture.resumeAt);
    playing();
    actor.send({ type: 'video.progress', seconds: 42.7, duration: 100 });
    actor.send({ type: 'video.pause' });
    expect(calls.savePosition).toHaveBeenLastCalledWith(42);
    actor.send({ type: 'video.play' });
    actor.send({ type: 'video.progress', seconds: 61.2, duration: 100 });
    await tick(viewingReport);
    expect(calls.savePosition).toHaveBeenLastCalledWith(61);
    actor.send({ type: 'video.progress', seconds: 97, duration: 100 });
    actor.send({ type: 'lesson.leave' });
    expect(calls.savePosition).toHaveBeenLastCalledWith(0);
    expect(actor.getSnapshot().hasTag('left')).toBe(true);
    // A player left behind reports nothing more.
    await tick(5 * viewingReport);
    expect(calls.reportViewing).toHaveBeenCalledTimes(1);
  });

  it('says the player is unavailable when it fails, or has not loaded in 20 s, and the checkbox still works', async () => {
    const failed = startLesson();
    failed.actor.send({ type: 'video.failed' });
    expect(failed.actor.getSnapshot().hasTag('playerUnavailable')).toBe(true);
    const slow = startLesson();
    await slow.tick(19_999);
    expect(slow.actor.getSnapshot().hasTag('playerUnavailable')).toBe(false);
    await slow.tick(1);
    expect(slow.actor.getSnapshot().hasTag('playerUnavailable')).toBe(true);
    slow.actor.send({ type: 'completion.toggle' });
    await flush();
    expect(slow.calls.saveCompletion).toHaveBeenCalledWith(expect.objectContaining({ remove: false }));
  });

  it('has no player for a lecture of text only', () => {
    const { actor } = startLesson(lastTextLecture);
    expect(actor.getSnapshot().matches({ playback: 'none' })).toBe(true);
  });
});

describe('lesson: previous and next', () => {
  it('has no previous on the first lecture and no next on the last', () => {
    const first = startLesson(firstVideoLecture);
    expect(first.actor.getSnapshot().can({ type: 'lesson.previous' })).toBe(false);
    expect(first.actor.getSnapshot().can({ type: 'lesson.next' })).toBe(true);
    first.actor.send({ type: 'lesson.previous' });
    first.actor.send({ type: 'lesson.next' });
    expect(first.calls.goToLecture.mock.calls).toEqual([['2']]);
    const last = startLesson(lastTextLecture);
    expect(last.actor.getSnapshot().can({ type: 'lesson.next' })).toBe(false);
    last.actor.send({ type: 'lesson.next' });
    last.actor.send({ type: 'lesson.previous' });
    expect(last.calls.goToLecture.mock.calls).toEqual([['4']]);
  });
});
