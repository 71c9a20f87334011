// Typed event fixtures: one entry per event type the machine knows plus each done/error variant of its
// invokes, so a new event without a fixture fails to compile.
import type { EventObject } from 'xstate';

export type DoneEvent<TId extends string, TOutput> = { type: `xstate.done.actor.${TId}`; output: TOutput };
export type ErrorEvent<TId extends string> = { type: `xstate.error.actor.${TId}`; error: unknown };

export function flattenFixtures<T extends Record<string, readonly EventObject[]>>(fixtures: T): EventObject[] {
  return Object.values(fixtures).flat();
}
