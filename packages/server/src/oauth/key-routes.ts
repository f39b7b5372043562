import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import { parseAuthorization, resolveCaller } from '../http/resolve-caller.js';
import type { KeyView } from './key-store.js';
import * as S from './key-schemas.js';

/**
 * Signing-key administration for the server's admin key only (keys are shared by every site):
 * what `vitrine keys list|rotate` calls when a server holds the embedded database.
 */
export const keyRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/_admin/v1/keys', { schema: S.listKeys }, async (request) => {
    await requireServerAdmin(ctx, request);
    return { keys: (await ctx.tokens.keys.list()).map(keyView) };
  });
  app.post('/_admin/v1/keys/rotate', { schema: S.rotateKey }, async (request) => {
    await requireServerAdmin(ctx, request);
    const kid = await ctx.tokens.keys.rotate();
    return { kid, keys: (await ctx.tokens.keys.list()).map(keyView) };
  });
};

async function requireServerAdmin(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const caller = await resolveCaller(request, ctx).catch(() => undefined);
  const { token, apiKey } = parseAuthorization(request.headers.authorization);
  if (!caller || caller.kind !== 'admin' || !ctx.apiKeys.isAdminKey(apiKey ?? token ?? '')) {
    throw appError('UNAUTHORIZED', {
      description: "The server's admin key is required: Authorization: Bearer <adminKey>",
    });
  }
}

export function keyView(key: KeyView) {
  return {
    kid: key.kid,
    createdDate: key.createdAt.toISOString(),
    state: key.state,
    ...(key.until ? { verifiesUntil: key.until.toISOString() } : {}),
    encrypted: key.sealed,
  };
}
