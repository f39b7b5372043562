import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { listOutboxHandler, retryMailHandler } from './mail-outbox.js';
import { overviewHandler } from './overview.js';
import { setupChecklistHandler } from './setup-checklist.js';
import * as S from './schemas.js';
import { siteSettingsHandler } from './site-settings.js';

/**
 * Admin API behind the console's Overview, Mail and Settings pages (the member page's actions are in member-admin/routes.ts).
 * Each answers the admin key, a site API key (its own site) and a console owner of the right role.
 */
export const consolePagesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/_admin/v1/overview', { schema: S.overview }, (request) => overviewHandler(ctx, request));
  app.get('/_admin/v1/overview/setup-checklist', { schema: S.setupChecklist }, (request) =>
    setupChecklistHandler(ctx, request),
  );
  app.get('/_admin/v1/mail', { schema: S.listMail }, (request) => listOutboxHandler(ctx, request, request.query));
  app.post('/_admin/v1/mail/:id/retry', { schema: S.retryMail }, (request) =>
    retryMailHandler(ctx, request, request.params),
  );
  app.get('/_admin/v1/settings', { schema: S.siteSettings }, (request) =>
    siteSettingsHandler(ctx, request, request.query),
  );
};
