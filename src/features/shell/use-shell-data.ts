// What every layout reads: the tenant, whether a member is signed in, the member, the screen size.
import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { meQueryOptions } from '../../api/member';
import { session } from '../../lib/session';
import { useTenant } from '../../lib/tenant-context';

/** Mobile layout below 1024 px (spec §9 "mobile breakpoint 1024"). */
export const mobileBreakpoint = 1024;
const smallScreenQuery = `(max-width: ${mobileBreakpoint - 0.02}px)`;

export function useIsSmallScreen(): boolean {
  return useMediaQuery(smallScreenQuery, false, { getInitialValueInEffect: false }) ?? false;
}

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
