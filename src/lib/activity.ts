// Whether the member is in the middle of something a reload would lose (a typed form, a payment step).
// Forms report it with useBusyWhile; the app-state flow waits with the new-version prompt meanwhile.
import { useEffect } from 'react';

const busy = new Set<string>();
const listeners = new Set<(isBusy: boolean) => void>();

export const activity = {
  isBusy: () => busy.size > 0,
  set(id: string, isBusy: boolean) {
    const before = busy.size > 0;
    if (isBusy) busy.add(id);
    else busy.delete(id);
    const after = busy.size > 0;
    if (before !== after) listeners.forEach((listener) => listener(after));
  },
  subscribe(listener: (isBusy: boolean) => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export function useBusyWhile(id: string, isBusy: boolean): void {
  useEffect(() => {
    activity.set(id, isBusy);
    return () => activity.set(id, false);
  }, [id, isBusy]);
}

/** True when a form holds anything typed or ticked. */
export const hasInput = (values: object) => Object.values(values).some((value) => value !== '' && value !== false && value != null);
