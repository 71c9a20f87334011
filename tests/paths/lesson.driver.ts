// The lesson's model paths on the real course view. "First lecture, video" is "Welcome" of the demo member's
// "Portal basics" (the local clip, a plain file the browser plays here, unlike YouTube and Vimeo, which cannot be
// reached); "last lecture, text, course done" is "Reading list" of "Members' club", both its lectures completed
// (the Demo Portal's subscription made active by its owner, as the course-access walk does). prepare puts the
// member's progress back as the model starts. The player's events are the browser's own: the clip's file is held
// on the way until the step where it loads (or fails, or the 20 s wait for it runs out on Playwright's clock); the
// member plays with the playback rate at 0 (the playhead stays where the model has it, so the clip never plays
// past a step by itself), seeks to the model's share of the clip, pauses, or seeks to its end. The completion is
// the server's own; a lost answer is a dropped call. The 60 s viewing report is Playwright's clock.
import { expect, type Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { videoLoadTimeout, viewingReport } from '../../domain/timing';
import type { LessonInput } from '../../machines/learning/lesson.types';
import { lessonModel } from '../models/lesson.model';
import { NotOnPage, type MachineDriver, type PathContext } from './driver';
import { memberCourse, setCourseProgress, signInFor, type MemberCourse } from './support';
import { activateSubscription } from './course-access.driver';

interface Lecture {
  course: string;
  name: string;
  /** The lecture "Next" or "Previous" leads to. */
  neighbour: string;
}
const lectures: Record<string, Lecture> = {
  'first lecture, video': { course: 'Portal basics', name: 'Welcome', neighbour: 'A tour in video' },
  'last lecture, text, course done': { course: "Members' club: market notes", name: 'Reading list', neighbour: 'Market notes in video' },
};

const video = (ctx: PathContext) => ctx.page.getByTestId('video-player').locator('video');
const checkbox = (ctx: PathContext) => ctx.page.getByRole('checkbox', { name: 'Completed' });
const lessonButton = (ctx: PathContext, name: 'Previous' | 'Next') => ctx.page.getByTestId('lesson').getByRole('button', { name });

/**
 * The clip's file held on the way until the step where it loads; then let through (or dropped, for a player that
 * cannot load it). The viewing reports (minutes_viewed 1) share the completion's mutation: they go straight to the
 * server, so the wire's holds and dropped calls meet the completion's calls only.
 */
async function routeMedia(ctx: PathContext) {
  const held: Route[] = [];
  ctx.state.media = { held, mode: 'hold' as 'hold' | 'pass' | 'fail' };
  // The clip's address carries the link the server signed for the session (?course=…&sig=…).
  await ctx.page.route(/\/media\/courses\/[^/?]+\.webm(\?|$)/, async (route) => {
    const { mode } = ctx.state.media;
    if (mode === 'pass') return route.continue();
    if (mode === 'fail') return route.abort('connectionrefused');
    held.push(route);
  });
  await ctx.page.route('**/graphql', async (route) => {
    const body = route.request().postDataJSON() as { query?: string; variables?: { minutes_viewed?: number } } | null;
    if (/ModuleLmsCourseUpdateStats/.test(body?.query ?? '') && body?.variables?.minutes_viewed === 1) return route.continue();
    return route.fallback();
  });
}

async function letMedia(ctx: PathContext, mode: 'pass' | 'fail') {
  ctx.state.media.mode = mode;
  for (const route of (ctx.state.media.held as Route[]).splice(0)) await (mode === 'pass' ? route.continue() : route.abort('connectionrefused'));
}

/** The clip's element, acted on as its controls would (the player hears the browser's own media events). */
async function onVideo(ctx: PathContext, act: (element: HTMLVideoElement, share: number) => unknown, share = 0) {
  await expect.poll(() => video(ctx).evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  await video(ctx).evaluate(act, share);
}

/** The step's index in the path (the model's state before it is the previous step's). */
const stepIndex = (ctx: PathContext) => ctx.path.path.steps.findIndex((step) => step.state === ctx.before) + 1;
const nextEventType = (ctx: PathContext) => (ctx.path.path.steps[stepIndex(ctx) + 1]?.event as { type: string } | undefined)?.type;

/** Previous or Next: the real page goes to that lecture at once, so its leaving (the model's next step) is this click. */
async function goTo(ctx: PathContext, name: 'Previous' | 'Next') {
  if (nextEventType(ctx) !== 'lesson.leave') {
    throw new NotOnPage(
      `${name} opens the ${name === 'Next' ? 'next' : 'previous'} lecture at once, and this lesson's flow ends with it; the model stays on this lecture${ctx.state.input.hasVideo ? '' : ' (a lecture of text has no player to leave, so the model has no leaving step)'}.`,
    );
  }
  // Taken with the leaving step that follows: the click starts the navigation, which the flow hears as leaving.
  ctx.state.leaveBy = name;
}

export const lessonDriver: MachineDriver = {
  name: 'lesson',
  model: lessonModel,
  operations: { saveCompletion: 'ModuleLmsCourseUpdateStats' },
  async prepare(ctx) {
    const input = ctx.path.input as LessonInput;
    ctx.state.input = input;
    ctx.state.lecture = lectures[ctx.path.variant]!;
    await signInFor(ctx, 'demo');
    if (!input.hasVideo) await activateSubscription(ctx);
    const course = await memberCourse(ctx, ctx.state.lecture.course);
    // As the model starts: the video lecture and the rest of its course not done, the text lecture's course all done.
    await setCourseProgress(ctx, course, input.completed);
    ctx.state.course = course;
    await routeMedia(ctx);
  },
  async open(ctx) {
    const { course, lecture } = ctx.state as { course: MemberCourse; lecture: Lecture };
    const id = course.lectures.find((entry) => entry.name === lecture.name)!.id;
    await ctx.page.goto(`/course/${course.id}/${id}`);
    await expect(ctx.page.getByRole('heading', { level: 2, name: lecture.name })).toBeVisible();
  },
  gestures: {
    'completion.toggle': (ctx) => checkbox(ctx).click(),
    'video.ready': async (ctx) => {
      if (ctx.state.media.mode === 'fail') {
        throw new NotOnPage('The clip failed to load: the browser\'s player does not try again, so it never becomes ready after that.');
      }
      await letMedia(ctx, 'pass');
    },
    'video.failed': (ctx) => letMedia(ctx, 'fail'),
    // Playing at rate 0: the video plays, and its playhead stays where the model has it.
    'video.play': (ctx) =>
      onVideo(ctx, async (element) => {
        element.muted = true;
        element.playbackRate = 0;
        await element.play();
      }),
    'video.pause': (ctx) => onVideo(ctx, (element) => element.pause()),
    'video.progress': (ctx, event) => onVideo(ctx, (element, share) => (element.currentTime = element.duration * share), event.seconds / event.duration),
    'video.ended': (ctx) => onVideo(ctx, (element) => (element.currentTime = element.duration)),
    'lesson.previous': (ctx) => goTo(ctx, 'Previous'),
    'lesson.next': (ctx) => goTo(ctx, 'Next'),
    'lesson.leave': async (ctx) => {
      // After Previous or Next, that click; else the member opens the neighbour from the course's contents.
      if (ctx.state.leaveBy) await lessonButton(ctx, ctx.state.leaveBy).click();
      else {
        // On a phone the contents are a tab of their own.
        const contentsTab = ctx.page.getByRole('tab', { name: 'Contents' });
        if (await contentsTab.isVisible()) await contentsTab.click();
        await ctx.page.getByTestId('course-contents').getByRole('link', { name: (ctx.state.lecture as Lecture).neighbour }).click();
      }
    },
  },
  answers: {
    'xstate.done.actor.saveCompletion': async (ctx) => ctx.wire.clear('ModuleLmsCourseUpdateStats'),
    'xstate.error.actor.saveCompletion': async (ctx) => ctx.wire.failOnce('ModuleLmsCourseUpdateStats'),
  },
  delays: {
    'xstate.after.viewingReport.': async (ctx) => ctx.page.clock.fastForward(viewingReport),
    'xstate.after.videoLoadTimeout.': async (ctx) => ctx.page.clock.fastForward(videoLoadTimeout),
  },
  isPassing: () => false,
  screenName: (snapshot) => {
    if (snapshot.hasTag('left')) return 'left';
    const completion = snapshot.hasTag('courseCompleted')
      ? 'course-done'
      : snapshot.hasTag('saving')
        ? 'saving'
        : snapshot.context.completed
          ? 'done'
          : 'not-done';
    const playback = typeof snapshot.value === 'object' ? String((snapshot.value as { playback: string }).playback) : '';
    return `${completion}+${playback}`;
  },
  async expectScreen(ctx, snapshot: AnyMachineSnapshot) {
    const now = { timeout: 1 };
    const { lecture, input } = ctx.state as { lecture: Lecture; input: LessonInput };
    if (snapshot.hasTag('left')) {
      // Gone to the neighbour: its own lesson, and this lecture's player gone with it.
      await expect(ctx.page.getByRole('heading', { level: 2, name: lecture.neighbour })).toBeVisible(now);
      await expect(ctx.page.getByRole('heading', { level: 2, name: lecture.name })).toHaveCount(0, now);
      return;
    }
    const { context } = snapshot;
    await expect(ctx.page.getByRole('heading', { level: 2, name: lecture.name })).toBeVisible(now);
    if (context.completed) await expect(checkbox(ctx)).toBeChecked(now);
    else await expect(checkbox(ctx)).not.toBeChecked(now);
    if (snapshot.hasTag('saving')) await expect(checkbox(ctx)).toBeDisabled(now);
    else await expect(checkbox(ctx)).toBeEnabled(now);
    await expect(lessonButton(ctx, 'Previous')).toBeEnabled({ ...now, enabled: context.previousId !== null });
    await expect(lessonButton(ctx, 'Next')).toBeEnabled({ ...now, enabled: context.nextId !== null });
    const courseDone = ctx.page.getByTestId('course-completed');
    if (snapshot.hasTag('courseCompleted')) await expect(courseDone).toContainText('You have completed the course', now);
    else await expect(courseDone).toHaveCount(0, now);
    const unavailable = ctx.page.getByTestId('player-unavailable');
    if (snapshot.hasTag('playerUnavailable')) await expect(unavailable).toContainText('The video cannot be played here right now', now);
    else await expect(unavailable).toHaveCount(0, now);
    if (!input.hasVideo) {
      await expect(ctx.page.getByTestId('video-player')).toHaveCount(0, now);
      return;
    }
    // The player shows unless it cannot load (the notice stands in its place).
    if (!snapshot.hasTag('playerUnavailable')) await expect(ctx.page.getByTestId('video-player')).toBeVisible(now);
    // The clip plays in the playing state, and not otherwise.
    if (snapshot.matches({ playback: 'playing' }) || snapshot.matches({ playback: 'paused' })) {
      const playing = await video(ctx).evaluate((element: HTMLVideoElement) => !element.paused);
      expect(playing, 'the clip plays').toBe(snapshot.hasTag('playing'));
    }
  },
};
