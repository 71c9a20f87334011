// Coverage of a model's paths: the states they reach and the transitions they take, and for each one
// missing, why: a state never reached, an event without a fixture, a guard false for every fixture, or
// the path length limit.
import {
  createActor,
  getInitialMicrosteps,
  getMicrosteps,
  getStateNodes,
  SimulatedClock,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { getStateNodes as descendantsOf } from 'xstate/graph';
import { machineGraph, transitionKey, type ChartTransition } from '../../scripts/statecharts/machine-graph';
import { canHappen, planPaths, type Model, type ModelPath, type PathPlan } from './model-paths';
import { fakeEffects } from './model-replay';

/** Every state node id of the machine (nested and parallel ones included). */
export function allStateIds(machine: AnyStateMachine): string[] {
  return descendantsOf(machine.root).map((node) => node.id);
}

/** Ids of the state nodes active in a snapshot (ancestors included, the root left out). */
function activeStateIds(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string[] {
  return getStateNodes(machine.root, snapshot.value)
    .filter((node) => node !== machine.root)
    .map((node) => node.id);
}

/**
 * The transitions of one microstep. xstate's public inspection says which event a microstep took and the
 * snapshot it left, but only its internal `_transitions` says which transition fired: an eventless
 * (`always`) step and an event's step look alike from the outside, and two guarded transitions may lead
 * to the same state. This is the one place the harness reads an xstate internal.
 */
function microstepTransitions(inspection: InspectionEvent & { type: '@xstate.microstep' }): AnyTransitionDefinition[] {
  return (inspection as unknown as { _transitions: AnyTransitionDefinition[] })._transitions;
}

/** The key scripts/statecharts/machine-graph.ts gives the same transition of the machine's chart. */
function keyOf(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition;
  const group = eventType === '' ? (source.always ?? []) : (source.on[eventType] ?? []);
  return transitionKey(transition, group.indexOf(transition));
}

/**
 * What a path does to the machine: the state nodes it passes (states left at once by an eventless
 * transition included) and the keys of the transitions it takes. It runs on a live actor with inert fakes,
 * and invoke answers and timer events are sent to the machine as they are: no promise, no clock.
 */
export function pathTrace(machine: AnyStateMachine, modelPath: ModelPath): { states: Set<string>; transitions: Set<string> } {
  const states = new Set<string>();
  const transitions = new Set<string>();
  // Every run enters the initial states, even ones it leaves at once.
  for (const [snapshot] of getInitialMicrosteps(machine, modelPath.input as never)) {
    activeStateIds(machine, snapshot).forEach((id) => states.add(id));
  }
  const actor = createActor(inertLogic(machine), {
    input: modelPath.input,
    clock: new SimulatedClock(),
    inspect: (inspection) => {
      // Only the machine's own steps (not those of the actors it invokes).
      if (inspection.type !== '@xstate.microstep' || inspection.actorRef.sessionId !== inspection.rootId) return;
      activeStateIds(machine, inspection.snapshot as AnyMachineSnapshot).forEach((id) => states.add(id));
      microstepTransitions(inspection).forEach((transition) => transitions.add(keyOf(transition)));
    },
  });
  actor.start();
  for (const step of modelPath.path.steps.slice(1)) actor.send(step.event as EventObject);
  actor.stop();
  return { states, transitions };
}

const inert = new WeakMap<AnyStateMachine, AnyStateMachine>();

/** The machine with fakes that never answer by themselves (the trace sends their answers): one per machine. */
function inertLogic(machine: AnyStateMachine): AnyStateMachine {
  if (!inert.has(machine)) inert.set(machine, fakeEffects(machine).logic);
  return inert.get(machine)!;
}

/** State node ids the paths pass through (see pathTrace). */
export function reachedStateIds(machine: AnyStateMachine, paths: readonly ModelPath[]): Set<string> {
  const reached = new Set<string>();
  for (const path of paths) pathTrace(machine, path).states.forEach((id) => reached.add(id));
  return reached;
}

export interface MissingTransition {
  /** machine-graph key: "<source id> <event type> #<position>" */
  key: string;
  /** "twoFactor.enteringCode: code.change [isCodeComplete] → twoFactor.verifyingCode" */
  label: string;
  reason: string;
}

export interface ModelCoverage {
  machine: string;
  states: { reached: number; total: number; missing: { id: string; reason: string }[] };
  transitions: { taken: number; total: number; missing: MissingTransition[] };
}

const isEventless = (eventType: string) => eventType === '' || eventType.startsWith('xstate.done.state.');

/** Whether an event descriptor (`code.change`, `code.*`, `*`) matches an event type. */
const describes = (descriptor: string, type: string) =>
  descriptor === type || descriptor === '*' || (descriptor.endsWith('.*') && type.startsWith(descriptor.slice(0, -1)));

/**
 * The states the model's paths reach and the transitions they take, against all of the machine's; for
 * each one missing, the reason.
 */
export function modelCoverage<TMachine extends AnyStateMachine>(model: Model<TMachine>, plan: PathPlan = planPaths(model)): ModelCoverage {
  const { machine } = model;
  const graph = machineGraph(machine);
  const reached = new Set<string>();
  const taken = new Set<string>();
  for (const path of plan.paths) {
    const trace = pathTrace(machine, path);
    trace.states.forEach((id) => reached.add(id));
    trace.transitions.forEach((key) => taken.add(key));
  }
  const stateIds = allStateIds(machine);
  const missingStates = stateIds.filter((id) => !reached.has(id));
  const missingTransitions = graph.transitions.filter((transition) => !taken.has(transition.key));
  const coverage: ModelCoverage = {
    machine: machine.id,
    states: { reached: stateIds.length - missingStates.length, total: stateIds.length, missing: [] },
    transitions: { taken: graph.transitions.length - missingTransitions.length, total: graph.transitions.length, missing: [] },
  };
  if (missingStates.length === 0 && missingTransitions.length === 0) return coverage;

  const why = explain(model, plan);
  coverage.states.missing = missingStates.map((id) => ({ id, reason: why.state(id) }));
  coverage.transitions.missing = missingTransitions.map((transition) => ({
    key: transition.key,
    label: transitionLabel(graph, transition),
    reason: why.transition(transition),
  }));
  return coverage;
}

function transitionLabel(graph: ReturnType<typeof machineGraph>, transition: ChartTransition): string {
  const path = (id: string) => graph.states.find((state) => state.id === id)?.path || graph.id;
  const event = transition.eventType || 'always';
  const guard = transition.guard ? ` [${transition.guard}]` : '';
  const targets = transition.targetIds.length ? transition.targetIds.map(path).join(', ') : '(stays)';
  return `${path(transition.sourceId)}: ${event}${guard} → ${targets}`;
}

/** Reasons for what the paths miss, from the traversal of the whole state space and the cut-off paths. */
function explain(model: Model<AnyStateMachine>, plan: PathPlan) {
  const { machine } = model;
  const graph = machineGraph(machine);
  const statePath = (id: string) => graph.states.find((state) => state.id === id)?.path ?? id;
  // States the traversal reaches, with those an eventless transition leaves at once (public microsteps).
  const explored = new Set<string>();
  const enter = (snapshot: AnyMachineSnapshot) => activeStateIds(machine, snapshot).forEach((id) => explored.add(id));
  for (const traversal of plan.traversals) {
    for (const [snapshot] of getInitialMicrosteps(machine, traversal.variant.input as never)) enter(snapshot);
    for (const [key, snapshot] of traversal.snapshots) {
      enter(snapshot);
      for (const edge of traversal.edgesFrom.get(key) ?? []) {
        for (const [step] of getMicrosteps(machine, snapshot, edge.event)) enter(step);
      }
    }
  }
  // What the paths the limit cut off would reach and take, with the length each needs.
  const beyondLimit = new Map<string, number>();
  for (const path of plan.cut) {
    const trace = pathTrace(machine, path);
    const length = path.path.steps.length - 1;
    for (const key of [...trace.states, ...trace.transitions]) beyondLimit.set(key, Math.min(length, beyondLimit.get(key) ?? Infinity));
  }
  const limitText = (length: number) => `the path length limit (${plan.limit} steps) cut it off: the shortest path to it takes ${length} steps`;

  return {
    state(id: string): string {
      if (beyondLimit.has(id)) return limitText(beyondLimit.get(id)!);
      if (explored.has(id)) return 'the traversal reaches it, yet no path does (a guard may read context that contextKeys leaves out)';
      return "never reached with the model's inputs and fixtures";
    },
    transition(transition: ChartTransition): string {
      const { eventType, sourceId, guard } = transition;
      const reasons: string[] = [];
      const fixtures = model.events.filter((event) => describes(eventType, event.type));
      if (!explored.has(sourceId)) reasons.push(`state ${statePath(sourceId)} is never reached`);
      if (!isEventless(eventType) && fixtures.length === 0) reasons.push(`no fixture for event ${eventType}`);
      if (reasons.length) return reasons.join('; ');
      if (beyondLimit.has(transition.key)) return limitText(beyondLimit.get(transition.key)!);
      if (isEventless(eventType)) {
        return guard ? `its guard ${guard} is false whenever ${statePath(sourceId)} is reached` : 'no path takes it';
      }
      // Is it ever the transition the machine picks, for some fixture in some state the traversal reaches?
      let tried = 0;
      for (const traversal of plan.traversals) {
        for (const snapshot of traversal.snapshots.values()) {
          if (snapshot.status !== 'active' || !activeStateIds(machine, snapshot).includes(sourceId)) continue;
          for (const fixture of fixtures.filter((event) => canHappen(snapshot, event))) {
            tried += 1;
            if (machine.getTransitionData(snapshot, fixture as never).some((picked) => keyOf(picked) === transition.key)) {
              return 'the traversal takes it, yet no path does (a guard may read context that contextKeys leaves out)';
            }
          }
        }
      }
      const count = `${fixtures.length} fixture${fixtures.length === 1 ? '' : 's'} of ${eventType}`;
      if (tried === 0) return `${eventType} cannot happen while ${statePath(sourceId)} is active`;
      return guard
        ? `its guard ${guard} is false for every fixture (${count}, in every state reached)`
        : `another transition takes ${eventType} first for every fixture (${count})`;
    },
  };
}

/** The coverage in words, for a failing test: each state and transition missing, with the reason. */
export function coverageReport(coverage: ModelCoverage): string {
  const { machine, states, transitions } = coverage;
  const lines = [
    `${machine}: ${states.reached}/${states.total} states, ${transitions.taken}/${transitions.total} transitions covered`,
  ];
  if (transitions.missing.length) {
    lines.push('transitions no path takes:');
    for (const missing of transitions.missing) lines.push(`  ${missing.label} (${missing.key}): ${missing.reason}`);
  }
  if (states.missing.length) {
    lines.push('states no path reaches:');
    for (const missing of states.missing) lines.push(`  ${missing.id}: ${missing.reason}`);
  }
  return lines.join('\n');
}

export const isComplete = (coverage: ModelCoverage) => coverage.states.missing.length === 0 && coverage.transitions.missing.length === 0;
