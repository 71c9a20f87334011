// The member the member layout's pages are for, loaded before they show.
import { redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { isAppError } from '../../../domain/app-error';
import type { Me } from '../../api/account';

export async function loadMember(queryClient: QueryClient): Promise<Me> {
  // The account area's API comes with the member layout's code, not with the first load of every page
  // (main.tsx starts loading the current route's code at once, so this import is usually there already).
  const { meQueryOptions } = await import('../../api/account');
  try {
    const { me } = await queryClient.ensureQueryData(meQueryOptions());
    if (me) return me;
  } catch (error) {
    // A token the server no longer accepts is a session that has ended (spec §8); anything else is a
    // failed load the route's error screen offers to retry.
    if (!(isAppError(error) && error.category === 'authentication')) throw error;
  }
  throw redirect({ to: '/logout', search: { s: 'expired' }, replace: true });
}
