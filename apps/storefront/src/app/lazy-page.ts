import { lazy } from 'react';
import type { ComponentType } from 'react';
import { withPageTexts } from '../i18n/i18n.js';

/**
 * `React.lazy` for a named export: each non-catalog page is its own chunk, loaded on first visit together with
 * the texts of the pages (the first paint carries only the shell's texts). `preload` fetches it ahead: a
 * server-rendered page waits for it before hydrating, so the page's part hydrates a moment later at most,
 * before any update could reach it (an update would throw its server-rendered markup away).
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  const withTexts = withPageTexts(load);
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= withTexts().catch((error: unknown) => {
      loading = undefined; // a failed fetch may be retried
      throw error;
    }));
  return Object.assign(
    lazy(async () => ({ default: (await preload())[name] as ComponentType })),
    { preload },
  );
}
