import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { storefrontCatalogs } from './lingui-plugin.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Where `vitrine serve` listens in development; every API path is proxied there. */
const apiTarget = process.env.VITRINE_API ?? 'http://localhost:8080';

/** Paths the storefront never handles itself: the API, hosted login pages, dev mailbox, product images. */
const proxiedPaths = [
  '/oauth2',
  '/_api',
  '/wix-data',
  '/_dev',
  '/_vitrine',
  '/assets/products',
  '/reset-password',
  '/.well-known',
  '/healthz',
];

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react(), storefrontCatalogs()],
  // Vite leaves `process.env.NODE_ENV` to be read at run time in a server bundle: the server would then render
  // with React's development build unless its own process says production. Fixed at build time instead, by
  // the rule Vite applies to the browser bundle, so both halves of a page come from the same React build.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV || mode) } : {},
  resolve: {
    // Build against the workspace sources, so the storefront never needs the packages built first.
    alias: [
      { find: /^@vitrine\/sdk\/data$/, replacement: here('../../packages/sdk/src/data/index.ts') },
      { find: /^@vitrine\/sdk\/mfa$/, replacement: here('../../packages/sdk/src/mfa/index.ts') },
      { find: /^@vitrine\/sdk\/sso$/, replacement: here('../../packages/sdk/src/sso/index.ts') },
      { find: /^@vitrine\/sdk$/, replacement: here('../../packages/sdk/src/index.ts') },
      { find: /^@vitrine\/react$/, replacement: here('../../packages/react/src/index.ts') },
    ],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  // The server-rendering bundle (src/entry-server.tsx, docs/storefront-rendering.md) carries its libraries
  // with it, so the server can load it from any folder (a test build lives under node_modules/.cache).
  ssr: { noExternal: true },
  build: {
    outDir: isSsrBuild ? 'dist/ssr' : 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Every browser the shop supports follows <link rel=modulepreload> itself (the polyfill cost 0.6 KB).
    modulePreload: { polyfill: false },
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // React in a chunk of its own: cached across deploys of the shop's code, and named for what it is.
          output: {
            advancedChunks: {
              groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
            },
          },
        },
  },
}));
