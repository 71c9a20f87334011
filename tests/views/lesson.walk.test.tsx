// @vitest-environment jsdom
// The lesson flow's model paths, walked through the real lesson view with a fake player: the player's
// events come from the fake, the member's gestures are clicks, the 60 s reports run on the simulated clock.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { LessonEvent, LessonInput } from '../../machines/learning/lesson.types';
import { LessonContext } from '../../src/features/learning/learning.contexts';
import { LessonView, type LessonLecture } from '../../src/features/learning/lesson-view';
import { PlayersContext, type CreatePlayer, type PlayerEvents, type PlayerLoaders } from '../../src/features/learning/players/player';
import { modelPaths } from '../support/model';
import { renderInFlow, walkPath, type Gesture } from '../support/walk';
import { lessonModel } from '../models/lesson.model';

/** A player that plays nothing: the walk sends its events, and it counts its resets. */
function fakePlayer() {
  const player = { events: null as PlayerEvents | null, startAt: -1, resets: 0 };
  const create: CreatePlayer = (host, options, events) => {
    player.events = events;
    player.startAt = options.startAt;
    const element = document.createElement('div');
    element.dataset.testid = 'fake-player';
    host.appendChild(element);
    return { reset: () => void (player.resets += 1), destroy: () => element.remove() };
  };
  const loaders: PlayerLoaders = { file: async () => create, youtube: async () => create, vimeo: async () => create };
  return { player, loaders };
}

const videoLecture: LessonLecture = {
  name: 'Welcome',
  description: '<p>Welcome to <strong>the course</strong>.</p><img src="x" onerror="window.hacked = true"><script>window.hacked = true</script>',
  video_type: '',
  video_link: '/media/courses/intro.webm',
};
const textLecture: LessonLecture = { name: 'Your first plan', description: '<p>Read, then tick Completed.</p>', video_type: '', video_link: null };

const button = (name: string) => screen.getByRole('button', { name });
const checkbox = () => screen.getByRole('checkbox', { name: 'Completed' });

describe('lesson view', () => {
  for (const modelPath of modelPaths(lessonModel)) {
    it(modelPath.title, async () => {
      const { player, loaders } = fakePlayer();
      let actor: { send: (event: LessonEvent) => void } | undefined;
      let downloadsShown = 0;
      /** The player's own events, once it has been made. */
      const fromPlayer =
        (send: (events: PlayerEvents, event: any) => void): Gesture =>
        async (_user, event) => {
          await waitFor(() => expect(player.events).not.toBeNull());
          act(() => send(player.events!, event));
        };
      const gestures = {
        'completion.toggle': async (user) => user.click(checkbox()),
        'video.ready': fromPlayer((events) => events.ready()),
        'video.failed': fromPlayer((events) => events.failed()),
        'video.play': fromPlayer((events) => events.play()),
        'video.pause': fromPlayer((events) => events.pause()),
        'video.progress': fromPlayer((events, event) => events.progress(event.seconds, event.duration)),
        'video.ended': fromPlayer((events) => events.ended()),
        'lesson.previous': async (user) => user.click(button('Previous')),
        'lesson.next': async (user) => user.click(button('Next')),
        // The router's navigation to another page (the flow's watcher sends it).
        'lesson.leave': async () => act(() => actor!.send({ type: 'lesson.leave' })),
      } satisfies { [K in LessonEvent['type']]: Gesture<Extract<LessonEvent, { type: K }>> };

      const input = modelPath.input as LessonInput;
      const fakes = await walkPath(modelPath, {
        machine: lessonModel.machine,
        gestures,
        expectScreen: (snapshot) => {
          const { context } = snapshot;
          expect(screen.getByRole('heading', { name: input.hasVideo ? 'Welcome' : 'Your first plan' })).toBeInTheDocument();
          expect(checkbox()).toHaveProperty('checked', context.completed);
          if (snapshot.hasTag('saving')) expect(checkbox()).toBeDisabled();
          else expect(checkbox()).toBeEnabled();
          expect(button('Previous')).toHaveProperty('disabled', context.previousId === null);
          expect(button('Next')).toHaveProperty('disabled', context.nextId === null);
          if (snapshot.hasTag('courseCompleted')) expect(screen.getByTestId('course-completed')).toHaveTextContent('You have completed the course');
          else expect(screen.queryByTestId('course-completed')).toBeNull();
          if (snapshot.hasTag('playerUnavailable')) expect(screen.getByTestId('player-unavailable')).toBeVisible();
          else expect(screen.queryByTestId('player-unavailable')).toBeNull();
          if (input.hasVideo) expect(screen.getByTestId('video-player')).toBeInTheDocument();
          else expect(screen.queryByTestId('video-player')).toBeNull();
          // Leaving resets, pauses and mutes the player.
          expect(player.resets).toBe(snapshot.hasTag('left') ? 1 : 0);
          // The description is sanitised: no script, no event handler.
          expect(document.querySelector('[data-testid="lesson-description"] script')).toBeNull();
          expect(document.querySelector('[data-testid="lesson-description"] [onerror]')).toBeNull();
        },
        render: (logic, pathInput, clock) => {
          function CaptureActor() {
            actor = LessonContext.useActorRef();
            return null;
          }
          return renderInFlow(
            LessonContext,
            <PlayersContext.Provider value={loaders}>
              <CaptureActor />
              <LessonView lecture={input.hasVideo ? videoLecture : textLecture} onShowDownloads={() => (downloadsShown += 1)} />
            </PlayersContext.Provider>,
            logic,
            pathInput,
            clock,
          );
        },
      });
      // The player starts where the member stopped last time.
      if (input.hasVideo) expect(player.startAt).toBe(input.resumeAt);
      // Previous and next lead to the neighbours, and nowhere past the ends.
      for (const call of fakes.actionCalls.filter(({ name }) => name === 'goToLecture')) {
        expect([input.previousId, input.nextId]).toContain((call.params as { lectureId: string }).lectureId);
      }
      expect(downloadsShown).toBe(0);
      expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    });
  }
});
