// Reads a machine's structure for diagrams, docs and coverage: states (nested, parallel, final), their
// descriptions, invokes and tags, and every transition with its event, guard, delay and targets.
import type { AnyStateMachine } from 'xstate';

type AnyStateNode = AnyStateMachine['root'];
type AnyTransition = {
  eventType: string;
  source: AnyStateNode;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  actions?: readonly unknown[];
  reenter?: boolean;
  meta?: { description?: string };
};

export interface ChartState {
  id: string;
  /** Path below the machine, e.g. "twoFactor.enteringCode". */
  path: string;
  key: string;
  parentId: string | null;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  description: string | null;
  tags: string[];
  invokes: string[];
  initialId: string | null;
  childIds: string[];
}

export type TransitionKind = 'event' | 'done' | 'error' | 'after' | 'always' | 'stateDone';

export interface ChartTransition {
  /** Stable identity: source, event, position among the source's transitions for that event. */
  key: string;
  sourceId: string;
  targetIds: string[];
  eventType: string;
  kind: TransitionKind;
  /** "credentials.submit", "done: signIn", "after 120 s", "always" */
  event: string;
  guard: string | null;
  delay: { name: string; ms: number } | null;
  actions: string[];
  /** The transition's `meta.description`: what happens, in a few plain words ("Member pays"). */
  description: string | null;
}

export interface MachineGraph {
  id: string;
  states: ChartState[];
  transitions: ChartTransition[];
  /** Named delays used by the machine, with their durations. */
  delays: { name: string; ms: number }[];
}

/** "120 s", "1 s", "30 min", "2 h", "250 ms" */
export function durationInWords(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms >= 60_000 && ms % 60_000 === 0 && ms >= 5 * 60_000) return `${ms / 60_000} min`;
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

function guardText(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const nested = (guard as { guards?: unknown[] }).guards;
    if (Array.isArray(nested)) {
      const joiner = guard.name === 'or' ? ' or ' : guard.name === 'not' ? 'not ' : ' and ';
      return nested.map((inner) => guardText(inner)).join(joiner);
    }
    return guard.name || 'inline guard';
  }
  if (typeof guard === 'object' && 'type' in (guard as object)) return String((guard as { type: unknown }).type);
  return 'guard';
}

function actionName(action: unknown): string | null {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action && 'type' in action) return String((action as { type: unknown }).type);
  if (typeof action === 'function') {
    const type = (action as { type?: string }).type;
    if (type === 'xstate.assign') return 'assign';
    return type ?? (action.name || null);
  }
  return null;
}

function delayOf(machine: AnyStateMachine, eventType: string): { name: string; ms: number } | null {
  if (!eventType.startsWith('xstate.after.')) return null;
  const name = eventType.split('.')[2] ?? '';
  if (/^\d+$/.test(name)) return { name, ms: Number(name) };
  const delay = (machine.implementations.delays as Record<string, unknown>)[name];
  return { name, ms: typeof delay === 'number' ? delay : NaN };
}

function kindOf(eventType: string): TransitionKind {
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.done.actor.')) return 'done';
  if (eventType.startsWith('xstate.error.actor.')) return 'error';
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.state.')) return 'stateDone';
  return 'event';
}

export function eventLabel(machine: AnyStateMachine, eventType: string): string {
  const kind = kindOf(eventType);
  if (kind === 'always') return 'always';
  if (kind === 'done') return `done: ${eventType.slice('xstate.done.actor.'.length)}`;
  if (kind === 'error') return `error: ${eventType.slice('xstate.error.actor.'.length)}`;
  if (kind === 'stateDone') return 'done';
  if (kind === 'after') {
    const delay = delayOf(machine, eventType)!;
    return Number.isFinite(delay.ms) ? `after ${durationInWords(delay.ms)}` : `after ${delay.name}`;
  }
  return eventType;
}

function nodesOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) => [child, ...nodesOf(child)]);
}

/** Every transition of a state node, in a stable order: its events' transitions, then eventless ones. */
function transitionsOf(node: AnyStateNode): AnyTransition[][] {
  const byEvent = [...(node.transitions as Map<string, AnyTransition[]>).values()];
  const always = (node.always as AnyTransition[] | undefined) ?? [];
  return always.length ? [...byEvent, always] : byEvent;
}

export function transitionKey(transition: AnyTransition, index: number): string {
  return `${transition.source.id} ${transition.eventType || 'always'} #${index}`;
}

export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const nodes = nodesOf(machine.root);
  const states: ChartState[] = nodes.map((node) => {
    const children = Object.values(node.states as Record<string, AnyStateNode>);
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
    return {
      id: node.id,
      path: node.path.join('.'),
      key: node.key,
      parentId: node.parent && node.parent !== machine.root ? node.parent.id : null,
      type: node.type as ChartState['type'],
      description: (node.meta as { description?: string } | undefined)?.description ?? null,
      tags: [...(node.tags as Iterable<string>)],
      invokes: (node.invoke as { id: string; src: unknown }[]).map((invoke) =>
        typeof invoke.src === 'string' ? invoke.src : invoke.id,
      ),
      initialId: node.type === 'compound' && initial ? initial.id : null,
      childIds: children.map((child) => child.id),
    };
  });
  const transitions: ChartTransition[] = [];
  for (const node of nodes) {
    for (const group of transitionsOf(node)) {
      group.forEach((transition, index) => {
        transitions.push({
          key: transitionKey(transition, index),
          sourceId: node.id,
          targetIds: (transition.target ?? []).map((target) => target.id),
          eventType: transition.eventType,
          kind: kindOf(transition.eventType),
          event: eventLabel(machine, transition.eventType),
          guard: guardText(transition.guard),
          delay: delayOf(machine, transition.eventType),
          actions: (transition.actions ?? []).map(actionName).filter((name): name is string => Boolean(name)),
          description: transition.meta?.description ?? null,
        });
      });
    }
  }
  const delays = Object.entries(machine.implementations.delays as Record<string, unknown>)
    .filter(([, value]) => typeof value === 'number')
    .map(([name, ms]) => ({ name, ms: ms as number }));
  return { id: machine.id, states, transitions, delays };
}

/** The root's initial state (what a diagram's start arrow points at). */
export function initialStateId(machine: AnyStateMachine): string | null {
  return (machine.root.initial?.target?.[0] as AnyStateNode | undefined)?.id ?? null;
}
