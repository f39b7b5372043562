import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `vitrine serve` listens in development; the console's API calls are proxied there. */
const apiTarget = process.env.VITRINE_API ?? 'http://localhost:8080';

export default defineConfig({
  // Served by the server under /console (packages/server/src/console/routes.ts).
  base: '/console/',
  plugins: [react()],
  server: {
    port: 5174,
    proxy: {
      '/_admin': { target: apiTarget, changeOrigin: false },
      '/_dev': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
});
