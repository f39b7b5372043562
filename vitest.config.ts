import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { storefrontCatalogs } from './apps/storefront/lingui-plugin.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Tests run against the TypeScript sources, so no build step is needed before `npm test`.
const alias = [
  { find: /^@vitrine\/sdk\/data$/, replacement: here('./packages/sdk/src/data/index.ts') },
  { find: /^@vitrine\/sdk\/mfa$/, replacement: here('./packages/sdk/src/mfa/index.ts') },
  { find: /^@vitrine\/sdk\/sso$/, replacement: here('./packages/sdk/src/sso/index.ts') },
  // Only what jsdom suites need (no server, no other package): evaluated before anything else they import.
  { find: /^@vitrine\/sdk\/test-support\/jsdom$/, replacement: here('./packages/sdk/test-support/jsdom-sign-in.ts') },
  { find: /^@vitrine\/sdk$/, replacement: here('./packages/sdk/src/index.ts') },
  { find: /^@vitrine\/react$/, replacement: here('./packages/react/src/index.ts') },
  { find: /^@vitrine\/server\/test-support$/, replacement: here('./packages/server/test-support/index.ts') },
  { find: /^@vitrine\/server$/, replacement: here('./packages/server/src/index.ts') },
];

export default defineConfig({
  // Storefront message catalogs (`.po` imports) compile as in the storefront's own build.
  plugins: [storefrontCatalogs()],
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'server', environment: 'node', include: ['packages/server/src/**/*.test.ts'] } },
      { extends: true, test: { name: 'sdk', environment: 'node', include: ['packages/sdk/src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: [
            'packages/react/src/**/*.test.{ts,tsx}',
            'apps/storefront/src/**/*.test.{ts,tsx}',
            'apps/console/src/**/*.test.{ts,tsx}',
          ],
        },
      },
      { extends: true, test: { name: 'compat', environment: 'node', include: ['tests/compat/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'e2e', environment: 'node', include: ['tests/e2e/**/*.test.ts'], fileParallelism: false },
      },
    ],
  },
});
