// Model-based testing support: paths come from the machine itself (xstate/graph), and each path is
// replayed against a live actor whose effects are fakes and whose clock is simulated.
import { createActor, createEmptyActor, fromCallback, fromPromise, SimulatedClock, type AnyStateMachine, type EventObject, type InputFrom } from 'xstate';
import { getAdjacencyMap, getStateNodes, type StatePath } from 'xstate/graph';
import { callbackMarker, isNotProvided } from '../../machines/shared/not-provided';
import { transitionKey } from '../../scripts/statecharts/machine-graph';

export type AnyPath = StatePath<any, any>;

/** A model: the machine, the input variants worth exploring and every event with a fixture payload. */
export interface Model<TMachine extends AnyStateMachine> {
  machine: TMachine;
  inputs: { label: string; input: InputFrom<TMachine> }[];
  events: readonly EventObject[];
  /** Context fields the guards read: they tell states apart in the traversal (the replay checks all fields). */
  contextKeys?: readonly string[];
}

export interface ModelPath {
  /** The path in words; with several input variants, the variant's label follows in brackets. */
  title: string;
  description: string;
  variant: string;
  input: unknown;
  path: AnyPath;
}

export function stateValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  return Object.entries(value as Record<string, unknown>)
    .map(([key, child]) => {
      const inner = stateValueText(child);
      return inner.includes(',') ? `${key}.(${inner})` : `${key}.${inner}`;
    })
    .join(',');
}

/** "login: editingCredentials → credentials.submit → signingIn → xstate.done.actor.signIn → loggedIn" */
export function describePath(machineId: string, path: AnyPath): string {
  const parts: string[] = [];
  for (const step of path.steps) {
    if (step.event.type !== 'xstate.init') parts.push(step.event.type);
    parts.push(stateValueText(step.state.value));
  }
  return `${machineId}: ${parts.join(' → ')}`;
}

/** Longest path a model test walks before a new one starts (keeps path titles readable). */
const maxPathLength = 16;

/**
 * Paths that together take every transition of the model: the machine's adjacency map (states told
 * apart by value and the guard-relevant context keys) is walked from the start, taking an untaken
 * transition where there is one and the shortest way to the nearest one otherwise; a path ends at a
 * final state or after 16 steps, and new paths start until every transition is taken. The expected
 * snapshot of each step is computed by the machine itself along the path.
 */
export function modelPaths<TMachine extends AnyStateMachine>(model: Model<TMachine>): ModelPath[] {
  const keys = model.contextKeys ?? [];
  const result: ModelPath[] = [];
  const scope = inertScope();
  for (const variant of model.inputs) {
    const adjacency = getAdjacencyMap(model.machine, {
      input: variant.input,
      events: model.events as never,
      // A finished flow takes no more events.
      stopWhen: (snapshot) => snapshot.status !== 'active',
      // An invoke can only finish while it runs.
      filterEvents: (snapshot, event) => {
        const invoke = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
        return invoke === undefined || invoke in snapshot.children;
      },
      serializeState: (snapshot) => serialize(snapshot, keys),
    });
    const states = adjacency as Record<string, { state: any; transitions: Record<string, { event: unknown; state: unknown }> }>;
    const [start] = Object.keys(states);
    if (!start) continue;
    type Edge = { id: string; from: string; to: string; event: EventObject };
    const edgesFrom = new Map<string, Edge[]>();
    const untaken = new Set<string>();
    for (const [from, value] of Object.entries(states)) {
      const edges = Object.entries(value.transitions as Record<string, { event: unknown; state: any }>)
        // The adjacency map lists every event tried; one the machine takes no transition for (no handler,
        // or every guard false) is left out: the member cannot do it there.
        .filter(([, edge]) => model.machine.getTransitionData(value.state, edge.event as never).length > 0)
        .map(([eventKey, edge]) => ({
          id: `${from}|${eventKey}`,
          from,
          to: serialize(edge.state, keys),
          event: edge.event as EventObject,
        }));
      edgesFrom.set(from, edges);
      edges.forEach((edge) => untaken.add(edge.id));
    }
    /** Shortest way (by edges) from a state to the nearest state with an untaken transition. */
    const routeToWork = (from: string): Edge[] | null => {
      const via = new Map<string, Edge | null>([[from, null]]);
      const queue = [from];
      for (const key of queue) {
        if (edgesFrom.get(key)?.some((edge) => untaken.has(edge.id))) {
          const route: Edge[] = [];
          for (let at = key; via.get(at); at = via.get(at)!.from) route.unshift(via.get(at)!);
          return route;
        }
        for (const edge of edgesFrom.get(key) ?? []) {
          if (!via.has(edge.to)) {
            via.set(edge.to, edge);
            queue.push(edge.to);
          }
        }
      }
      return null;
    };
    if (untaken.size === 0) {
      // Nothing to do but start (the input alone decides where the flow ends up): one path of no steps.
      const path = { state: states[start]!.state, steps: [{ event: { type: 'xstate.init' }, state: states[start]!.state }], weight: 1 } as AnyPath;
      const description = describePath(model.machine.id, path);
      const title = model.inputs.length > 1 ? `${description} [${variant.label}]` : description;
      result.push({ title, description, variant: variant.label, input: variant.input, path });
    }
    while (untaken.size > 0) {
      const taken: Edge[] = [];
      let at = start;
      for (;;) {
        const next = edgesFrom.get(at)?.find((edge) => untaken.has(edge.id));
        if (next) {
          taken.push(next);
          untaken.delete(next.id);
          at = next.to;
          if (taken.length >= maxPathLength) break;
          continue;
        }
        const route = routeToWork(at);
        if (!route || (taken.length > 0 && taken.length + route.length >= maxPathLength)) break;
        taken.push(...route);
        route.forEach((edge) => untaken.delete(edge.id));
        at = route.length ? route[route.length - 1]!.to : at;
      }
      if (taken.length === 0) break; // what is left is out of reach
      // The machine itself computes each step's snapshot along the path.
      let snapshot = states[start]!.state;
      const steps: AnyPath['steps'] = [{ event: { type: 'xstate.init' }, state: snapshot }];
      for (const edge of taken) {
        snapshot = model.machine.transition(snapshot, edge.event, scope);
        steps.push({ event: edge.event, state: snapshot });
      }
      const path = { state: snapshot, steps, weight: steps.length } as AnyPath;
      const description = describePath(model.machine.id, path);
      const title = model.inputs.length > 1 ? `${description} [${variant.label}]` : description;
      result.push({ title, description, variant: variant.label, input: variant.input, path });
    }
  }
  return result;
}

function serialize(snapshot: any, keys: readonly string[]): string {
  return JSON.stringify([snapshot.value, snapshot.status, keys.map((key) => snapshot.context[key])]);
}

/** Every state node id of the machine (nested and parallel ones included). */
export function allStateIds(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((node) => node.id);
}

/** A side-effect-free actor scope, as xstate/graph uses, for replaying microsteps. */
function inertScope() {
  const empty = createEmptyActor();
  return {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'model',
    defer: () => {},
    system: empty.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as never;
}

const nodesOf = (snapshot: unknown) => (snapshot as { _nodes: { id: string }[] })._nodes;

/**
 * State node ids the paths pass through, including states left at once by an eventless transition
 * (found by replaying each step's microsteps, and, for the start, the machine's initial states).
 */
export function reachedStateIds(machine: AnyStateMachine, paths: readonly ModelPath[]): Set<string> {
  const reached = new Set<string>();
  if (paths.length > 0) {
    // Every run enters the initial state, even one it leaves at once.
    let node: AnyStateMachine['root'] | undefined = machine.root;
    while (node?.initial) {
      const target: AnyStateMachine['root'] | undefined = node.initial.target[0];
      if (!target) break;
      reached.add(target.id);
      node = target;
    }
  }
  const scope = inertScope();
  for (const { path } of paths) {
    path.steps.forEach((step, index) => {
      nodesOf(step.state).forEach((node) => reached.add(node.id));
      const previous = path.steps[index - 1];
      if (!previous) return;
      for (const snapshot of machine.microstep(previous.state, step.event, scope)) {
        nodesOf(snapshot).forEach((node) => reached.add(node.id));
      }
    });
  }
  return reached;
}

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
  /** Keys of the transitions the machine took (scripts/statecharts/machine-graph.ts transitionKey). */
  taken: Set<string>;
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
  const taken = new Set<string>();
  const actor = createActor(fakes.logic, {
    input: modelPath.input,
    clock: fakes.clock,
    // Every transition the machine takes, eventless ones included, for the transition coverage.
    inspect: (inspection) => {
      // Only the machine's own steps (not those of the actors it invokes).
      if (inspection.type !== '@xstate.microstep' || inspection.actorRef.sessionId !== inspection.rootId) return;
      for (const transition of (inspection as unknown as { _transitions: RuntimeTransition[] })._transitions) {
        taken.add(runtimeTransitionKey(transition));
      }
    },
  });
  actor.start();
  await flush();
  for (const step of modelPath.path.steps) {
    const event = step.event as EventObject;
    if (event.type === 'xstate.init') continue;
    if (isSettleEvent(event.type)) fakes.settle(event);
    // A model takes each timer on its own, at its moment; real durations are checked by the machine tests
    // (tests/machines) and the view walks, where other timers cannot interleave.
    else actor.send(event);
    await flush();
    await onStep?.(actor, { value: step.state.value, context: step.state.context });
  }
  return { clock: fakes.clock, actionCalls: fakes.actionCalls, actorInputs: fakes.actorInputs, taken };
}

type RuntimeTransition = { eventType: string; source: AnyStateMachine['root'] };

/** The key scripts/statecharts/machine-graph.ts gives the same transition of the machine's chart. */
function runtimeTransitionKey(transition: RuntimeTransition): string {
  const { source, eventType } = transition;
  const group = eventType === '' ? (source.always ?? []) : ((source.transitions as Map<string, unknown[]>).get(eventType) ?? []);
  return transitionKey(transition as never, group.indexOf(transition));
}
