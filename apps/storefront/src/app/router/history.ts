/**
 * The browser history as an external store: `pushState`/`replaceState` plus the `popstate` event.
 * A few hundred bytes instead of a router library keeps the first page load small (see README).
 */
export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Changes on every navigation, even to the same address. */
  key: number;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

const listeners = new Set<() => void>();
let current: RouterLocation | undefined;
let counter = 0;

function read(): RouterLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: (window.history.state as { usr?: unknown } | null)?.usr, key: ++counter };
}

/** The current location; a new object only when the address changed (a stable store snapshot). */
export function getLocation(): RouterLocation {
  const { pathname, search, hash } = window.location;
  if (!current || current.pathname != pathname || current.search != search || current.hash != hash) current = read();
  return current;
}

export function subscribe(listener: () => void): () => void {
  if (!listeners.size) window.addEventListener('popstate', onPop);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (!listeners.size) window.removeEventListener('popstate', onPop);
  };
}

function notify(): void {
  current = read();
  listeners.forEach((l) => l());
}

function onPop(): void {
  notify();
}

/** Resolves `to` against the current location ("?page=2" keeps the path, "/cart" is absolute). */
export function resolve(to: string, from: RouterLocation = getLocation()): string {
  return new URL(to, window.location.origin + from.pathname + from.search).toString();
}

export function navigate(to: string, options: NavigateOptions = {}): void {
  const url = new URL(resolve(to));
  const state = { usr: options.state };
  if (options.replace) window.history.replaceState(state, '', url);
  else window.history.pushState(state, '', url);
  notify();
}
