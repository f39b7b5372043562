import { useSyncExternalStore } from 'react';

/**
 * The address bar as an external store: pushState plus popstate. The console has a handful of pages,
 * so a router library would be more code than the routes themselves.
 */
export const BASE = '/console';
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const snapshot = () => window.location.pathname + window.location.search;

/** The path below /console (`/members/…`) and the query string. */
export function useLocation(): { path: string; search: URLSearchParams } {
  const href = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(href, window.location.origin);
  const path = url.pathname.startsWith(BASE) ? url.pathname.slice(BASE.length) || '/' : url.pathname;
  return { path, search: url.searchParams };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const href = `${BASE}${to === '/' ? '' : to}`;
  if (options.replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  for (const listener of listeners) listener();
}
