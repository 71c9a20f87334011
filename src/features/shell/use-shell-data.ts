// What every layout reads: the tenant, whether a member is signed in, the member.
import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../api/account';
import { session } from '../../lib/session';

export function useLoggedIn(): boolean {
  return useSyncExternalStore(session.subscribe, session.isLoggedIn, () => false);
}

export function useMe() {
  const loggedIn = useLoggedIn();
  return useQuery({ ...meQueryOptions(), enabled: loggedIn });
}

