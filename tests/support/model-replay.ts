// Replay of model paths: a path runs on a live actor whose effects are fakes and whose clock is simulated;
// invoke answers settle the fake actors' pending calls, timer events are sent as the path names them.
import { createActor, fromCallback, fromPromise, SimulatedClock, type AnyStateMachine, type EventObject } from 'xstate';
import { callbackMarker, isNotProvided } from '../../machines/shared/not-provided';
import type { ModelPath } from './model-paths';

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function delayMs(machine: AnyStateMachine, eventType: string, context: unknown): number {
  const name = eventType.split('.')[2] ?? '';
  if (/^\d+$/.test(name)) return Number(name);
  const delay = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') return delay({ context }) as number;
  throw new Error(`Unknown delay "${name}"`);
}

export interface PathRun {
  clock: SimulatedClock;
  /** Calls of the provided actions, by name, with their params. */
  actionCalls: { name: string; params: unknown }[];
  /** Inputs the fake actors were invoked with, by actor name. */
  actorInputs: Record<string, unknown[]>;
}

/**
 * The machine with fakes for every effect it leaves to the app: actors whose calls wait until a test
 * settles them, and actions that only record their calls.
 */
export function fakeEffects<TMachine extends AnyStateMachine>(machine: TMachine) {
  const pending = new Map<string, Deferred[]>();
  const actorInputs: Record<string, unknown[]> = {};
  const actionCalls: { name: string; params: unknown }[] = [];
  const actors = Object.fromEntries(
    Object.entries(machine.implementations.actors)
      .filter(([, logic]) => isNotProvided(logic))
      .map(([name, logic]) => [
        name,
        // Listeners send nothing by themselves: the path sends their events.
        callbackMarker in (logic as object) ? fromCallback(() => {}) : fromPromise(
          ({ input, signal }) =>
            new Promise((resolve, reject) => {
              (actorInputs[name] ??= []).push(input);
              const queue = pending.get(name) ?? [];
              const call = { resolve, reject };
              queue.push(call);
              pending.set(name, queue);
              // A call whose state was left is stopped: it can no longer answer.
              signal.addEventListener('abort', () => queue.splice(queue.indexOf(call), 1));
            }),
          ),
      ]),
  );
  const actions = Object.fromEntries(
    Object.entries(machine.implementations.actions)
      .filter(([, action]) => isNotProvided(action))
      .map(([name]) => [name, (_: unknown, params: unknown) => void actionCalls.push({ name, params })]),
  );
  const clock = new SimulatedClock();
  return {
    logic: machine.provide({ actors, actions } as never) as TMachine,
    clock,
    actionCalls,
    actorInputs,
    /**
     * Whether a settle event's actor is one of the fakes. A child flow the machine runs as it is (a machine
     * in its setup, as the deposit runs its payment) ends by itself: a path names its end, which goes to the
     * parent as sent.
     */
    fakes: (event: EventObject) => event.type.split('.').slice(3).join('.') in actors,
    /** Answers the oldest waiting call of an invoked actor, as `xstate.done/error.actor.<id>` says. */
    settle(event: EventObject & { output?: unknown; error?: unknown }) {
      const name = event.type.split('.').slice(3).join('.');
      const call = pending.get(name)?.shift();
      if (!call) throw new Error(`No pending call of actor "${name}" for ${event.type}`);
      if (event.type.startsWith('xstate.done')) call.resolve(event.output);
      else call.reject(event.error);
    },
    /** Moves the clock past the delay an `xstate.after.<delay>.*` event names. */
    elapse(event: EventObject, context: unknown) {
      clock.increment(delayMs(machine, event.type, context));
    },
  };
}

export const isSettleEvent = (type: string) => type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.');
export const isDelayEvent = (type: string) => type.startsWith('xstate.after.');

/**
 * Replays a path on a live actor: ordinary events and `xstate.after.*` timer events are sent;
 * `xstate.done.actor.X` / `xstate.error.actor.X` settle the pending call of fake actor X.
 * `onStep` runs after every step with the actor and the expected snapshot.
 */
export async function runPath(
  machine: AnyStateMachine,
  modelPath: ModelPath,
  onStep?: (actor: ReturnType<typeof createActor>, expected: { value: unknown; context: unknown }) => void | Promise<void>,
): Promise<PathRun> {
  const fakes = fakeEffects(machine);
  const actor = createActor(fakes.logic, { input: modelPath.input, clock: fakes.clock });
  actor.start();
  await flush();
  for (const step of modelPath.path.steps) {
    const event = step.event as EventObject;
    if (event.type === 'xstate.init') continue;
    if (isSettleEvent(event.type) && fakes.fakes(event)) fakes.settle(event);
    // A model takes each timer on its own, at its moment; real durations are checked by the machine tests
    // (tests/machines) and the view walks, where other timers cannot interleave.
    else actor.send(event);
    await flush();
    await onStep?.(actor, { value: step.state.value, context: step.state.context });
  }
  actor.stop();
  return { clock: fakes.clock, actionCalls: fakes.actionCalls, actorInputs: fakes.actorInputs };
}
