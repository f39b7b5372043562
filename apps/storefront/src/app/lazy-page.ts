import { createElement, use } from 'react';
import type { ComponentType } from 'react';
import { withPageTexts } from '../i18n/i18n.js';

/**
 * A page loaded on first visit, for a named export: each non-catalog page is its own chunk, loaded together
 * with the texts of the pages (the first paint carries only the shell's texts). `preload` fetches it ahead:
 * a server-rendered page waits for it before hydrating, so the page renders at once instead of suspending (a
 * suspended, still server-rendered part would be thrown away by the first update that reaches it).
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  const withTexts = withPageTexts(load);
  let page: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= withTexts().then(
      (module) => void (page = module[name] as ComponentType),
      (error: unknown) => {
        loading = undefined; // a failed fetch may be retried
        throw error;
      },
    ));
  function LazyPage() {
    if (!page) use(preload());
    return createElement(page!);
  }
  return Object.assign(LazyPage, { preload });
}
