/**
 * `POST|GET /graphql/{apiVersion}` (`alpha`, `v1`; docs/wire-format.md §10) and, in development, GraphiQL at
 * `/graphql` (ide/). The routes are declared at start; what runs an operation (operations.ts: graphql-js, each
 * site's schema, mercurius) is imported at the first one, which takes ~180 ms instead of ~3 (measured on the
 * 2-core test machine): ~3 MB of heap that a shop whose storefront never sends GraphQL does not hold
 * (docs/operating.md → Memory of the embedded database). A config GraphQL cannot express (two collections taking
 * one GraphQL name) still fails the start.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { scopeResolver } from '../data/index.js';
import { registerGraphiql } from './ide/page.js';
import { siteNames } from './names.js';
import * as S from './schemas.js';
import { plainJsonSerializer } from '../http/schemas/common.js';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export const graphqlRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const site of ctx.config.sites) siteNames(site.id, site.collections);
  const resolver = scopeResolver(ctx); // its limits are read at start
  const hosts = new Set<FastifyInstance>();
  app.addHook('onClose', async () => {
    await Promise.all([...hosts].map((host) => host.close()));
  });
  // One import however many first operations arrive together; a failed one is tried again by the next.
  let loading: Promise<Handler> | undefined;
  const handle: Handler = async (request, reply) => {
    loading ??= import('./operations.js')
      .then(({ operationHandler }) => operationHandler(ctx, resolver, hosts))
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return (await loading)(request, reply);
  };

  app.post('/graphql/:apiVersion', { schema: S.postOperation, serializerCompiler: plainJsonSerializer }, handle);
  app.get('/graphql/:apiVersion', { schema: S.getOperation, serializerCompiler: plainJsonSerializer }, handle);
  // GET /graphql is GraphiQL in development (ide/page.ts); POST /graphql is the API, in every mode.
  app.post('/graphql', { schema: S.postDefaultOperation, serializerCompiler: plainJsonSerializer }, handle);
  if (!ctx.config.production) {
    registerGraphiql(app, () => ctx.sites.get(ctx.config.storefront.siteId)?.name ?? 'Vitrine');
  }
};
