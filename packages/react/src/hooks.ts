import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useVitrine } from './context.js';
import type { AuthActions } from './context.js';
import { keyOf } from './query-cache.js';
import type { QueryState } from './query-cache.js';
import type { SessionSnapshot, SessionStatus } from './session.js';

export interface Session extends SessionSnapshot {
  isMember: boolean;
  isLoading: boolean;
}

// A server-rendered page was rendered for nobody in particular: hydration starts from that, then reads the tokens.
const SERVER_SESSION: SessionSnapshot = { status: 'loading', identity: '' };
const serverSession = () => SERVER_SESSION;

/** The session status (`loading` | `visitor` | `member`), known synchronously from stored tokens. */
export function useSession(): Session {
  const { session } = useVitrine();
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, serverSession);
  return { ...snapshot, isMember: snapshot.status == 'member', isLoading: snapshot.status == 'loading' };
}

export function useSessionStatus(): SessionStatus {
  return useSession().status;
}

/** Sign in, register, verify, reset, redirect login and sign out. */
export function useAuthActions(): AuthActions {
  return useVitrine().actions;
}

export interface QueryOptions {
  /** Wait (status `loading`) until true. */
  enabled?: boolean;
  /**
   * The answer is the same for every shopper (catalog): cached across sign-in and sign-out. Otherwise
   * the key is scoped to the current identity and the query waits until the shopper holds tokens.
   */
  shared?: boolean;
  /** While a new key loads, keep showing the last key's data (paging, filters) with `fetching` true. */
  keepPreviousData?: boolean;
}

export interface QueryResult<T> extends QueryState<T> {
  refetch(): Promise<T>;
  /** Replaces the cached data (optimistic updates). */
  setData(update: (previous: T | undefined) => T): void;
}

/** Runs `fetcher` for `key` (re-running when the key changes) and reports loading, data and error. */
export function useQuery<T>(
  key: readonly unknown[],
  fetcher: () => Promise<T>,
  options: QueryOptions = {},
): QueryResult<T> {
  const { cache } = useVitrine();
  const { status, identity } = useSession();
  const { shared = false } = options;
  const enabled = (options.enabled ?? true) && (shared || status != 'loading');
  const hash = keyOf(shared ? ['shared', ...key] : [identity, ...key]);

  const subscribe = useCallback((listener: () => void) => cache.subscribe(hash, listener), [cache, hash]);
  const read = useCallback(() => cache.get<T>(hash), [cache, hash]);
  const state = useSyncExternalStore(subscribe, read, read);

  // The fetcher is recreated each render; the key decides when to fetch.
  useEffect(() => {
    if (!enabled) return;
    if (cache.isSettledOrRunning(hash)) cache.adopt(hash, fetcher);
    else cache.fetch(hash, fetcher).catch(() => undefined);
  }, [cache, hash, enabled]);

  const previous = useRef<T | undefined>(undefined);
  if (state.data !== undefined) previous.current = state.data;
  const shown: QueryState<T> =
    options.keepPreviousData && state.data === undefined && state.status == 'loading' && previous.current !== undefined
      ? { ...state, data: previous.current, fetching: true }
      : state;

  const refetch = useCallback(() => cache.fetch(hash, fetcher, true), [cache, hash, fetcher]);
  const setData = useCallback((update: (previous: T | undefined) => T) => cache.setData(hash, update), [cache, hash]);
  return { ...shown, refetch, setData };
}

/** Refetches (or drops) every cached query of the current identity whose key starts with `prefix`. */
export function useInvalidate(): (prefix: readonly unknown[], options?: { shared?: boolean }) => Promise<unknown> {
  const { cache } = useVitrine();
  const { identity } = useSession();
  return useCallback(
    (prefix, options = {}) => cache.invalidate(options.shared ? ['shared', ...prefix] : [identity, ...prefix]),
    [cache, identity],
  );
}

/** The shopper's language and the function that changes it (see `VitrineContextValue.setLanguage`). */
export function useLanguage(): { language: string | undefined; setLanguage(language: string): Promise<void> } {
  const { language, setLanguage } = useVitrine();
  return { language, setLanguage };
}
