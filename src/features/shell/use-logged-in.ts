// Whether a member is signed in (the stored session), without the member query: the visitors' layouts read
// only this, so the account API stays off their first load.
import { useSyncExternalStore } from 'react';
import { session } from '../../lib/session';

export function useLoggedIn(): boolean {
  return useSyncExternalStore(session.subscribe, session.isLoggedIn, () => false);
}
