// The page's inspection stream over BroadcastChannel: a page posts every message it records, so an inspector
// in a second tab (/flows?view=live) sees its flows without any network; an inspector that opens says hello,
// and every page answers with what runs in it. Nothing leaves the browser.
import type { InspectionLog, InspectionMessage, InspectionSource } from './inspection-log';

export const inspectionChannelName = 'portal-flows-inspection';

export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface InspectionLink {
  /** Records a message of this page and posts it to the other tabs. */
  publish(message: InspectionMessage): void;
  /** Starts taking in the other tabs' messages (an inspector is open) and asks them what runs; returns the stop. */
  listen(): () => void;
  /** The page is going: the other tabs end its actors. */
  bye(): void;
  close(): void;
}

/**
 * Links the page's log to the channel. The page always answers a hello (with its own actors only) and says
 * bye when it goes; it takes in other tabs' messages only while an inspector listens.
 */
export function linkInspection(log: InspectionLog, source: InspectionSource, channel: ChannelLike): InspectionLink {
  let listeners = 0;
  const post = (message: InspectionMessage) => {
    try {
      channel.postMessage(message);
    } catch {
      // A closed channel (the page is going) or a value the channel cannot copy: the page's own log has it.
    }
  };
  const onMessage = (event: MessageEvent) => {
    const message = event.data as InspectionMessage | undefined;
    if (!message || typeof message !== 'object' || !message.source || message.source.id === source.id) return;
    if (message.kind === 'hello') {
      post({ kind: 'sync', source, actors: log.actorsOf(source.id) });
      return;
    }
    if (listeners > 0) log.apply(message);
  };
  channel.addEventListener('message', onMessage);
  return {
    publish(message) {
      log.apply(message);
      post(message);
    },
    listen() {
      listeners += 1;
      post({ kind: 'hello', source });
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        listeners -= 1;
      };
    },
    bye() {
      post({ kind: 'bye', source, at: Date.now() });
    },
    close() {
      channel.removeEventListener('message', onMessage);
      channel.close();
    },
  };
}
