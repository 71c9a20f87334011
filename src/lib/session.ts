// The member's session: the stored auth token and its expiry. Subscribable, so the shell re-renders
// when a member logs in or out in this tab or another.
import { readLocal, storageKeys, writeLocal } from './storage';

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.authToken || event.key === null) notify();
  });
}

export const session = {
  token(): string | null {
    return readLocal(storageKeys.authToken);
  },
  isLoggedIn(): boolean {
    return session.token() !== null;
  },
  /** True when a token is stored but its expiry has passed. */
  isExpired(now = Date.now()): boolean {
    const expires = Number(readLocal(storageKeys.authTokenExpires));
    return session.isLoggedIn() && Number.isFinite(expires) && expires > 0 && expires <= now;
  },
  /** Stores the login answer: the token and when it expires (epoch ms). */
  start(accessToken: string, expiresInSeconds: number, now = Date.now()): void {
    writeLocal(storageKeys.authToken, accessToken);
    writeLocal(storageKeys.authTokenExpires, String(now + expiresInSeconds * 1000));
    notify();
  },
  clear(): void {
    writeLocal(storageKeys.authToken, null);
    writeLocal(storageKeys.authTokenExpires, null);
    notify();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
