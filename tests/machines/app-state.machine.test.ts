import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { appStateMachine } from '../../machines/app-status/app-state.machine';
import type { AppStateAnswer } from '../../machines/app-status/app-state.types';
import { live, maintenance, newVersion, newVersionWithLogout } from '../models/app-state.model';

function startAppState(answers: AppStateAnswer[]) {
  const clock = new SimulatedClock();
  const calls = { fetch: vi.fn(), goToLogin: vi.fn(), reloadPage: vi.fn() };
  let answer = 0;
  const actor = createActor(
    appStateMachine.provide({
      actors: {
        fetchAppState: fromPromise(async () => {
          calls.fetch();
          return answers[Math.min(answer++, answers.length - 1)]!;
        }),
        watchPage: fromCallback(() => {}),
      },
      actions: { goToLogin: calls.goToLogin, reloadPage: calls.reloadPage },
    }),
    { clock },
  ).start();
  const tick = async (ms: number) => {
    clock.increment(ms);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { actor, clock, calls, tick };
}

describe('app state', () => {
  it('asks at start and then every 30 s', async () => {
    const { calls, tick } = startAppState([live]);
    await tick(0);
    expect(calls.fetch).toHaveBeenCalledTimes(1);
    await tick(29_999);
    expect(calls.fetch).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(calls.fetch).toHaveBeenCalledTimes(2);
    await tick(30_000);
    await tick(30_000);
    expect(calls.fetch).toHaveBeenCalledTimes(4);
  });

  it('asks nothing while the tab is hidden, and once as soon as it is visible again', async () => {
    const { actor, calls, tick } = startAppState([live]);
    await tick(0);
    actor.send({ type: 'page.hidden' });
    await tick(120_000);
    expect(calls.fetch).toHaveBeenCalledTimes(1);
    actor.send({ type: 'page.visible' });
    await tick(0);
    expect(calls.fetch).toHaveBeenCalledTimes(2);
  });

  it('a status other than live shows the maintenance dialog until the platform is live again', async () => {
    const { actor, tick } = startAppState([live, maintenance, live]);
    await tick(0);
    expect(actor.getSnapshot().hasTag('maintenance')).toBe(false);
    await tick(30_000);
    expect(actor.getSnapshot().hasTag('maintenance')).toBe(true);
    await tick(30_000);
    expect(actor.getSnapshot().hasTag('maintenance')).toBe(false);
  });

  it('a new version prompts a reload of the page', async () => {
    const { actor, calls, tick } = startAppState([live, newVersion]);
    await tick(0);
    await tick(30_000);
    expect(actor.getSnapshot().hasTag('newVersionDialog')).toBe(true);
    actor.send({ type: 'reload.confirm' });
    expect(calls.reloadPage).toHaveBeenCalled();
    expect(calls.goToLogin).not.toHaveBeenCalled();
  });

  it('with logout_needed the reload goes to the login', async () => {
    const { actor, calls, tick } = startAppState([live, newVersionWithLogout]);
    await tick(0);
    await tick(30_000);
    actor.send({ type: 'reload.confirm' });
    expect(calls.goToLogin).toHaveBeenCalled();
  });

  it('waits with the dialog while the member is in the middle of a form, saying so', async () => {
    const { actor, tick } = startAppState([live, newVersion]);
    await tick(0);
    actor.send({ type: 'activity.busy' });
    await tick(30_000);
    expect(actor.getSnapshot().hasTag('newVersionNotice')).toBe(true);
    expect(actor.getSnapshot().hasTag('newVersionDialog')).toBe(false);
    actor.send({ type: 'activity.idle' });
    expect(actor.getSnapshot().hasTag('newVersionDialog')).toBe(true);
  });

  it('a route whose code fails, or loads for over 120 s, leads to the new-version prompt', async () => {
    const failed = startAppState([live]);
    await failed.tick(0);
    failed.actor.send({ type: 'chunk.failed' });
    expect(failed.actor.getSnapshot().hasTag('newVersionDialog')).toBe(true);

    const slow = startAppState([live]);
    await slow.tick(0);
    slow.actor.send({ type: 'page.hidden' }); // keep the polls out of the way
    slow.actor.send({ type: 'navigation.started' });
    await slow.tick(119_999);
    expect(slow.actor.getSnapshot().hasTag('newVersionDialog')).toBe(false);
    await slow.tick(1);
    expect(slow.actor.getSnapshot().hasTag('newVersionDialog')).toBe(true);
  });
});
