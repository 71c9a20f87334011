// The tab's visibility as flow events (page.hidden, page.visible): polling flows pause while the tab is
// hidden and look once more when it shows again. One home for the flows that watch the page.
import { fromCallback, type EventObject } from 'xstate';

export type PageVisibilityEvent = { type: 'page.hidden' } | { type: 'page.visible' };

/** Tells `sendBack` each time the tab is hidden or shown again, and at once when it starts hidden; returns the stop. */
export function watchVisibility(sendBack: (event: PageVisibilityEvent) => void): () => void {
  const onVisibility = () => sendBack({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' });
  document.addEventListener('visibilitychange', onVisibility);
  if (document.visibilityState === 'hidden') sendBack({ type: 'page.hidden' });
  return () => document.removeEventListener('visibilitychange', onVisibility);
}

/** The `watchPage` actor of a flow that needs only the tab's visibility (invoice payment, course access). */
export const watchPage = fromCallback<EventObject, void>(({ sendBack }) => watchVisibility(sendBack));
