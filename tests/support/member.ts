// The signed-in member of view tests, as the member layout has loaded it.
import { QueryClient } from '@tanstack/react-query';
import { meQueryOptions, type Me } from '../../src/api/account';
import { goodProfile } from '../models/profile.model';

export const me = {
  uuid: '00000000-0000-4000-8000-0000000000aa',
  name: goodProfile.name,
  phone: null,
  telegram: null,
  support_verification_code: null,
  // Saved before the header switched the page to English: the profile follows the page.
  language: 'ru',
  auto_register: false,
  obfuscated_email: 'd***@example.com',
  reference_id: 'R-1001',
  avatar: null,
  wallet_balance: [],
  purchases: [],
  refid: null,
} as unknown as Me;

/** The query client of a page below the member layout: the member is loaded. */
export function memberQueryClient() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryOptions().queryKey, { me } as never);
  return queryClient;
}

