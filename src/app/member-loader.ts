// The member the member layout's pages are for, loaded before they show.
import { redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { isAppError } from '../../machines/shared/app-error';
import { meQueryOptions, type Me } from '../api/account';

export async function loadMember(queryClient: QueryClient): Promise<Me> {
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
