import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { listOutboxHandler, retryMailHandler } from './mail-outbox.js';
import { deleteMemberHandler } from '../members/deletion.js';
import { resendVerificationHandler } from '../members/admin-verification.js';
import { overviewHandler } from './overview.js';
import { siteSettingsHandler } from './site-settings.js';

/**
 * Admin API behind the console's Overview, Mail and Settings pages and the member page's extra actions.
 * Each answers the admin key, a site API key (its own site) and a console owner of the right role.
 */
export function registerConsolePagesRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/_admin/v1/overview', (request) => overviewHandler(ctx, request));
  app.get('/_admin/v1/mail', (request) => listOutboxHandler(ctx, request));
  app.post('/_admin/v1/mail/:id/retry', (request) => retryMailHandler(ctx, request));
  app.get('/_admin/v1/settings', (request) => siteSettingsHandler(ctx, request));
  app.post('/_admin/v1/members/:id/resend-verification', (request) => resendVerificationHandler(ctx, request));
  app.delete('/_admin/v1/members/:id', (request) => deleteMemberHandler(ctx, request));
}
