// The open dialogs, drawers and sheets, in the order they opened: the chat button hides while any is (spec
// §4 "Other"), and Escape closes only the top one. Mantine's dialogs each close on any Escape, so with two
// open (a dialog over the cart or the menu sheet) one key would close both: this listener, added before any
// dialog's, takes the key then and hands it to the top layer alone.
import { useEffect, useRef, useSyncExternalStore } from 'react';

/** What Escape does to each open layer; none: Escape leaves it open (a dialog the member must answer). */
type Layer = { readonly current: (() => void) | undefined };

const layers: Layer[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.isComposing || layers.length < 2) return;
  event.stopImmediatePropagation();
  event.preventDefault();
  layers[layers.length - 1]?.current?.();
}

if (typeof window !== 'undefined') window.addEventListener('keydown', onKeyDown, { capture: true });

/** Counts this overlay as open while `opened` is true; `onEscape` closes it when it is the top layer. */
export function useOverlay(opened: boolean, onEscape?: () => void): void {
  const escape = useRef(onEscape);
  escape.current = onEscape;
  useEffect(() => {
    if (!opened) return;
    const layer: Layer = escape;
    layers.push(layer);
    changed();
    return () => {
      layers.splice(layers.indexOf(layer), 1);
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
    () => layers.length > 0,
    () => false,
  );
}
