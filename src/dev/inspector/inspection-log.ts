// The inspection stream of the built-in inspector: XState's inspection events become small, masked, plain
// messages (structured-cloneable, so a second tab gets them over BroadcastChannel), and a log applies them,
// from this page or another, into the actors it shows. Everything the log keeps is bounded.
import type { InspectionEvent } from 'xstate';
import { maskEventPayload, maskSecrets } from '../../lib/mask-secrets';

/** Where the messages of a page come from: one id per page load, and the page's path for people. */
export interface InspectionSource {
  id: string;
  page: string;
}

export type ActorStatus = 'active' | 'done' | 'error' | 'stopped';

export interface InspectedEvent {
  /** Increasing per source: the order events happened in. */
  seq: number;
  actorKey: string;
  type: string;
  /** Masked and plain (JSON values only). */
  payload: Record<string, unknown>;
  at: number;
}

export interface InspectedActor {
  /** `source:sessionId`, unique across tabs. */
  key: string;
  source: InspectionSource;
  sessionId: string;
  machineId: string;
  /** The flow that started it: the machine that invoked or spawned it, or none for a flow a page mounted. */
  parentKey: string | null;
  parentMachineId: string | null;
  value: unknown;
  status: ActorStatus;
  startedAt: number;
  endedAt: number | null;
  /** Newest first, at most `limits.eventsPerActor`. */
  events: InspectedEvent[];
}

export type InspectionMessage =
  | { kind: 'actor'; source: InspectionSource; sessionId: string; machineId: string; parentSessionId: string | null; at: number }
  | { kind: 'snapshot'; source: InspectionSource; sessionId: string; value: unknown; status: ActorStatus; at: number }
  | { kind: 'event'; source: InspectionSource; sessionId: string; seq: number; type: string; payload: Record<string, unknown>; at: number }
  /** An inspector opened (in another tab): every page answers with what runs in it. */
  | { kind: 'hello'; source: InspectionSource }
  | { kind: 'sync'; source: InspectionSource; actors: InspectedActor[] }
  /** The page is going away: its actors end. */
  | { kind: 'bye'; source: InspectionSource; at: number };

export const limits = { eventsPerActor: 30, timeline: 300, endedActors: 20 };

export const actorKey = (source: InspectionSource, sessionId: string) => `${source.id}:${sessionId}`;

/** JSON values only: what XState carries (errors, class instances, functions) becomes something a tab can receive. */
export function toPlain(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'undefined') return undefined;
  if (typeof value === 'function' || typeof value === 'symbol') return `[${typeof value}]`;
  if (depth > 6) return '…';
  if (value instanceof Error) return { name: value.name, message: maskSecrets(value.message) };
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => toPlain(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const plain = toPlain(inner, depth + 1);
    if (plain !== undefined) result[key] = plain;
  }
  return result;
}

type Ref = { sessionId: string; logic?: { id?: string; root?: unknown }; _parent?: Ref };

const isMachine = (ref: Ref | undefined): ref is Ref => Boolean(ref?.logic?.root);

/**
 * The messages one XState inspection event makes (none for what is not a machine: the promises a machine
 * invokes show as its done/error events). `seq` numbers the events of a source.
 */
export function messagesOf(event: InspectionEvent, source: InspectionSource, at: number, seq: () => number): InspectionMessage[] {
  const ref = event.actorRef as unknown as Ref;
  if (!isMachine(ref)) return [];
  if (event.type === '@xstate.actor') {
    const parent = isMachine(ref._parent) ? ref._parent.sessionId : null;
    return [{ kind: 'actor', source, sessionId: ref.sessionId, machineId: ref.logic?.id ?? 'machine', parentSessionId: parent, at }];
  }
  if (event.type === '@xstate.snapshot') {
    const snapshot = event.snapshot as { value?: unknown; status?: ActorStatus };
    return [{ kind: 'snapshot', source, sessionId: ref.sessionId, value: toPlain(snapshot.value ?? null), status: snapshot.status ?? 'active', at }];
  }
  if (event.type === '@xstate.event') {
    // The actor the event reached (`xstate.init` carries the flow's input, masked like the rest).
    const { type, ...payload } = event.event;
    return [{ kind: 'event', source, sessionId: ref.sessionId, seq: seq(), type, payload: toPlain(maskEventPayload(type, payload)) as Record<string, unknown>, at }];
  }
  return [];
}

/** The actors and events of every page heard from, bounded; `subscribe` and `version` for React. */
export class InspectionLog {
  private readonly actors = new Map<string, InspectedActor>();
  private timelineEvents: InspectedEvent[] = [];
  private readonly listeners = new Set<() => void>();
  private revision = 0;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  version = () => this.revision;

  /** Running actors first (in the order they started), then the ended ones, newest first. */
  list(): InspectedActor[] {
    const all = [...this.actors.values()];
    const running = all.filter((actor) => actor.status === 'active').sort((a, b) => a.startedAt - b.startedAt);
    const ended = all.filter((actor) => actor.status !== 'active').sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0));
    return [...running, ...ended];
  }

  /** The actors of one page (what it answers a `hello` with). */
  actorsOf(sourceId: string): InspectedActor[] {
    return [...this.actors.values()].filter((actor) => actor.source.id === sourceId);
  }

  /** Every event kept, oldest first. */
  timeline(): readonly InspectedEvent[] {
    return this.timelineEvents;
  }

  apply(message: InspectionMessage): void {
    if (this.applyQuietly(message)) this.changed();
  }

  private applyQuietly(message: InspectionMessage): boolean {
    switch (message.kind) {
      case 'actor': {
        const key = actorKey(message.source, message.sessionId);
        const parentKey = message.parentSessionId ? actorKey(message.source, message.parentSessionId) : null;
        this.actors.set(key, {
          key,
          source: message.source,
          sessionId: message.sessionId,
          machineId: message.machineId,
          parentKey,
          parentMachineId: parentKey ? (this.actors.get(parentKey)?.machineId ?? null) : null,
          value: null,
          status: 'active',
          startedAt: message.at,
          endedAt: null,
          events: [],
        });
        return true;
      }
      case 'snapshot': {
        const actor = this.actors.get(actorKey(message.source, message.sessionId));
        if (!actor) return false;
        actor.value = message.value;
        if (message.status !== 'active' && actor.status === 'active') this.end(actor, message.status, message.at);
        return true;
      }
      case 'event': {
        const key = actorKey(message.source, message.sessionId);
        const actor = this.actors.get(key);
        if (!actor) return false;
        const event: InspectedEvent = { seq: message.seq, actorKey: key, type: message.type, payload: message.payload, at: message.at };
        actor.events = [event, ...actor.events].slice(0, limits.eventsPerActor);
        this.timelineEvents = [...this.timelineEvents, event].slice(-limits.timeline);
        return true;
      }
      case 'sync': {
        for (const actor of message.actors) {
          this.actors.set(actor.key, actor);
          const known = new Set(this.timelineEvents.filter((event) => event.actorKey === actor.key).map((event) => event.seq));
          this.timelineEvents.push(...[...actor.events].reverse().filter((event) => !known.has(event.seq)));
        }
        this.timelineEvents = this.timelineEvents.sort((a, b) => a.at - b.at || a.seq - b.seq).slice(-limits.timeline);
        this.dropOldEnded();
        return message.actors.length > 0;
      }
      case 'bye': {
        const running = this.actorsOf(message.source.id).filter((actor) => actor.status === 'active');
        running.forEach((actor) => this.end(actor, 'stopped', message.at));
        return running.length > 0;
      }
      case 'hello':
        return false;
    }
  }

  private end(actor: InspectedActor, status: ActorStatus, at: number) {
    actor.status = status;
    actor.endedAt = at;
    this.dropOldEnded();
  }

  /** Ended actors stay for the timeline, the newest `limits.endedActors` of them, and their events with them. */
  private dropOldEnded() {
    const ended = [...this.actors.values()].filter((actor) => actor.status !== 'active').sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0));
    const dropped = new Set(ended.slice(limits.endedActors).map((actor) => actor.key));
    if (dropped.size === 0) return;
    dropped.forEach((key) => this.actors.delete(key));
    this.timelineEvents = this.timelineEvents.filter((event) => !dropped.has(event.actorKey));
  }

  private changed() {
    this.revision += 1;
    this.listeners.forEach((listener) => listener());
  }
}
