// The clock every flow runs on. Machines read it for countdown deadlines (machines/shared/clock.ts) and
// views show the time left by the same clock, so a simulated clock in tests moves both together.
import type { AnyActorRef } from 'xstate';

export interface ReadableClock {
  now(): number;
  setTimeout(fn: (...args: unknown[]) => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export const wallClock: ReadableClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** The clock an actor runs on (a test's SimulatedClock, or the wall clock). */
export function clockOf(actor: AnyActorRef): ReadableClock {
  const clock = (actor as { clock?: Partial<ReadableClock> }).clock;
  return typeof clock?.now === 'function' ? (clock as ReadableClock) : wallClock;
}
