// Work that must not compete with the first page: run once the browser is idle after it.
import { thirdPartyIdleTimeout } from '../../domain/timing';

/** Runs `task` once the browser is idle (or after the idle timeout at the latest); the result cancels it. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: thirdPartyIdleTimeout });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, thirdPartyIdleTimeout);
  return () => clearTimeout(handle);
}
