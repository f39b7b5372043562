import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import * as h from './admin.js';
import * as S from './schemas.js';

/** `/_admin/v1/webhooks…`: endpoints, secrets, test events, deliveries and replays (registered by the admin API). */
export const webhookAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/_admin/v1/webhooks';
  app.get(base, { schema: S.listWebhooks }, (request) => h.listHandler(ctx, request));
  app.post(base, { schema: S.createWebhook }, (request, reply) => h.createHandler(ctx, request, reply));
  app.get(`${base}/:id`, { schema: S.getWebhook }, (request) => h.getHandler(ctx, request));
  app.patch(`${base}/:id`, { schema: S.updateWebhook }, (request) => h.updateHandler(ctx, request));
  app.delete(`${base}/:id`, { schema: S.deleteWebhook }, (request) => h.deleteHandler(ctx, request));
  app.post(`${base}/:id/rotate-secret`, { schema: S.rotateSecret }, (request) => h.rotateHandler(ctx, request));
  app.post(`${base}/:id/test`, { schema: S.testWebhook }, (request) => h.testHandler(ctx, request));
  app.get(`${base}/:id/deliveries`, { schema: S.listDeliveries }, (request) => h.deliveriesHandler(ctx, request));
  app.post(`${base}/:id/deliveries/:deliveryId/replay`, { schema: S.replayDelivery }, (request) =>
    h.replayOneHandler(ctx, request),
  );
  app.post(`${base}/:id/replay`, { schema: S.replayFailed }, (request) => h.replayFailedHandler(ctx, request));
};
