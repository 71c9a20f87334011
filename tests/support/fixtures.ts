// Typed event fixtures: one entry per event type the machine knows plus each done/error variant of its
// invokes, so a new event without a fixture fails to compile.
import type { EventObject } from 'xstate';
import type { AppError, AppErrorReason } from '../../domain/app-error';

export type DoneEvent<TId extends string, TOutput> = { type: `xstate.done.actor.${TId}`; output: TOutput };
export type ErrorEvent<TId extends string> = { type: `xstate.error.actor.${TId}`; error: unknown };

export function flattenFixtures<T extends Record<string, readonly EventObject[]>>(fixtures: T): EventObject[] {
  return Object.values(fixtures).flat();
}

/** An actor's named failure, as the app's effects resolve it (DESIGN §3 "Outcomes"). */
export function failure<R extends AppErrorReason>(error: AppError & { reason: R }): { ok: false; reason: R; error: AppError } {
  return { ok: false, reason: error.reason, error };
}

export const success = <T,>(value: T) => ({ ok: true as const, value });

/** The unexpected: the request never got an answer. */
export const networkError: AppError = { code: 'network' };
