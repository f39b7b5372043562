import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import * as h from './admin.js';

/** `/_admin/v1/webhooks…`, registered from admin/routes.ts. */
export function registerWebhookAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const base = '/_admin/v1/webhooks';
  app.get(base, (request) => h.listHandler(ctx, request));
  app.post(base, (request, reply) => h.createHandler(ctx, request, reply));
  app.get(`${base}/:id`, (request) => h.getHandler(ctx, request));
  app.patch(`${base}/:id`, (request) => h.updateHandler(ctx, request));
  app.delete(`${base}/:id`, (request) => h.deleteHandler(ctx, request));
  app.post(`${base}/:id/rotate-secret`, (request) => h.rotateHandler(ctx, request));
  app.post(`${base}/:id/test`, (request) => h.testHandler(ctx, request));
  app.get(`${base}/:id/deliveries`, (request) => h.deliveriesHandler(ctx, request));
  app.post(`${base}/:id/deliveries/:deliveryId/replay`, (request) => h.replayOneHandler(ctx, request));
  app.post(`${base}/:id/replay`, (request) => h.replayFailedHandler(ctx, request));
}
