/**
 * The API description (issue #12): `@fastify/swagger` collects every route's schema into an OpenAPI 3.1
 * document at `GET /openapi.json`; `docs.ts` renders it at `GET /docs`. Register before any route: the
 * route-docs hook and swagger's own collector see only routes added after them.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { AnyObject } from './common.js';
import { ENVELOPE_COMPONENTS } from './envelopes.js';
import { familyErrors, familyOf, SECURITY_SCHEMES } from './families.js';
import { registerDocsPage } from './docs.js';
import { FLOOR_ONLY } from './text-policy.js';

const ENVELOPE_VARIANTS: Record<string, unknown> = {
  wix: { oneOf: [{ $ref: '#/components/schemas/ApplicationError' }, { $ref: '#/components/schemas/ValidationError' }] },
  oauth: { $ref: '#/components/schemas/OAuthError' },
};

/**
 * Adds to a route's own (inline) schema what it shares with its family (tag, security, error envelopes),
 * unless it declares those. Every plugin declares its routes' schemas itself; this hook knows none of them.
 */
function describeRoute(route: RouteOptions): void {
  const url = route.url ?? '';
  const family = familyOf(url);
  // A copy: alias paths (`/_api/iam/mfa/v1`, `/_iam/mfa/v1`) share one schema object, and each gets its own family's defaults.
  const schema = (route.schema = { ...route.schema }) as Record<string, unknown>;
  schema.tags ??= [family.tag];
  if (schema.security === undefined && family.security) schema.security = family.security;
  // A copy: route tables share one schema between alias paths, and the defaults below must not leak.
  const response = (schema.response = { ...(schema.response as object | undefined) }) as Record<string, unknown>;
  for (const [status, body] of Object.entries(familyErrors(family))) response[status] ??= body;
}

/** Replaces the open runtime envelope schemas with the precise variants in the published document. */
function showEnvelopeVariants(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (value && typeof value === 'object' && 'x-vitrine-envelope' in value) {
      const kind = (value as Record<string, unknown>)['x-vitrine-envelope'] as string;
      (node as Record<string, unknown>)[key] = ENVELOPE_VARIANTS[kind];
    } else showEnvelopeVariants(value);
  }
}

/**
 * The server package's version: its package.json is the nearest one up from this module in src/ and
 * dist/ alike; a bundle placed elsewhere (tests build one) may find none, which must not stop the server.
 */
function packageVersion(): string {
  const require = createRequire(import.meta.url);
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const pkg = require(join(dir, 'package.json')) as { name?: string; version?: string };
      if (pkg.name === '@vitrine/server' && pkg.version) return pkg.version;
    } catch {
      // no package.json at this level
    }
  }
  return '0.0.0';
}
const version = packageVersion();

/** A request part that holds only the character floor (text-policy.ts) is not a documented input. */
function withoutFloors(schema: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!schema) return schema;
  const floors = ['body', 'querystring', 'params'].filter(
    (part) => (schema[part] as Record<string, unknown> | undefined)?.[FLOOR_ONLY],
  );
  if (!floors.length) return schema;
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !floors.includes(key)));
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The route's schema as compiled (request parts with their character policy). */
  schema: Record<string, unknown>;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route added after `registerOpenApi`, as the onRoute hook saw it (tests compare it with the document). */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return registered.get(app) ?? [];
}

export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    describeRoute(route);
    const schema = route.schema as Record<string, unknown>;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema });
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vitrine API',
        version,
        description:
          'Identity, redirect sessions, data items, shop and administration of a Vitrine server, on the Wix Headless REST wire format ' +
          '(the unmodified `@wix/sdk` clients work against it). Every error is an envelope: `applicationError` with a string `code`, ' +
          '`validationError` with `fieldViolations`, or RFC 6749 `{error, error_description}` on the token endpoint. Every response carries `x-wix-request-id`.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      // Relative: the document describes the server that serves it, whatever address it was reached by.
      servers: [{ url: '/', description: `This server (${options.publicUrl})` }],
      components: {
        securitySchemes: SECURITY_SCHEMES as never,
        schemas: ENVELOPE_COMPONENTS as never,
      },
    },
    transform: ({ schema, url }) => ({ schema: withoutFloors(schema as Record<string, unknown>) as never, url }),
    transformObject: (documents) => {
      if (!('openapiObject' in documents)) return documents.swaggerObject;
      showEnvelopeVariants(documents.openapiObject.paths);
      return documents.openapiObject;
    },
  });

  app.get(
    '/openapi.json',
    {
      schema: {
        summary: 'This document (OpenAPI 3.1)',
        response: { 200: AnyObject('The OpenAPI 3.1 description of every route') },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.swagger();
    },
  );
  registerDocsPage(app);
}
