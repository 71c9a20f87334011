// Path generation for the model tests: a model is a machine, the inputs worth exploring and a fixture for
// every event; its paths come from the machine itself (xstate/graph's adjacency map) and together take
// every transition the traversal finds, within a path length limit.
import { transition, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type InputFrom } from 'xstate';
import { getAdjacencyMap, type AdjacencyMap, type StatePath } from 'xstate/graph';

export type AnyPath = StatePath<any, any>;

/** A model: the machine, the input variants worth exploring and every event with a fixture payload. */
export interface Model<TMachine extends AnyStateMachine> {
  machine: TMachine;
  inputs: { label: string; input: InputFrom<TMachine> }[];
  events: readonly EventObject[];
  /** Context fields the guards read: they tell states apart in the traversal (the replay checks all fields). */
  contextKeys?: readonly string[];
  /**
   * Instead of contextKeys, for a context whose fields vary more than its guards care (lists, objects): what
   * the guards read of it, e.g. whether a list is empty. States with the same key are one state of the model.
   */
  contextKey?: (context: any) => unknown;
  /** Longest path a model test walks before a new one starts (keeps path titles readable); default 16. */
  pathLimit?: number;
  /**
   * 'edges' (the default): paths that take every edge of the traversal. 'transitions': of those, the fewest
   * that still reach every state and take every transition of the chart (see model-selection.ts).
   */
  cover?: 'edges' | 'transitions';
}

export interface ModelPath {
  /** The path in words; with several input variants, the variant's label follows in brackets. */
  title: string;
  description: string;
  variant: string;
  input: unknown;
  path: AnyPath;
}

export const defaultPathLimit = 16;

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

/** An event the machine takes a transition for, from one traversal state to another. */
export interface Edge {
  id: string;
  from: string;
  to: string;
  event: EventObject;
}

/** What the traversal of one input variant found. */
export interface Traversal {
  variant: { label: string; input: unknown };
  /** Key of the start state. */
  start: string;
  /** Every state reached, by key (state value, status and the model's context keys). */
  snapshots: Map<string, AnyMachineSnapshot>;
  /** Per state, the fixtures the machine takes a transition for there (events it ignores are left out). */
  edgesFrom: Map<string, Edge[]>;
}

/** An invoke can only finish while it runs. */
export function canHappen(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const invoke = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
  return invoke === undefined || invoke in snapshot.children;
}

type StateKey = (snapshot: AnyMachineSnapshot) => string;

const stateKeyOf = (model: Model<AnyStateMachine>): StateKey => {
  const keys = model.contextKeys ?? [];
  const ofContext = model.contextKey ?? ((context: Record<string, unknown>) => keys.map((key) => context[key]));
  return (snapshot) => JSON.stringify([snapshot.value, snapshot.status, ofContext(snapshot.context)]);
};

/**
 * The machine's state space for one input: xstate/graph's adjacency map, with states told apart by value,
 * status and the guard-relevant context keys (the whole context would grow without end).
 */
export function traverse(model: Model<AnyStateMachine>, variant: { label: string; input: unknown }): Traversal {
  const stateKey = stateKeyOf(model);
  const adjacency = getAdjacencyMap(model.machine, {
    input: variant.input,
    events: model.events as never,
    // A finished flow takes no more events.
    stopWhen: (snapshot) => snapshot.status !== 'active',
    filterEvents: canHappen,
    serializeState: (snapshot) => stateKey(snapshot),
  });
  const snapshots = new Map<string, AnyMachineSnapshot>();
  const edgesFrom = new Map<string, Edge[]>();
  for (const [from, { state, transitions }] of Object.entries(adjacency as AdjacencyMap<AnyMachineSnapshot, EventObject>)) {
    snapshots.set(from, state);
    edgesFrom.set(
      from,
      Object.entries(transitions as Record<string, { event: EventObject; state: AnyMachineSnapshot }>)
        // The adjacency map lists every event tried; one the machine takes no transition for (no handler,
        // or every guard false) is left out: the member cannot do it there.
        .filter(([, edge]) => model.machine.getTransitionData(state, edge.event as never).length > 0)
        .map(([eventKey, edge]) => ({ id: `${from}|${eventKey}`, from, to: stateKey(edge.state), event: edge.event })),
    );
  }
  return { variant, start: Object.keys(adjacency)[0]!, snapshots, edgesFrom };
}

/**
 * Breadth-first from `from` over the edges, at most `maxLength` deep, until `isGoal` accepts a state:
 * `found` is the shortest route (by edges) to that state, `routeTo` the shortest to any state passed.
 */
function breadthFirst(traversal: Traversal, from: string, isGoal: (key: string) => boolean, maxLength = Infinity) {
  const via = new Map<string, { edge: Edge | null; length: number }>([[from, { edge: null, length: 0 }]]);
  const routeTo = (key: string): Edge[] | null => {
    if (!via.has(key)) return null;
    const route: Edge[] = [];
    for (let at = via.get(key)!; at.edge; at = via.get(at.edge.from)!) route.unshift(at.edge);
    return route;
  };
  const queue = [from];
  for (const key of queue) {
    if (isGoal(key)) return { found: routeTo(key), routeTo };
    const length = via.get(key)!.length;
    if (length >= maxLength) continue;
    for (const edge of traversal.edgesFrom.get(key) ?? []) {
      if (!via.has(edge.to)) {
        via.set(edge.to, { edge, length: length + 1 });
        queue.push(edge.to);
      }
    }
  }
  return { found: null, routeTo };
}

/**
 * Routes that together take every edge of the traversal: from the start, take an untaken edge where there
 * is one and the shortest way to the nearest one otherwise; a route ends at a final state or at the limit,
 * and new routes start until every edge is taken. An edge whose shortest route from the start is longer
 * than the limit is cut: it comes back, with that route, in `cut`.
 */
function coverEdges(traversal: Traversal, limit: number): { routes: Edge[][]; cut: Edge[][] } {
  const untaken = new Set<string>();
  const cut: Edge[][] = [];
  const fromStart = breadthFirst(traversal, traversal.start, () => false);
  for (const edges of traversal.edgesFrom.values()) {
    for (const edge of edges) {
      const route = fromStart.routeTo(edge.from);
      if (!route) continue; // only reachable through an event the machine ignores: no path can get there
      if (route.length + 1 > limit) cut.push([...route, edge]);
      else untaken.add(edge.id);
    }
  }
  const hasWork = (key: string) => traversal.edgesFrom.get(key)!.some((edge) => untaken.has(edge.id));
  const routes: Edge[][] = [];
  while (untaken.size > 0) {
    const taken: Edge[] = [];
    let at = traversal.start;
    while (taken.length < limit) {
      const next = traversal.edgesFrom.get(at)!.find((edge) => untaken.has(edge.id));
      // Otherwise the nearest untaken edge, if it still fits.
      const route = next ? [next] : breadthFirst(traversal, at, hasWork, limit - taken.length - 1).found;
      if (!route) break;
      for (const edge of route) {
        taken.push(edge);
        untaken.delete(edge.id);
      }
      at = route.at(-1)!.to;
    }
    if (taken.length === 0) break; // cannot happen: every untaken edge fits from the start
    routes.push(taken);
  }
  // Nothing to do but start (the input alone decides where the flow ends up): one path of no steps.
  if (routes.length === 0) routes.push([]);
  return { routes, cut };
}

/** A route as a model path; the machine itself computes each step's snapshot along it. */
function toModelPath(model: Model<AnyStateMachine>, traversal: Traversal, route: Edge[]): ModelPath {
  let snapshot = traversal.snapshots.get(traversal.start)!;
  const steps: AnyPath['steps'] = [{ event: { type: 'xstate.init' }, state: snapshot }];
  for (const edge of route) {
    [snapshot] = transition(model.machine, snapshot, edge.event);
    steps.push({ event: edge.event, state: snapshot });
  }
  const path = { state: snapshot, steps, weight: route.length } as AnyPath;
  const description = describePath(model.machine.id, path);
  const { label, input } = traversal.variant;
  const title = model.inputs.length > 1 ? `${description} [${label}]` : description;
  return { title, description, variant: label, input, path };
}

export interface PathPlan {
  /** The paths the model tests walk. */
  paths: ModelPath[];
  /** For each edge the path limit cut off, the shortest path that takes it (for the coverage report). */
  cut: ModelPath[];
  traversals: Traversal[];
  limit: number;
}

export function planPaths<TMachine extends AnyStateMachine>(model: Model<TMachine>): PathPlan {
  const limit = model.pathLimit ?? defaultPathLimit;
  const plan: PathPlan = { paths: [], cut: [], traversals: [], limit };
  for (const variant of model.inputs) {
    const traversal = traverse(model, variant);
    const { routes, cut } = coverEdges(traversal, limit);
    plan.traversals.push(traversal);
    plan.paths.push(...routes.map((route) => toModelPath(model, traversal, route)));
    plan.cut.push(...cut.map((route) => toModelPath(model, traversal, route)));
  }
  return plan;
}

/** Paths that together take every transition of the model (see planPaths). */
export function modelPaths<TMachine extends AnyStateMachine>(model: Model<TMachine>): ModelPath[] {
  return planPaths(model).paths;
}
