// The order a member meets a machine's states, and its happy path, for laying the chart out for people:
// the start on the left, the happy path on one line, refusals and errors below it.
import type { ChartState, ChartTransition, MachineGraph } from './machine-graph';

/** States whose name says something went wrong: never on the happy path, drawn below it. */
const failureName = /fail|error|invalid|unavailable|notfound|notpayable|suspended|denied|refused|expired|timedout|outdated|maintenance|locked|twofactoroff|notsent|heldback|short|lockended|recovery|left$|none$/i;

/** Transitions that are refusals, failures or ways back: never on the happy path. */
const setbackWords = /refused|failed|cancel|\bback\b|retr|closes|wrong|missing|no such|not |cannot|too (low|slow)|ended|hidden|leaves|edits|another/i;

export interface ReadingOrder {
  /** State ids in the order a member meets them: the happy path first, then the rest breadth-first. */
  rank: Map<string, number>;
  /** State ids along the happy path (leaves and the compound states it enters). */
  happyStates: Set<string>;
  /** Keys of the transitions along the happy path. */
  happyTransitions: Set<string>;
  /**
   * Where a state stands along the happy path: its index on it, or for a state off it the index of the
   * happy state it is reached from plus a half. An edge to a lower column is a way back; from a refusal
   * to a later happy state (a recovery code that signs in) it goes on.
   */
  column: Map<string, number>;
}

function byId(graph: MachineGraph) {
  return new Map(graph.states.map((state) => [state.id, state]));
}

/** Where entering a state lands: a compound state's initial child, all the way down (a parallel state's first region). */
function landing(states: Map<string, ChartState>, id: string): string {
  const state = states.get(id);
  if (!state || state.childIds.length === 0) return id;
  if (state.type === 'parallel') return landing(states, state.childIds[0]!);
  return state.initialId ? landing(states, state.initialId) : id;
}

/** Every state entering a state may land in: a parallel state lands in each of its regions at once. */
function landings(states: Map<string, ChartState>, id: string): string[] {
  const state = states.get(id);
  if (!state || state.childIds.length === 0) return [id];
  if (state.type === 'parallel') return state.childIds.flatMap((region) => landings(states, region));
  return state.initialId ? landings(states, state.initialId) : [id];
}

function ancestors(states: Map<string, ChartState>, id: string): string[] {
  const out: string[] = [];
  for (let state = states.get(id); state?.parentId; state = states.get(state.parentId)) out.push(state.parentId);
  return out;
}

export const isFailureState = (state: ChartState) => failureName.test(state.key);

export const isSetback = (transition: ChartTransition) =>
  transition.kind === 'error' || (transition.description !== null && setbackWords.test(transition.description));

/**
 * The happy path is the longest simple path from the start state (counted in states) that takes no error
 * answer, no transition whose description reads as a refusal or a way back, and enters no state named
 * as a failure; a path that ends in a final state wins over a longer one that does not. Ties go to the
 * path found first, walking transitions in the machine's own order, so it is the one the model writes
 * first. A state's outgoing transitions include those of its ancestors (a compound state's `on`), but
 * such a shared exit taken from a state with its own way on is a side door (sign in instead, from any
 * step of the form): each costs a little.
 * Entering a parallel state, the path may go on in any of its regions (the one that leads on is taken).
 */
export function readingOrder(graph: MachineGraph, initialId: string | null): ReadingOrder {
  const states = byId(graph);
  const outgoing = new Map<string, ChartTransition[]>();
  for (const transition of graph.transitions) outgoing.set(transition.sourceId, [...(outgoing.get(transition.sourceId) ?? []), transition]);
  const movesFrom = (id: string) =>
    [id, ...ancestors(states, id)].flatMap((source) => outgoing.get(source) ?? []).filter((t) => t.targetIds.length > 0);
  /** What a side door (a move taken from an ancestor while the state has its own way on) costs the path's score. */
  const sideDoor = 3;
  const hasOwnWayOn = (id: string) =>
    (outgoing.get(id) ?? []).some((t) => t.targetIds.length > 0 && !isSetback(t) && !isFailureState(states.get(t.targetIds[0]!)!));

  const start = initialId ? landing(states, initialId) : graph.states[0]?.id;
  let best: { path: string[]; edges: string[]; score: number } = { path: start ? [start] : [], edges: [], score: 0 };
  let budget = 50_000;
  const walk = (id: string, path: string[], edges: string[], cost: number) => {
    if (--budget < 0) return;
    const state = states.get(id);
    const score = path.length * 2 + (state?.type === 'final' ? 3 : 0) - cost;
    if (score > best.score) best = { path: [...path], edges: [...edges], score };
    for (const transition of movesFrom(id)) {
      if (isSetback(transition)) continue;
      for (const next of landings(states, transition.targetIds[0]!)) {
        const target = states.get(next);
        if (!target || path.includes(next) || isFailureState(target)) continue;
        if ([next, ...ancestors(states, next)].some((s) => isFailureState(states.get(s)!))) continue;
        path.push(next);
        edges.push(transition.key);
        walk(next, path, edges, cost + (transition.sourceId === id || !hasOwnWayOn(id) ? 0 : sideDoor));
        path.pop();
        edges.pop();
      }
    }
  };
  if (start) walk(start, [start], [], 0);

  const happyStates = new Set(best.path.flatMap((id) => [id, ...ancestors(states, id)]));
  const rank = new Map<string, number>();
  const meet = (id: string) => {
    for (const each of [...ancestors(states, id).reverse(), id]) if (!rank.has(each)) rank.set(each, rank.size);
  };
  best.path.forEach(meet);
  const column = new Map<string, number>();
  const place = (id: string, at: number) => {
    for (const each of [...ancestors(states, id).reverse(), id]) if (!column.has(each)) column.set(each, at);
  };
  best.path.forEach((id, index) => place(id, index));
  // Then breadth-first from the happy path: the states a member meets when something else happens.
  const queue = [...best.path];
  while (queue.length) {
    const id = queue.shift()!;
    for (const transition of movesFrom(id)) {
      for (const target of transition.targetIds) {
        const next = landing(states, target);
        if (rank.has(next)) continue;
        meet(target);
        meet(next);
        place(target, Math.floor(column.get(id) ?? 0) + 0.5);
        place(next, Math.floor(column.get(id) ?? 0) + 0.5);
        queue.push(next);
      }
    }
  }
  for (const state of graph.states) {
    meet(state.id);
    place(state.id, best.path.length);
  }
  return { rank, happyStates, happyTransitions: new Set(best.edges), column };
}
