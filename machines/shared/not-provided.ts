// Placeholders for effects a machine names but the app supplies with .provide(). Running one unprovided
// is a wiring bug, so it fails loudly instead of doing nothing. Tests find them by the marker and supply
// fakes.
import { fromCallback, fromPromise, type EventObject } from 'xstate';

export const notProvidedMarker = Symbol.for('portal.notProvided');

export function notProvidedActor<TOutput, TInput = void>(name: string) {
  const logic = fromPromise<TOutput, TInput>(async () => {
    throw new Error(`Actor "${name}" was not provided`);
  });
  return Object.assign(logic, { [notProvidedMarker]: name }) as typeof logic;
}

/** A long-running effect that sends the machine events (a listener); tests replace it with a silent one. */
export function notProvidedCallback<TInput = void>(name: string) {
  const logic = fromCallback<EventObject, TInput>(() => {
    throw new Error(`Actor "${name}" was not provided`);
  });
  return Object.assign(logic, { [notProvidedMarker]: name, [callbackMarker]: true }) as typeof logic;
}

export const callbackMarker = Symbol.for('portal.notProvided.callback');

export function notProvidedAction(name: string) {
  const action = () => {
    throw new Error(`Action "${name}" was not provided`);
  };
  return Object.assign(action, { [notProvidedMarker]: name }) as typeof action;
}

export const isNotProvided = (value: unknown): boolean =>
  (typeof value === 'object' || typeof value === 'function') && value !== null && notProvidedMarker in value;
