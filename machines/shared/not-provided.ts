// Placeholders for effects a machine names but the app supplies with .provide(). Running one unprovided
// is a wiring bug, so it fails loudly instead of doing nothing.
import { fromPromise } from 'xstate';

export function notProvidedActor<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`Actor "${name}" was not provided`);
  });
}

export function notProvidedAction(name: string) {
  return () => {
    throw new Error(`Action "${name}" was not provided`);
  };
}
