// What every layout reads: the tenant, whether a member is signed in, the member.
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../api/account';
import { useLoggedIn } from './use-logged-in';

export { useLoggedIn };

export function useMe() {
  const loggedIn = useLoggedIn();
  return useQuery({ ...meQueryOptions(), enabled: loggedIn });
}

