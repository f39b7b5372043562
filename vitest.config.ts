import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { storefrontCatalogs } from './apps/storefront/lingui-plugin.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Tests run against the TypeScript sources, so no build step is needed before `npm test`.
const alias = [
  { find: /^@vitrine\/sdk\/data$/, replacement: here('./packages/sdk/src/data/index.ts') },
  { find: /^@vitrine\/sdk\/mfa$/, replacement: here('./packages/sdk/src/mfa/index.ts') },
  { find: /^@vitrine\/sdk\/sso$/, replacement: here('./packages/sdk/src/sso/index.ts') },
  { find: /^@vitrine\/sdk\/wix$/, replacement: here('./packages/sdk/src/wix/index.ts') },
  // Only what jsdom suites need (no server, no other package): evaluated before anything else they import.
  { find: /^@vitrine\/sdk\/test-support\/jsdom$/, replacement: here('./packages/sdk/test-support/jsdom-sign-in.ts') },
  { find: /^@vitrine\/sdk$/, replacement: here('./packages/sdk/src/index.ts') },
  { find: /^@vitrine\/react$/, replacement: here('./packages/react/src/index.ts') },
  { find: /^@vitrine\/server\/test-support$/, replacement: here('./packages/server/test-support/index.ts') },
  { find: /^@vitrine\/server$/, replacement: here('./packages/server/src/index.ts') },
];

// A file that starts a server, a browser or a database is `*.integration.test.ts(x)`; the rest are unit tests.
const integration = '**/*.integration.test.{ts,tsx}';
const ui = [
  'packages/react/src/**/*.test.{ts,tsx}',
  'apps/storefront/src/**/*.test.{ts,tsx}',
  'apps/console/src/**/*.test.{ts,tsx}',
];

// Every project runs its files one after another in each worker without a fresh module graph per file
// (isolate: false): importing the server and compiling PGlite once per worker instead of once per file
// halves the run. A file that changes shared module state puts it back (test-support/limits.ts). The jsdom
// projects too, since 2026-11-27: each file still gets a fresh jsdom, and Testing Library unmounts after
// each test; the jsdom integration files 156 → 64 s of CPU, the component tests 42 → 20 s (docs/testing.md).
const shared = { environment: 'node', isolate: false } as const;

// Vitest's default is one worker per core less one: a single worker on a 2-core machine, while much of a test
// waits on sockets and Chromium. One worker per core and one more: on 2 cores, three workers ran the whole suite in
// 314 s, two in 329 s (the browser suites in a group of their own with three) and four in 328 s (2026-11-28,
// docs/testing.md). VITRINE_TEST_WORKERS sets the number (`--maxWorkers` on the command line does not reach the
// projects): scripts/test-cost.mjs runs with one.
const workers = Number(process.env.VITRINE_TEST_WORKERS) || availableParallelism() + 1;

export default defineConfig({
  // Storefront message catalogs (`.po` imports) compile as in the storefront's own build.
  plugins: [storefrontCatalogs()],
  resolve: { alias },
  test: {
    // One group for every project: a worker that finishes its project's last file starts on the next project's
    // files while the others still run (groups run one after the other, each waiting for its slowest file).
    maxWorkers: workers,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // Unit: plain functions, no server, no browser, no build. `npm run test:unit`, the inner loop.
      {
        extends: true,
        test: {
          name: 'unit',
          ...shared,
          include: ['packages/{server,sdk}/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, integration],
        },
      },
      // A worker boots once per project it runs (the server imported, PGlite compiled: ~4 s with both cores
      // busy), and Vitest starts new workers at every switch: so few projects, one per environment and cost.
      // The components in jsdom, and (`*.integration.test.tsx`) the React package and the apps against a real
      // server: `npm run test:unit` leaves those out by name.
      { extends: true, test: { name: 'ui', environment: 'jsdom', isolate: false, include: ui } },
      // Integration: a real server on a real port, on PGlite (or PostgreSQL with VITRINE_TEST_DATABASE_URL), and
      // the unmodified @wix/sdk and @wix/data against one (tests/compat, `npm run test:compat`).
      {
        extends: true,
        test: {
          name: 'integration',
          ...shared,
          include: ['packages/{server,sdk}/src/' + integration, 'tests/compat/**/*.test.ts'],
        },
      },
      // Real headless Chromium against the built apps.
      {
        extends: true,
        test: {
          name: 'e2e',
          ...shared,
          include: ['tests/e2e/**/*.test.ts'],
          // The storefront and console are built once per run (and reused while their sources are unchanged).
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // After each test: no page logged an error or warning the test did not expect (docs/testing.md).
          setupFiles: ['tests/e2e/support/console-setup.ts'],
        },
      },
    ],
  },
});
