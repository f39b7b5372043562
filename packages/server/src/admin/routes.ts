import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { listAuthEventsHandler } from './auth-events.js';
import { memberAdminRoutes } from '../member-admin/routes.js';
import { webhookAdminRoutes } from '../webhooks/routes.js';
import { consolePagesRoutes } from './console-pages-routes.js';
import { translationAdminRoutes } from './translations-routes.js';
import { apiKeyAdminRoutes } from './api-keys-routes.js';
import { collectionAdminRoutes } from './collections-routes.js';
import * as S from './schemas.js';
import { named } from '../http/named-plugin.js';

/** The admin API (`Authorization: Bearer <adminKey>`, a site API key or a console owner); grows as features need it. */
export const adminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(named(memberAdminRoutes), { ctx });
  app.get('/_admin/v1/auth-events', { schema: S.listAuthEvents }, (request) =>
    listAuthEventsHandler(ctx, request, request.query),
  );
  await app.register(named(webhookAdminRoutes), { ctx });
  await app.register(named(consolePagesRoutes), { ctx });
  await app.register(named(translationAdminRoutes), { ctx });
  await app.register(named(apiKeyAdminRoutes), { ctx });
  await app.register(named(collectionAdminRoutes), { ctx });
};
