// Writes src/api/schema.d.ts from the server's current OpenAPI document: `npm run api-types -w apps/console`.
// The generator (scripts/api-schema.ts) and the server it starts are TypeScript sources; Vite's module
// runner loads them as the tests do, with the same alias for the server's test support.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const target = here('../src/api/schema.d.ts');

const { module } = await runnerImport(here('./api-schema.ts'), {
  configFile: false,
  logLevel: 'warn',
  resolve: { alias: [{ find: /^@vitrine\/server\/test-support$/, replacement: here('../../../packages/server/test-support/index.ts') }] },
});
await writeFile(target, await module.generateApiSchema());
process.stdout.write(`wrote ${target}\n`);
