/**
 * What `/graphql` does with an operation (routes.ts is the route; this module is imported at the first operation,
 * so graphql-js, the schemas and mercurius stay out of a server whose storefront never sends GraphQL: ~3 MB of
 * heap and their load time, issue #54). Each site gets its own mercurius engine (its own schema, introspection and
 * cost settings) in a Fastify instance of its own without routes or server; the handler resolves the caller and
 * site exactly as the REST data API does and hands the operation to that site's engine. Answers are
 * `{data, errors}` with 200 (GraphQL over HTTP for application/json); 400 only for a request without a query,
 * 405 for a GET mutation.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ExecutionResult, GraphQLSchema, ValidationRule } from 'graphql';
import type { MercuriusOptions } from 'mercurius';
import type { AppContext } from '../context.js';
import { DEFAULT_GRAPHQL } from '../config/fields.js';
import type { SiteConfig } from '../config/types.js';
import { isPlainObject, type scopeResolver } from '../data/index.js';
import { refusedCharactersRule } from './characters.js';
import type { GraphqlContext } from './context.js';
import { documentProblem } from './documents.js';
import { wireError, wireResult, type WireError } from './errors.js';
import { graphql } from './graphql-js.js';
import { aliasLimit, costLimit } from './limits.js';
import { depthLimit } from './depth.js';
import { ReferenceLoaders } from './references.js';
import { PersistedQueries } from './persisted-queries.js';
import { buildSiteSchema } from './schema.js';

type ScopeResolver = ReturnType<typeof scopeResolver>;

const API_VERSIONS = ['alpha', 'v1'] as const;
/** What `POST /graphql` runs: `@wix/sdk`'s `client.graphql` defaults to alpha, and code generators are given `/graphql`. */
const DEFAULT_API_VERSION = 'alpha';

type Engine = (
  source: string,
  context: object,
  variables?: Record<string, unknown>,
  operationName?: string,
) => Promise<ExecutionResult>;

interface Operation {
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
}

class BadRequest extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly code = 'BAD_REQUEST',
  ) {
    super(message);
  }
}

/** A GET sends `variables` and `extensions` as JSON text. */
function jsonObjectParam(value: unknown, name: string): Record<string, unknown> | undefined {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw new BadRequest(`"${name}" must be a JSON object`);
    }
  }
  if (value !== undefined && value !== null && !isPlainObject(value))
    throw new BadRequest(`"${name}" must be a JSON object`);
  return (value ?? undefined) as Record<string, unknown> | undefined;
}

/**
 * `query`, `variables`, `operationName` from a POST body or a GET query string; a query left out in favour
 * of `extensions.persistedQuery` comes from the persisted-query store.
 */
function readOperation(request: FastifyRequest, persisted: PersistedQueries): Operation {
  const input = (request.method === 'GET' ? request.query : request.body) ?? {};
  if (!isPlainObject(input)) throw new BadRequest('The body must be a JSON object with a "query"');
  if (input.query !== undefined && typeof input.query !== 'string')
    throw new BadRequest('"query" must be a non-empty string');
  const found = persisted.resolve(
    input.query?.trim() ? input.query : undefined,
    jsonObjectParam(input.extensions, 'extensions'),
  );
  if (!found.ok) throw new BadRequest(found.message, found.status, found.code);
  const variables = jsonObjectParam(input.variables, 'variables');
  const operationName =
    typeof input.operationName === 'string' && input.operationName !== '' ? input.operationName : undefined;
  return { query: found.query, variables, operationName };
}

/**
 * The site's engine: its schema built now (at the first operation of any site), mercurius started at the site's
 * first operation (one start at a time: concurrent first operations wait for the same one; a failed start is
 * tried again by the next operation). `hosts` collects the started instances for the app's close.
 */
function siteEngine(site: SiteConfig, production: boolean, hosts: Set<FastifyInstance>): Engine {
  const schema = buildSiteSchema(site);
  let started: Promise<Engine> | undefined;
  return async (source, context, variables, operationName) => {
    started ??= startEngine(schema, site, production, hosts).catch((error: unknown) => {
      started = undefined;
      throw error;
    });
    return (await started)(source, context, variables, operationName);
  };
}

async function startEngine(
  schema: GraphQLSchema,
  site: SiteConfig,
  production: boolean,
  hosts: Set<FastifyInstance>,
): Promise<Engine> {
  const [{ default: Fastify }, { default: mercurius }] = await Promise.all([import('fastify'), import('mercurius')]);
  const settings = site.graphql ?? DEFAULT_GRAPHQL;
  // A production schema is not handed to whoever asks unless the site says so (audit S-12).
  const introspection = settings.introspection ?? !production;
  const rules = [
    refusedCharactersRule,
    depthLimit(),
    aliasLimit(settings.maxAliases),
    ...(introspection ? [] : [graphql.NoSchemaIntrospectionCustomRule]),
  ];
  // Never listens: mercurius needs a Fastify instance to hang its engine on, nothing of the app's.
  const host = Fastify({ logger: false });
  hosts.add(host);
  try {
    await host.register(mercurius, engineOptions(schema, rules));
    await host.ready();
  } catch (error) {
    // Not kept: the next operation tries again with an instance of its own.
    hosts.delete(host);
    await host.close().catch(() => {});
    throw error;
  }
  host.graphql.addHook('preExecution', costLimit(settings.maxCost));
  return host.graphql as unknown as Engine;
}

function engineOptions(schema: GraphQLSchema, rules: ValidationRule[]): MercuriusOptions {
  return {
    schema,
    routes: false,
    graphiql: false,
    jit: 1,
    // Depth is depth.ts's rule (validationRules): it judges introspection on its own limit.
    validationRules: rules,
    // Errors are put on the wire by errors.ts; mercurius only hands them back.
    errorFormatter: (execution) => ({
      statusCode: 200,
      response: { data: execution.data ?? null, errors: execution.errors },
    }),
  };
}

/** Errors mercurius throws before execution: invalid documents, depth, cost, a mutation over GET. */
function rejected(error: unknown, request: FastifyRequest): { status: number; errors: WireError[] } {
  const e = error as { code?: string; errors?: unknown[]; message: string };
  if (e.code === 'MER_ERR_METHOD_NOT_ALLOWED') {
    return {
      status: 405,
      errors: [{ message: 'Mutations must be sent with POST', extensions: { code: 'METHOD_NOT_ALLOWED' } }],
    };
  }
  const list = (Array.isArray(e.errors) ? e.errors : [error]) as (Error & { code?: string })[];
  return {
    status: 200,
    errors: list.map((x) => wireError(x, request.id, request.log)),
  };
}

/**
 * The handler of every `/graphql` route. Each site's schema is built here, at the first operation. `resolver` is
 * the one routes.ts made at start (its limits read then, like the REST data API's); `hosts` collects the mercurius
 * instances started for the app's close.
 */
export function operationHandler(ctx: AppContext, resolver: ScopeResolver, hosts: Set<FastifyInstance>) {
  const { scopeOf, throttle } = resolver;
  const engines = new Map<string, Engine>();
  const persisted = new PersistedQueries();
  for (const site of ctx.config.sites) engines.set(site.id, siteEngine(site, ctx.config.production, hosts));

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const apiVersion = (request.params as { apiVersion?: string }).apiVersion ?? DEFAULT_API_VERSION;
    if (!(API_VERSIONS as readonly string[]).includes(apiVersion)) {
      return reply.code(404).send({
        data: null,
        errors: [
          {
            message: `Unknown GraphQL API version "${apiVersion}" (use alpha or v1)`,
            extensions: { code: 'NOT_FOUND' },
          },
        ],
      });
    }
    let operation: Operation;
    try {
      operation = readOperation(request, persisted);
    } catch (error) {
      if (!(error instanceof BadRequest)) throw error;
      return reply
        .code(error.status)
        .send({ data: null, errors: [{ message: error.message, extensions: { code: error.code } }] });
    }
    let context: GraphqlContext;
    try {
      const scope = await scopeOf(request);
      context = {
        app: ctx,
        scope,
        references: new ReferenceLoaders(scope),
        admitWrite: () => throttle.write(request, scope.caller),
        admitHeavyRead: () => throttle.heavyRead(request, scope.caller),
        reply,
      };
    } catch (error) {
      return reply.send({ data: null, errors: [wireError(error as Error, request.id, request.log)] });
    }
    const problem = documentProblem(operation.query, operation.operationName, request.method);
    if (problem) return reply.send({ data: null, errors: [wireError(problem, request.id, request.log)] });
    const engine = engines.get(context.scope.site.id)!;
    try {
      const execution = await engine(operation.query, context, operation.variables, operation.operationName);
      return reply.code(200).send(wireResult(execution, request.id, request.log));
    } catch (error) {
      const { status, errors } = rejected(error, request);
      return reply.code(status).send({ data: null, errors });
    }
  }
  return handle;
}
