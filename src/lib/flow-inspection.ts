// Inspection of the running flows, for the built-in inspector (/flows?view=live, the dev overlay's panel, a
// second tab over BroadcastChannel) and, with ?inspect=stately in dev, Stately's hosted inspector. Every actor
// the app creates gets `inspect: inspectFlows` through flowOptions(); what is kept is masked
// (src/lib/mask-secrets.ts). Off in production unless VITE_FLOWS_PAGE is on: `flowsPageEnabled` is a build-time
// constant, so a production build drops all of it (the /login bundle carries none of the inspector).
import type { InspectionEvent, Observer } from 'xstate';
import { InspectionLog, messagesOf, type InspectionSource } from '../dev/inspector/inspection-log';
import { inspectionChannelName, linkInspection, type ChannelLike, type InspectionLink } from '../dev/inspector/inspection-channel';
import { maskSecrets } from './mask-secrets';
import { wallClock, type ReadableClock } from './clock';

export const flowsPageEnabled = import.meta.env.DEV || import.meta.env.VITE_FLOWS_PAGE === 'true';

interface PageInspection {
  log: InspectionLog;
  link: InspectionLink;
  source: InspectionSource;
}

let page: PageInspection | null = null;
let eventSeq = 0;
let forward: ((event: InspectionEvent) => void) | null = null;

/** A page's id for the other tabs: one per page load. */
function pageSource(): InspectionSource {
  const id = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return { id, page: typeof window === 'undefined' ? '' : window.location.pathname };
}

/** The page's inspection log and its link to the other tabs, made on first use (never in production). */
function inspection(): PageInspection {
  if (!page) {
    const log = new InspectionLog();
    const source = pageSource();
    const channel: ChannelLike =
      typeof BroadcastChannel === 'undefined'
        ? { postMessage() {}, addEventListener() {}, removeEventListener() {}, close() {} }
        : new BroadcastChannel(inspectionChannelName);
    // Node's channel (in tests) must not keep the process alive.
    (channel as { unref?: () => void }).unref?.();
    const link = linkInspection(log, source, channel);
    if (typeof window !== 'undefined') window.addEventListener('pagehide', () => link.bye());
    page = { log, link, source };
  }
  return page;
}

/** The `inspect` observer every app actor gets (a no-op where inspection is off). */
export const inspectFlows: Observer<InspectionEvent> = {
  next(event) {
    if (!flowsPageEnabled) return;
    const { link, source } = inspection();
    for (const message of messagesOf(event, source, Date.now(), () => (eventSeq += 1))) link.publish(message);
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

/** The inspection of this page (and, while an inspector listens, of the other tabs); dev builds only. */
export function pageInspection(): PageInspection {
  // A build-time constant: a production build drops the inspection code from the page's first bundle.
  if (!flowsPageEnabled) throw new Error('Flow inspection is off in this build.');
  return inspection();
}

/** Dev only: with ?inspect=stately, every actor is also shown in Stately's hosted inspector (loaded on demand). */
export async function connectStatelyInspector(): Promise<void> {
  if (!import.meta.env.DEV || new URLSearchParams(window.location.search).get('inspect') !== 'stately') return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector({
    sanitizeEvent: (event) => maskSecrets(event),
    sanitizeContext: (context) => maskSecrets(context),
  });
  forward = (event) => inspector.inspect.next?.(event);
}
