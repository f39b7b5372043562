import { QueryClient } from '@tanstack/react-query';
import type { ApiError } from './client.js';

/**
 * TanStack Query for every read of the console. Each feature names its keys in its `api.ts` (`membersKeys`,
 * …) and invalidates them after a change. No retries (a refusal is an answer, shown at once) and no refetch on
 * window focus (a form being filled must not jump); a page mounted again reads afresh, as before.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// Every query and mutation fails with the one error type (api/client.ts `answer`), so `error.message`,
// `error.status` and `error.violations` are read without casts.
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

/**
 * Of a page's changes (mutations), the one the owner made last: its error or its success is what the page's
 * notice says, as one message at a time did before.
 */
export function lastChange<M extends { submittedAt: number }[]>(...mutations: M): M[number] {
  return mutations.reduce((last, m) => (m.submittedAt > last.submittedAt ? m : last));
}
