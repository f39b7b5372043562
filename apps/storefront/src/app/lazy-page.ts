import { lazy } from 'react';
import type { ComponentType } from 'react';

/** `React.lazy` for a named export: each non-catalog page is its own chunk, loaded on first visit. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
