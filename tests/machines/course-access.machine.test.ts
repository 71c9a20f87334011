import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { courseAccessMachine } from '../../machines/learning/course-access.machine';
import type { CourseAccessInput, SubscriptionStatus } from '../../machines/learning/course-access.types';
import { subscriptionPoll } from '../../domain/timing';
import { activeSubscription, inactiveSubscription, subscriptionCourse } from '../models/course-access.model';

function startAccess(input: CourseAccessInput, answers: SubscriptionStatus[]) {
  const clock = new SimulatedClock();
  const calls = { fetch: vi.fn(), refreshCourse: vi.fn() };
  let answer = 0;
  const actor = createActor(
    courseAccessMachine.provide({
      actors: {
        fetchSubscription: fromPromise<SubscriptionStatus | null, void>(async () => {
          calls.fetch();
          return answers[Math.min(answer++, answers.length - 1)]!;
        }),
        watchPage: fromCallback(() => {}),
      },
      actions: { refreshCourse: calls.refreshCourse },
    }),
    { input, clock },
  ).start();
  const tick = async (ms: number) => {
    clock.increment(ms);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { actor, calls, tick };
}

describe('course access', () => {
  it('asks for the subscription every 30 s (the route has just loaded it)', async () => {
    const { calls, tick } = startAccess(subscriptionCourse, [activeSubscription]);
    await tick(subscriptionPoll - 1);
    expect(calls.fetch).not.toHaveBeenCalled();
    await tick(1);
    expect(calls.fetch).toHaveBeenCalledTimes(1);
    await tick(subscriptionPoll);
    await tick(subscriptionPoll);
    expect(calls.fetch).toHaveBeenCalledTimes(3);
  });

  it('asks nothing while the tab is hidden, and once as soon as it is visible again', async () => {
    const { actor, calls, tick } = startAccess(subscriptionCourse, [activeSubscription]);
    actor.send({ type: 'page.hidden' });
    await tick(10 * subscriptionPoll);
    expect(calls.fetch).not.toHaveBeenCalled();
    actor.send({ type: 'page.visible' });
    await tick(0);
    expect(calls.fetch).toHaveBeenCalledTimes(1);
  });

  it('locks a course that comes with the subscription when it lapses, and opens it again on renewal', async () => {
    const { actor, calls, tick } = startAccess(subscriptionCourse, [inactiveSubscription, activeSubscription]);
    expect(actor.getSnapshot().hasTag('locked')).toBe(false);
    await tick(subscriptionPoll);
    expect(actor.getSnapshot().hasTag('locked')).toBe(true);
    expect(calls.refreshCourse).not.toHaveBeenCalled();
    await tick(subscriptionPoll);
    expect(actor.getSnapshot().hasTag('locked')).toBe(false);
    expect(calls.refreshCourse).toHaveBeenCalledTimes(1);
  });

  it('starts locked when the route loaded a lapsed subscription, and never locks a course without it', async () => {
    expect(startAccess({ requiresSubscription: true, subscription: inactiveSubscription }, []).actor.getSnapshot().hasTag('locked')).toBe(true);
    const free = startAccess({ requiresSubscription: false, subscription: inactiveSubscription }, [inactiveSubscription]);
    await free.tick(subscriptionPoll);
    expect(free.actor.getSnapshot().hasTag('locked')).toBe(false);
    expect(startAccess({ requiresSubscription: true, subscription: { enabled: false, active: false, till: null, can_activate: false } }, []).actor.getSnapshot().hasTag('locked')).toBe(false);
  });
});
