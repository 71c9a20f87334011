// Inspection of the running flows, for the /flows live view, the dev overlay and (with ?inspect in dev)
// the Stately inspector. Every actor the app creates gets `inspect: inspectFlows` through flowOptions();
// what is kept is masked (src/lib/mask-secrets.ts). Off in production unless VITE_FLOWS_PAGE is on.
import type { InspectionEvent, Observer } from 'xstate';
import { maskSecrets } from './mask-secrets';
import { wallClock, type ReadableClock } from './clock';

export const flowsPageEnabled = import.meta.env.DEV || import.meta.env.VITE_FLOWS_PAGE === 'true';

export interface LiveEvent {
  type: string;
  payload: unknown;
  at: number;
}

export interface LiveActor {
  sessionId: string;
  machineId: string;
  value: unknown;
  status: string;
  events: LiveEvent[];
  startedAt: number;
}

const maxEvents = 30;
const actors = new Map<string, LiveActor>();
const listeners = new Set<() => void>();
let version = 0;
let forward: ((event: InspectionEvent) => void) | null = null;

function changed() {
  version += 1;
  listeners.forEach((listener) => listener());
}

function record(event: InspectionEvent) {
  const ref = event.actorRef as { sessionId: string; logic?: { id?: string; root?: unknown } };
  // Only machines: the promises they invoke are shown as their done/error events.
  if (!ref.logic?.root) return;
  if (event.type === '@xstate.actor') {
    actors.set(ref.sessionId, {
      sessionId: ref.sessionId,
      machineId: ref.logic.id ?? 'machine',
      value: null,
      status: 'active',
      events: [],
      startedAt: Date.now(),
    });
  }
  const actor = actors.get(ref.sessionId);
  if (!actor) return;
  if (event.type === '@xstate.snapshot') {
    const snapshot = event.snapshot as { value?: unknown; status?: string };
    actor.value = snapshot.value ?? null;
    actor.status = snapshot.status ?? 'active';
    if (snapshot.status === 'stopped') actors.delete(ref.sessionId);
  }
  if (event.type === '@xstate.event' && !event.event.type.startsWith('xstate.init')) {
    const { type, ...payload } = event.event;
    actor.events = [{ type, payload: maskSecrets(payload), at: Date.now() }, ...actor.events].slice(0, maxEvents);
  }
  changed();
}

/** The `inspect` observer every app actor gets (a no-op where inspection is off). */
export const inspectFlows: Observer<InspectionEvent> = {
  next(event) {
    if (!flowsPageEnabled) return;
    record(event);
    forward?.(event);
  },
};

/**
 * Actor options of every flow the app starts: `flowOptions({ input })`. Each runs on the wall clock (whose
 * time machines read for countdown deadlines) and, where inspection is on, is inspected.
 */
export function flowOptions<T extends object>(options: T): T & { clock: ReadableClock; inspect?: Observer<InspectionEvent> } {
  const withClock = { clock: wallClock, ...options };
  return flowsPageEnabled ? { ...withClock, inspect: inspectFlows } : withClock;
}

export const liveFlows = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  version: () => version,
  actors: (): LiveActor[] => [...actors.values()].filter((actor) => actor.status !== 'stopped'),
};

/** Dev only: with ?inspect, every actor is also shown in the Stately inspector (loaded on demand). */
export async function connectStatelyInspector(): Promise<void> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector({
    sanitizeEvent: (event) => maskSecrets(event),
    sanitizeContext: (context) => maskSecrets(context),
  });
  forward = (event) => inspector.inspect.next?.(event);
}
