// Walks a model path through the real view: user events become gestures on the screen, invoke answers
// settle fake actors, delays move the simulated clock; after every step the screen must show the state
// the machine is in.
import { act, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { AnyStateMachine, EventObject } from 'xstate';
import type { ModelPath } from './model-paths';
import { fakeEffects, isDelayEvent, isSettleEvent } from './model-replay';
import { renderView } from './render';

export type Gesture<TEvent extends EventObject = EventObject> = (user: UserEvent, event: TEvent) => Promise<void>;

export interface WalkOptions<TMachine extends AnyStateMachine> {
  machine: TMachine;
  /**
   * Renders the view with this logic, input and clock; returns the running actor (for its snapshot, and to
   * send it the end of a child flow it runs as it is).
   */
  render: (
    logic: TMachine,
    input: unknown,
    clock: ReturnType<typeof fakeEffects>['clock'],
  ) => { snapshot: () => any; send?: (event: EventObject) => void };
  gestures: Record<string, Gesture<any>>;
  /** What the screen shows in a state; throws (expect) when it does not. */
  expectScreen: (snapshot: any) => void;
  /**
   * Context fields read from the clock (countdown deadlines). The paths are computed at time zero while the
   * walk moves a simulated clock, so these are left out of the context comparison; the screen checks the
   * time left they show.
   */
  clockKeys?: readonly string[];
  /**
   * Sends a delay's event to the flow instead of moving the clock, when it handles it (returns true): for a
   * long delay that a shorter repeating one (a poll) would overtake if the clock moved past it.
   */
  sendDelay?: (event: EventObject) => boolean;
}

const withoutKeys = (context: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(context).filter(([key]) => !keys.includes(key)));

export async function walkPath<TMachine extends AnyStateMachine>(modelPath: ModelPath, options: WalkOptions<TMachine>) {
  const fakes = fakeEffects(options.machine);
  // No pause between keystrokes: the walk waits on the screen, not on typing speed.
  const user = userEvent.setup({ delay: null });
  const view = options.render(fakes.logic, modelPath.input, fakes.clock);
  for (const step of modelPath.path.steps) {
    const event = step.event as EventObject;
    if (event.type !== 'xstate.init') {
      if (isSettleEvent(event.type)) {
        await act(async () => {
          if (fakes.fakes(event)) fakes.settle(event);
          else if (view.send) view.send(event);
          else throw new Error(`${event.type}: the walk cannot send a child flow's end without send()`);
        });
      }
      // A timer the walk gives a gesture for is sent as its timer sends it (where parallel timers would
      // otherwise fire together as the clock moves); sendDelay may send one itself; every other timer moves
      // the simulated clock.
      else if (isDelayEvent(event.type) && !options.gestures[event.type]) {
        await act(async () => {
          if (!options.sendDelay?.(event)) fakes.elapse(event, view.snapshot().context);
        });
      }
      else {
        const gesture = options.gestures[event.type];
        if (!gesture) throw new Error(`No gesture for ${event.type}`);
        await gesture(user, event);
      }
    }
    await waitFor(() => {
      expect(view.snapshot().value).toEqual(step.state.value);
      const clockKeys = options.clockKeys ?? [];
      expect(withoutKeys(view.snapshot().context, clockKeys)).toEqual(
        withoutKeys(step.state.context as Record<string, unknown>, clockKeys),
      );
    });
    await waitFor(() => options.expectScreen(view.snapshot()));
  }
  return fakes;
}

/** A flow's React context, as `createActorContext` makes it. */
export interface FlowContext {
  Provider: (props: { logic: any; options?: any; children: ReactNode }) => ReactNode;
  useActorRef: () => { getSnapshot: () => any; send: (event: any) => void };
}

/** Renders a view inside its flow's provider, running `logic`; gives the running actor's snapshot to the walk. */
export function renderInFlow(context: FlowContext, view: ReactNode, logic: unknown, input: unknown, clock: unknown) {
  let actor: { getSnapshot: () => any; send: (event: EventObject) => void } | undefined;
  function Capture() {
    actor = context.useActorRef();
    return null;
  }
  renderView(
    <context.Provider logic={logic} options={{ input, clock }}>
      <Capture />
      {view}
    </context.Provider>,
  );
  return { snapshot: () => actor!.getSnapshot(), send: (event: EventObject) => actor!.send(event) };
}

/**
 * The machine with recording stand-ins for the named actions (on top of the walk's fakes): a walk of a flow
 * whose effect is where the member lands (a redirect, a stored value) asserts these calls after every step.
 */
export function recordActions<TMachine extends AnyStateMachine>(logic: TMachine, names: readonly string[]) {
  const calls: { name: string; params: unknown }[] = [];
  const actions = Object.fromEntries(
    names.map((name) => [name, (_: unknown, params: unknown) => void calls.push({ name, params })]),
  );
  return { logic: logic.provide({ actions } as never) as TMachine, calls };
}
