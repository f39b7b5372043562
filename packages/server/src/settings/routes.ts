/**
 * Site settings owners change in the console (issue #31): read, change, export, import and "test
 * connection". Thin handlers over settings/*.ts; the runtime that keeps every instance in step starts
 * and stops with this plugin.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import { ApplicationError } from '../errors/wire.js';
import { outboundPolicy } from '../http/outbound/index.js';
import { CONSOLE_ROLES, recordOwnerEvent } from '../owners/access.js';
import { adminAccess, requireServerAdmin, recordOwnerAction, type AdminAccess } from '../owners/admin-access.js';
import { changeSettings, type AppliedChange } from './change.js';
import { testProvider } from './provider-test.js';
import { sendTestMail } from './test-mail.js';
import { SettingsRuntime } from './runtime.js';
import * as S from './schemas.js';
import { exportSettings, importDifferences } from './transfer.js';
import { settingsView } from './view.js';

/** Reading: every console role (secret-free). Changing: an owner of role `owner`, or the server's admin key. */
async function access(ctx: AppContext, request: FastifyRequest, siteId: unknown, change: boolean) {
  const found = await adminAccess(ctx, request, siteId, change ? CONSOLE_ROLES.settingsChange : CONSOLE_ROLES.settings);
  if (change && !found.owner) await requireServerAdmin(ctx, request);
  return found;
}

const mayChange = (access: AdminAccess) =>
  access.owner ? (CONSOLE_ROLES.settingsChange as readonly string[]).includes(access.owner.role) : true;

export const settingsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const runtime = new SettingsRuntime(ctx);
  // Before the first request: a restart runs with the settings owners made.
  await runtime.refresh(true);
  runtime.start();
  app.addHook('onClose', () => runtime.stop());

  const parts = (siteId: string) => {
    const source = runtime.source(siteId);
    const site = ctx.sites.get(siteId);
    if (!source || !site) throw appError('UNKNOWN_SITE');
    return { source, site, values: runtime.values(source) };
  };
  const view = (siteId: string, canChange: boolean) => {
    const { source, site, values } = parts(siteId);
    return settingsView(source, site, values, canChange);
  };
  const audit = (request: FastifyRequest, found: AdminAccess) => async (change: AppliedChange) => {
    const detail = { action: 'change_setting' as const, key: change.key, before: change.before, after: change.after };
    if (found.owner) return recordOwnerAction(ctx, request, found, detail);
    // The admin key's changes (`vitrine clients`, scripts) are in the audit log too, by that name.
    await recordOwnerEvent(ctx, request, {
      type: 'owner_action',
      outcome: 'success',
      email: 'admin key',
      siteId: found.siteId,
      detail,
    });
  };

  app.get('/_admin/v1/site-settings', { schema: S.getSettings }, async (request) => {
    const found = await access(ctx, request, request.query.siteId, false);
    return view(found.siteId, mayChange(found));
  });

  app.patch('/_admin/v1/site-settings', { schema: S.changeSettings }, async (request) => {
    const found = await access(ctx, request, request.body.siteId, true);
    const by = found.owner?.email ?? 'admin key';
    const changed = await changeSettings(ctx, runtime, found.siteId, request.body.changes, by, audit(request, found));
    return { changed, settings: view(found.siteId, true) };
  });

  app.get('/_admin/v1/site-settings/export', { schema: S.exportSettings }, async (request) => {
    const found = await access(ctx, request, request.query.siteId, true);
    const { source, site, values } = parts(found.siteId);
    return exportSettings(source, site, values);
  });

  app.post('/_admin/v1/site-settings/import', { schema: S.importSettings }, async (request) => {
    const found = await access(ctx, request, request.body.siteId, true);
    const { source, site, values } = parts(found.siteId);
    const { differences, changes } = importDifferences(source, site, values, request.body.config);
    const by = found.owner?.email ?? 'admin key';
    if (!request.body.apply || !Object.keys(changes).length) {
      const problems = Object.keys(changes).length ? await dryRun(changes) : [];
      return { differences, applied: false, problems };
    }
    await changeSettings(ctx, runtime, found.siteId, changes, by, audit(request, found));
    return { differences, applied: true, problems: [] };

    /** The sentences a change would be refused with, without making it. */
    async function dryRun(all: Record<string, unknown>): Promise<string[]> {
      try {
        await changeSettings(ctx, runtime, found.siteId, all, by, async () => {}, { dryRun: true });
        return [];
      } catch (error) {
        if (error instanceof ApplicationError) {
          const problems = (error.data as { problems?: string[] }).problems;
          return problems ?? [error.message];
        }
        throw error;
      }
    }
  });

  app.post('/_admin/v1/site-settings/test-mail', { schema: S.testMail }, async (request) => {
    const found = await access(ctx, request, request.body.siteId, true);
    // To the caller's own inbox: the admin key has none, so only a signed-in owner sends one.
    if (!found.owner)
      throw appError('OWNER_SESSION_REQUIRED', { description: 'A test mail goes to the signed-in owner: sign in' });
    const result = await sendTestMail(ctx, found.siteId, found.owner.email);
    await recordOwnerAction(ctx, request, found, { action: 'send_test_mail', ok: result.ok });
    return result;
  });

  app.post('/_admin/v1/site-settings/test-provider', { schema: S.testProvider }, async (request) => {
    const found = await access(ctx, request, request.body.siteId, true);
    return testProvider(
      ctx.sites.get(found.siteId)!,
      request.body.provider as Record<string, unknown>,
      outboundPolicy(ctx.config),
    );
  });
};
