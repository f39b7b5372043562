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

/**
 * A short wait at the start of a query while the owner types (search boxes): each keystroke makes a new key,
 * and TanStack Query aborts the superseded query's signal, so only the last one reaches the server.
 */
export const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
