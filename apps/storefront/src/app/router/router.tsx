import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { AnchorHTMLAttributes, MouseEvent, ReactElement, ReactNode } from 'react';
import { getBase, getLocation, navigate as go, subscribe } from './history.js';
import type { NavigateOptions, RouterLocation } from './history.js';
import { matchPath } from './match.js';
import type { Params } from './match.js';

export type { NavigateOptions, RouterLocation } from './history.js';

export interface RouteDefinition {
  /** Pattern, or `*` for everything else (put it last). */
  path: string;
  element: ReactElement;
  /** Fetches the route's lazy page ahead (before a server-rendered page hydrates). */
  preload?: () => Promise<unknown>;
}

const LocationContext = createContext<RouterLocation | null>(null);
const ParamsContext = createContext<Params>({});
const OutletContext = createContext<ReactNode>(null);
/** The language part of addresses (`/fr`), put before every link's path. */
const BaseContext = createContext('');

export function useLocation(): RouterLocation {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useLocation must be used inside <Router>');
  return location;
}

export const useParams = <P extends Params = Params>(): Partial<P> => useContext(ParamsContext) as Partial<P>;

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useCallback((to: string, options?: NavigateOptions) => go(to, options), []);
}

/** `?q=…` as `URLSearchParams`, and a setter that pushes a new history entry. */
export function useSearchParams(): [URLSearchParams, (next: URLSearchParams, options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback((next: URLSearchParams, options?: NavigateOptions) => {
    const query = next.toString();
    go(`${getLocation().pathname}${query ? `?${query}` : ''}`, options);
  }, []);
  return [params, set];
}

/**
 * Renders the first route whose path matches, inside `layout` (which shows it through `<Outlet/>`).
 * On the server, `at` is the requested location (its path without the language part, `base`).
 */
export function Router({
  routes,
  layout,
  at,
  base = getBase(),
}: {
  routes: RouteDefinition[];
  layout: ReactElement;
  at?: RouterLocation | undefined;
  base?: string | undefined;
}) {
  const location = useSyncExternalStore(subscribe, getLocation, at ? () => at : getLocation);
  let params: Params = {};
  let element: ReactNode = null;
  for (const route of routes) {
    const match = matchPath(route.path, location.pathname);
    if (match) {
      params = match;
      element = route.element;
      break;
    }
  }
  return (
    <BaseContext.Provider value={base}>
      <LocationContext.Provider value={location}>
        <ParamsContext.Provider value={params}>
          <OutletContext.Provider value={element}>{layout}</OutletContext.Provider>
        </ParamsContext.Provider>
      </LocationContext.Provider>
    </BaseContext.Provider>
  );
}

export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

/** Redirects on render (e.g. member-only pages for visitors). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  useEffect(() => go(to, { replace }), [to, replace]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** An `<a href>` that navigates in-app on a plain left click; modified clicks open new tabs as usual. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button != 0 || (target && target != '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    go(to, { replace, state });
  };
  const base = useContext(BaseContext);
  return <a href={to.startsWith('/') ? base + to : to} target={target} onClick={handle} {...rest} />;
}

/** A `Link` marked `aria-current="page"` (and class `active`) when its path is the current one. */
export function NavLink({ to, end, className, ...rest }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const path = to.split('?')[0]!;
  const active = pathname == path || (!end && path != '/' && pathname.startsWith(path + '/'));
  return (
    <Link
      to={to}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
      {...rest}
    />
  );
}
