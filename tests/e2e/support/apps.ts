import { inject } from 'vitest';

export type AppName = 'console' | 'storefront';

/**
 * The production builds of the storefront and the console, made once per run by ./global-setup.ts:
 * pass them as the server's `storefrontDir` / `consoleDir`. Suites only read these folders.
 */
export function builtApps(): Record<AppName, string> {
  return inject('builtApps');
}
