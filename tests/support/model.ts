// Model-based testing support: paths come from the machine itself (xstate/graph), and each path is
// replayed against a live actor whose effects are fakes and whose clock is simulated.
import { createActor, createEmptyActor, fromPromise, SimulatedClock, type AnyStateMachine, type EventObject, type InputFrom } from 'xstate';
import { getSimplePaths, getStateNodes, type StatePath } from 'xstate/graph';
import { isNotProvided } from '../../machines/shared/not-provided';

export type AnyPath = StatePath<any, any>;

/** A model: the machine, the input variants worth exploring and every event with a fixture payload. */
export interface Model<TMachine extends AnyStateMachine> {
  machine: TMachine;
  inputs: { label: string; input: InputFrom<TMachine> }[];
  events: readonly EventObject[];
  /** Context fields the guards read; they distinguish states in the traversal. */
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

export function modelPaths<TMachine extends AnyStateMachine>(model: Model<TMachine>): ModelPath[] {
  const keys = model.contextKeys ?? [];
  const all = new Map<string, ModelPath>();
  for (const variant of model.inputs) {
    const paths = getSimplePaths(model.machine, {
      input: variant.input,
      events: model.events as never,
      // A finished flow takes no more events.
      stopWhen: (snapshot) => snapshot.status !== 'active',
      // An invoke can only finish while it runs.
      filterEvents: (snapshot, event) => {
        const invoke = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
        return invoke === undefined || invoke in snapshot.children;
      },
      serializeState: (snapshot) =>
        JSON.stringify([snapshot.value, snapshot.status, keys.map((key) => (snapshot.context as Record<string, unknown>)[key])]),
    });
    for (const path of paths) {
      const description = describePath(model.machine.id, path);
      const title = model.inputs.length > 1 ? `${description} [${variant.label}]` : description;
      all.set(title, { title, description, variant: variant.label, input: variant.input, path });
    }
  }
  // A path that another path of the same variant starts with adds nothing: keep the longest ones.
  const entries = [...all.values()];
  return entries.filter(
    (entry) =>
      !entries.some(
        (other) => other.variant === entry.variant && other.description.startsWith(`${entry.description} → `),
      ),
  );
}

/** Every state node id of the machine (including the root's children, nested and parallel ones). */
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
 * (found by replaying each step's microsteps). An initial state that is left at once is not seen, so
 * machines start in a state that waits for something.
 */
export function reachedStateIds(machine: AnyStateMachine, paths: readonly ModelPath[]): Set<string> {
  const reached = new Set<string>();
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

export interface PathRun {
  actor: ReturnType<typeof createActor>;
  clock: SimulatedClock;
  /** Calls of the provided actions, by name, with their params. */
  actionCalls: { name: string; params: unknown }[];
  /** Inputs the fake actors were invoked with, by actor name. */
  actorInputs: Record<string, unknown[]>;
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

/**
 * Replays a path on a live actor: ordinary events are sent; `xstate.done.actor.X` / `xstate.error.actor.X`
 * settle the pending call of fake actor X; `xstate.after.*` moves the simulated clock.
 * `onStep` runs after every step with the expected snapshot, so callers can assert more.
 */
export async function runPath(
  machine: AnyStateMachine,
  modelPath: ModelPath,
  onStep?: (run: PathRun, expected: { value: unknown; context: unknown }) => void | Promise<void>,
): Promise<PathRun> {
  const pending = new Map<string, Deferred[]>();
  const actorInputs: Record<string, unknown[]> = {};
  const actionCalls: { name: string; params: unknown }[] = [];
  const actors = Object.fromEntries(
    Object.entries(machine.implementations.actors)
      .filter(([, logic]) => isNotProvided(logic))
      .map(([name]) => [
        name,
        fromPromise(
          ({ input }) =>
            new Promise((resolve, reject) => {
              (actorInputs[name] ??= []).push(input);
              const queue = pending.get(name) ?? [];
              queue.push({ resolve, reject });
              pending.set(name, queue);
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
  const actor = createActor(machine.provide({ actors, actions } as never), { input: modelPath.input, clock });
  actor.start();
  await flush();
  const run: PathRun = { actor, clock, actionCalls, actorInputs };
  for (const step of modelPath.path.steps) {
    const event = step.event as EventObject & { output?: unknown; error?: unknown };
    if (event.type === 'xstate.init') continue;
    if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
      const name = event.type.split('.').slice(3).join('.');
      const call = pending.get(name)?.shift();
      if (!call) throw new Error(`No pending call of actor "${name}" for ${event.type}`);
      if (event.type.startsWith('xstate.done')) call.resolve(event.output);
      else call.reject(event.error);
    } else if (event.type.startsWith('xstate.after.')) {
      clock.increment(delayMs(machine, event.type, actor.getSnapshot().context));
    } else {
      actor.send(event);
    }
    await flush();
    await onStep?.(run, { value: step.state.value, context: step.state.context });
  }
  return run;
}
