import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test-support/index.js';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { tags?: string[]; security?: unknown[]; requestBody?: unknown; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
}

/** Fastify's path syntax → OpenAPI's, as @fastify/swagger writes it (`:id` → `{id}`, `*` → `{*}`). */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*/g, '{*}');

let server: TestServer;
const routes: { method: string; url: string }[] = [];
let doc: OpenApiDocument;

beforeAll(async () => {
  server = await startTestServer({
    // Collects what really got registered, independent of @fastify/swagger's own bookkeeping.
    routes: () => undefined,
  });
  const printed = server.vitrine.app.printRoutes({ commonPrefix: false });
  expect(printed).toContain('openapi.json');
  const response = await fetch(`${server.url}/openapi.json`);
  expect(response.status).toBe(200);
  doc = (await response.json()) as OpenApiDocument;
});
afterAll(() => server?.close());

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document that validates against the 3.1 schema', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names the four security schemes and the three error envelopes', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['accessToken', 'accessTokenAndApiKey', 'adminKey', 'ownerSession']);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['ApplicationError', 'ValidationError', 'OAuthError']));
  });

  it('lists every path', () => {
    console.log(Object.keys(doc.paths).length, Object.keys(doc.paths).join('\n'));
  });
});

export type { RouteOptions };
