// The query client for the pages that show server data: each layout whose pages do (member, store, public,
// course) wraps them in this, and so does the auth layout's inviter banner (src/app/pages/auth-page.tsx); /login's
// first load then does without TanStack Query's code (src/app/router/query-client-loader.ts).
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
