/**
 * The console's API keys page: site API keys kept in the database beside the config's keys. Only an
 * owner of role `owner` (or the server's admin key) manages them; a key is shown once, when made.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { invalidField } from '../errors/wire.js';
import { appError } from '../errors/catalogue.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import { createStoredKey, listStoredKeys, revokeStoredKey, validKeyName } from '../security/index.js';
import {
  adminAccess,
  requireServerAdmin,
  recordOwnerAction,
  type AdminAccess,
  type OwnerActionDetail,
} from '../owners/admin-access.js';
import * as S from './schemas.js';

const input = (request: FastifyRequest) => ({
  ...((request.query ?? {}) as Record<string, unknown>),
  ...((request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>),
});

/** An owner of role `owner`, or the server's admin key (a site API key may not mint or revoke keys). */
async function keyManager(ctx: AppContext, request: FastifyRequest, siteId: unknown): Promise<AdminAccess> {
  const access = await adminAccess(ctx, request, siteId, CONSOLE_ROLES.apiKeys);
  if (!access.owner) await requireServerAdmin(ctx, request);
  return access;
}

async function audit(
  ctx: AppContext,
  request: FastifyRequest,
  access: AdminAccess,
  action: OwnerActionDetail['action'],
  keyName: string,
): Promise<void> {
  await recordOwnerAction(ctx, request, access, { action, keyName });
}

export const apiKeyAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/_admin/v1/api-keys', { schema: S.listApiKeys }, async (request) => {
    const { siteId } = await keyManager(ctx, request, input(request).siteId);
    const stored = (await listStoredKeys(ctx.db, siteId)).map((k) => ({ ...k, source: 'database' as const }));
    // The config file's keys are listed too (read-only: they change with the config).
    const configured = ctx.sites.get(siteId)!.apiKeys.map((k) => ({
      id: null,
      name: k.name,
      createdDate: null,
      lastUsedDate: null,
      source: 'config' as const,
    }));
    return { apiKeys: [...stored, ...configured] };
  });

  app.post('/_admin/v1/api-keys', { schema: S.createApiKey }, async (request) => {
    const body = input(request);
    const access = await keyManager(ctx, request, body.siteId);
    const name = validKeyName(body.name);
    if (ctx.sites.get(access.siteId)!.apiKeys.some((k) => k.name === name)) {
      throw invalidField('name', `is the name of a key in the config file; choose another`, 'API_KEY_NAME_TAKEN');
    }
    const created = await createStoredKey(ctx.db, access.siteId, name, access.owner?.id, ctx.now());
    await audit(ctx, request, access, 'api_key_created', name);
    return { apiKey: { ...created.apiKey, source: 'database' as const }, key: created.key };
  });

  app.post('/_admin/v1/api-keys/:id/revoke', { schema: S.revokeApiKey }, async (request) => {
    const access = await keyManager(ctx, request, input(request).siteId);
    const revoked = await revokeStoredKey(ctx.db, access.siteId, request.params.id, ctx.now());
    if (!revoked) throw appError('API_KEY_NOT_FOUND');
    await audit(ctx, request, access, 'api_key_revoked', revoked.name);
    return { apiKey: { ...revoked, source: 'database' as const } };
  });
};
