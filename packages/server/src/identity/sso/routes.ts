import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { IdentityDeps } from '../common.js';
import { bodyOf, memberScopeOf, scopeOf } from '../request-scope.js';
import { SSO_PREFIX } from './buttons.js';
import { disconnect, listProviders, myConnections } from './connections.js';
import { SSO_SCHEMAS as S } from './schemas.js';
import { loginWithTokenParams } from './token-flow.js';
import { issueTokenNonce } from './token-nonces.js';

/**
 * Sign in with external OpenID Connect providers (issue #15, docs/wire-format.md §6.1): the JSON routes (ID
 * tokens from native apps, the member's connections). The browser legs (redirects, callbacks, connect)
 * are the sign-in plugin's (sign-in/routes.ts). The authentication family has one path set (§1.2).
 */
export const ssoRoutes: FastifyPluginAsync<{ deps: IdentityDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = deps;
  app.post(`${SSO_PREFIX}/sso/nonce`, { schema: S.nonce }, async (request) =>
    issueTokenNonce(deps, await scopeOf(request, ctx), bodyOf(request)),
  );
  app.post(`${SSO_PREFIX}/sso/login-with-token-params`, { schema: S.tokenParams }, async (request) =>
    loginWithTokenParams(deps, await scopeOf(request, ctx), request.body),
  );
  app.get(`${SSO_PREFIX}/sso/connections`, { schema: S.connections }, async (request) =>
    myConnections(deps, await memberScopeOf(request, ctx)),
  );
  // `currentPassword` only from the body, as for a factor's removal: a query string lands in access logs (S-16).
  app.delete(`${SSO_PREFIX}/sso/connections/:idpConnectionId`, { schema: S.disconnect }, async (request) =>
    disconnect(deps, await memberScopeOf(request, ctx), request.params.idpConnectionId, bodyOf(request)),
  );
  app.get(`${SSO_PREFIX}/sso/providers`, { schema: S.providers }, async (request) =>
    listProviders(await scopeOf(request, ctx)),
  );
};
