// What every layout reads: the tenant, whether a member is signed in, the member.
import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../api/member';
import { session } from '../../lib/session';
import { useTenant } from '../../lib/tenant-context';

export function useLoggedIn(): boolean {
  return useSyncExternalStore(session.subscribe, session.isLoggedIn, () => false);
}

export function useMe() {
  const loggedIn = useLoggedIn();
  return useQuery({ ...meQueryOptions(), enabled: loggedIn });
}

export function useRequiredTenant() {
  const tenant = useTenant();
  if (!tenant) throw new Error('The tenant configuration is not loaded');
  return tenant;
}
