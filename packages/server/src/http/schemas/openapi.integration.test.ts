import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test-support/index.js';
import { registeredRoutes } from './openapi.js';

interface Operation {
  tags?: string[];
  summary?: string;
  security?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
}

/** Fastify's path syntax → OpenAPI's, as @fastify/swagger writes it (`:id` → `{id}`, `*` → `{*}`). */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*/g, '{*}');

let server: TestServer;
let doc: OpenApiDocument;

beforeAll(async () => {
  server = await startTestServer();
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
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'accessToken',
      'accessTokenAndApiKey',
      'adminKey',
      'ownerSession',
    ]);
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['ApplicationError', 'ValidationError', 'OAuthError']),
    );
    const login = doc.paths['/_api/iam/authentication/v2/login']!.post!;
    expect(login.security).toEqual([{ accessToken: [] }]);
    expect(JSON.stringify(login.responses['4XX'])).toContain('#/components/schemas/ValidationError');
    expect(JSON.stringify(doc.paths['/oauth2/token']!.post!.responses['400'])).toContain(
      '#/components/schemas/OAuthError',
    );
  });

  it('holds every registered route, each with a summary, a tag and a described success', () => {
    const routes = registeredRoutes(server.vitrine.app).filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const undescribed = routes
      .filter((r) => {
        const operation = doc.paths[openApiPath(r.url)]![r.method.toLowerCase()]!;
        const success = Object.entries(operation.responses).find(([status]) => /^2/.test(status));
        // 204 (the CORS preflight) has no body to describe.
        const described = success && (success[0] === '204' || success[1].content);
        return !operation.summary || !operation.tags?.length || !described;
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(undescribed).toEqual([]);
  });

  it('shows request examples, e.g. the anonymous grant', () => {
    expect(JSON.stringify(doc.paths['/oauth2/token']!.post!.requestBody)).toContain('"grantType":"anonymous"');
  });
});
