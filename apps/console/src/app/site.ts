import { useSyncExternalStore } from 'react';

/** The site the console works on (the site switcher's choice, kept for this tab). */
const KEY = 'vitrine-console-site';
const listeners = new Set<() => void>();

export function useSiteId(sites: { id: string }[]): [string, (id: string) => void] {
  const stored = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => sessionStorage.getItem(KEY),
  );
  const siteId = sites.some((s) => s.id === stored) ? stored! : sites[0]!.id;
  const set = (id: string) => {
    sessionStorage.setItem(KEY, id);
    for (const l of listeners) l();
  };
  return [siteId, set];
}
