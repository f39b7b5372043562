// @vitest-environment node
/**
 * src/api/schema.d.ts is generated from the server's OpenAPI document (scripts/api-schema.ts); this
 * fails when the committed file is not what the server's current document generates. Regenerate with
 * `npm run api-types -w apps/console`. Node environment: the test starts a real server.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateApiSchema } from '../../scripts/api-schema.js';

describe('src/api/schema.d.ts', () => {
  it("is what the server's current /openapi.json generates", async () => {
    const committed = await readFile(new URL('./schema.d.ts', import.meta.url), 'utf8');
    const generated = await generateApiSchema();
    if (generated !== committed) {
      const was = committed.split('\n');
      const now = generated.split('\n');
      const line = now.findIndex((text, i) => text !== was[i]);
      const at = line === -1 ? was.length : line;
      expect.fail(
        `src/api/schema.d.ts is out of date with the server's /openapi.json: run \`npm run api-types -w apps/console\` and commit the result.\n` +
          `First difference at line ${at + 1}:\n  committed: ${was[at] ?? '(end of file)'}\n  generated: ${now[at] ?? '(end of file)'}`,
      );
    }
  }, 60_000);
});
