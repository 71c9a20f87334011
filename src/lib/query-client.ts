// TanStack Query for server data that is only shown. Calls fail with AppErrors (src/api/normalize-error.ts).
import { QueryClient } from '@tanstack/react-query';
import { normalizeError } from '../api/normalize-error';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // Only a failed connection is worth repeating; a server's answer will not change on its own.
        retry: (count, error) => normalizeError(error).code === 'network' && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
