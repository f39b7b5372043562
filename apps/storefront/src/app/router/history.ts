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
/** The language part of the address (`/fr`), or '' for the default language: routes never see it. */
let base = '';

export const getBase = (): string => base;
export function setBase(next: string): void {
  base = next;
}

/** The path within the language part: `/fr/cart` → `/cart`. */
function withinBase(pathname: string): string {
  if (!base || (pathname != base && !pathname.startsWith(base + '/'))) return pathname;
  return pathname.slice(base.length) || '/';
}

let current: RouterLocation | undefined;
let counter = 0;

function read(): RouterLocation {
  const { search, hash } = window.location;
  return {
    pathname: withinBase(window.location.pathname),
    search,
    hash,
    state: (window.history.state as { usr?: unknown } | null)?.usr,
    key: ++counter,
  };
}

/** The current location; a new object only when the address changed (a stable store snapshot). */
export function getLocation(): RouterLocation {
  const { search, hash } = window.location;
  const pathname = withinBase(window.location.pathname);
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
  url.pathname = base + url.pathname;
  const state = { usr: options.state };
  if (options.replace) window.history.replaceState(state, '', url);
  else window.history.pushState(state, '', url);
  notify();
}
