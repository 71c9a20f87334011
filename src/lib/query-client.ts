// TanStack Query for server data that is only shown. Calls fail with AppErrors (src/api/normalize-error.ts);
// a first load that fails is reported (the app shows it as a toast), a failed background poll is not; so is a
// failed mutation (a roadmap vote), whose view has already put back what it showed.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { normalizeError } from '../api/normalize-error';
import type { AppError } from '../../domain/app-error';

export function createQueryClient(onLoadFailed: (error: AppError) => void = () => {}) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const appError = normalizeError(error);
        // Authentication failures end the session elsewhere; a poll that fails keeps showing its last answer.
        if (appError.category === 'authentication' || query.state.data !== undefined) return;
        onLoadFailed(appError);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        const appError = normalizeError(error);
        if (appError.category !== 'authentication') onLoadFailed(appError);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // Only a failed connection or a restarting server is worth repeating; another answer will not change on its own.
        retry: (count, error) => ['network', 'unavailable'].includes(normalizeError(error).code) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
