// How many dialogs, drawers and sheets are open: the chat button hides while any is (spec §4 "Other").
import { useEffect, useSyncExternalStore } from 'react';

let open = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Counts this overlay as open while `opened` is true. */
export function useOverlay(opened: boolean): void {
  useEffect(() => {
    if (!opened) return;
    open += 1;
    changed();
    return () => {
      open -= 1;
      changed();
    };
  }, [opened]);
}

export function useAnyOverlayOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open > 0,
    () => false,
  );
}
