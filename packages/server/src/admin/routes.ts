import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { listAuthEventsHandler } from './auth-events.js';
import { getMemberHandler, MEMBER_ACTIONS, memberActionHandler } from '../members/admin-actions.js';
import { listMembersHandler, setApprovalHandler } from '../members/admin-list.js';
import { registerWebhookAdminRoutes } from '../webhooks/routes.js';
import { registerConsolePagesRoutes } from './console-pages-routes.js';
import { registerTranslationAdminRoutes } from './translations-routes.js';
import { registerApiKeyAdminRoutes } from './api-keys-routes.js';
import { registerCollectionAdminRoutes } from './collections-routes.js';

/** The admin API (`Authorization: Bearer <adminKey>`); grows as features need it. */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/_admin/v1/members', (request) => listMembersHandler(ctx, request));
  app.post('/_admin/v1/members/approve', (request) => setApprovalHandler(ctx, request, 'approve'));
  app.post('/_admin/v1/members/block', (request) => setApprovalHandler(ctx, request, 'block'));
  app.get('/_admin/v1/members/:id', (request) => getMemberHandler(ctx, request));
  for (const action of MEMBER_ACTIONS) app.post(`/_admin/v1/members/:id/${action}`, (request) => memberActionHandler(ctx, request, action));
  app.get('/_admin/v1/auth-events', (request) => listAuthEventsHandler(ctx, request));
  registerWebhookAdminRoutes(app, ctx);
  registerConsolePagesRoutes(app, ctx);
  registerTranslationAdminRoutes(app, ctx);
  registerApiKeyAdminRoutes(app, ctx);
  registerCollectionAdminRoutes(app, ctx);
}
