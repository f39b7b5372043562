import { lazy } from 'react';
import type { ComponentType } from 'react';
import { withPageTexts } from '../i18n/i18n.js';

/**
 * `React.lazy` for a named export: each non-catalog page is its own chunk, loaded on first visit
 * together with the texts of the pages (the first paint carries only the shell's texts).
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  const withTexts = withPageTexts(load);
  return lazy(async () => ({ default: (await withTexts())[name] as ComponentType }));
}
