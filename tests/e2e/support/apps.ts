import { inject } from 'vitest';

export type AppName = 'console' | 'storefront';

/** Build folders: the production builds of each app, and the storefront with React's development build. */
export type BuiltApps = Record<AppName, string> & { storefrontReactDevelopment: string };

/**
 * The production builds of the storefront and the console, made once per run by ./global-setup.ts:
 * pass them as the server's `storefrontDir` / `consoleDir`. Suites only read these folders.
 * `storefrontReactDevelopment` is for the suite about hydration warnings, which only React's development
 * build gives.
 */
export function builtApps(): BuiltApps {
  return inject('builtApps');
}
