// Writes src/api/schema.d.ts from the server's current OpenAPI document: `npm run api-types -w apps/console`.
// The generator (scripts/api-schema.ts) and the server it starts are TypeScript sources; Vite's module
// dev server loads them as the tests do, with the same alias for the server's test support. It stays open
// until the file is written: the server imports modules lazily (runnerImport's runner closes too early).
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const target = here('../src/api/schema.d.ts');

const vite = await createServer({
  configFile: false,
  logLevel: 'warn',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  resolve: {
    alias: [
      { find: /^@vitrine\/server\/test-support$/, replacement: here('../../../packages/server/test-support/index.ts') },
    ],
  },
});
try {
  const module = await vite.ssrLoadModule(here('./api-schema.ts'));
  await writeFile(target, await module.generateApiSchema());
} finally {
  await vite.close();
}
process.stdout.write(`wrote ${target}\n`);
