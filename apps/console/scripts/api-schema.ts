/**
 * The console's API types, generated from the server's own OpenAPI document: a test server starts
 * in-process (as the tests start it), `GET /openapi.json` is read, and openapi-typescript turns the
 * `/_admin/` part of it (the console's API) into `src/api/schema.d.ts`. Run by `npm run api-types`
 * (scripts/api-types.mjs) to write the file and by src/api/schema.test.ts to check it is up to date.
 */
import { startTestServer } from '@vitrine/server/test-support';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

export const SCHEMA_HEADER = `/**
 * GENERATED FILE, do not edit by hand.
 * The admin API (\`/_admin/\` paths of the server's GET /openapi.json), as openapi-typescript types it.
 * Regenerate after changing the server's admin route schemas: \`npm run api-types -w apps/console\`
 * (from the repository root). src/api/schema.test.ts fails while this file is out of date.
 * The console uses it through src/api/types.ts.
 */
`;

/** The part of the document the console talks to: every `/_admin/` path, and every component. */
export function adminPart(doc: OpenAPI3): OpenAPI3 {
  const paths = Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([path]) => path.startsWith('/_admin/')));
  return { ...doc, paths };
}

/** The server's current document, from a real server started for the purpose. */
export async function fetchOpenApi(): Promise<OpenAPI3> {
  const server = await startTestServer();
  try {
    const response = await fetch(`${server.url}/openapi.json`);
    if (!response.ok) throw new Error(`GET /openapi.json answered ${response.status}`);
    return (await response.json()) as OpenAPI3;
  } finally {
    await server.close();
  }
}

/** The text of src/api/schema.d.ts for a document. */
export async function schemaSource(doc: OpenAPI3): Promise<string> {
  return SCHEMA_HEADER + astToString(await openapiTS(adminPart(doc), { silent: true }));
}

export async function generateApiSchema(): Promise<string> {
  return schemaSource(await fetchOpenApi());
}
