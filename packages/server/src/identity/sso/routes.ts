import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { IdentityDeps } from '../common.js';
import { memberScopeOf, scopeOf } from '../request-scope.js';
import { beginAtProvider, continueWithSessionToken, providerCallback, startProviderLogin } from './browser-flow.js';
import { SSO_PREFIX } from './buttons.js';
import { listProviders, startConnect } from './connect.js';
import { disconnect, myConnections } from './connections.js';
import { SSO_SCHEMAS as S } from './schemas.js';
import { loginWithTokenParams } from './token-flow.js';

/**
 * Sign in with external OpenID Connect providers (issue #15, wire-contract §6.1). The authentication
 * family has one path set (§1.2: its alias is the same path), so each route is mounted once.
 */
export const ssoRoutes: FastifyPluginAsync<{ deps: IdentityDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = deps;
  const scope = { ctx, deps };
  // Browser legs (redirects and pages): the sign-in flow's own adapters (browser-flow.ts), on the plain instance.
  fastify.get(`${SSO_PREFIX}/sso/login/:tenantId/:idpConnectionId`, { schema: S.login }, (request, reply) => startProviderLogin(scope, request, reply));
  fastify.get(`${SSO_PREFIX}/sso/callback`, { schema: S.callback }, (request, reply) => providerCallback(scope, request, reply));
  fastify.post(`${SSO_PREFIX}/sso/callback`, { schema: S.callbackPost, bodyLimit: 64 * 1024 }, (request, reply) => providerCallback(scope, request, reply));
  fastify.get(`${SSO_PREFIX}/callback`, { schema: S.continue }, (request, reply) => continueWithSessionToken(scope, request, reply));
  app.post(`${SSO_PREFIX}/sso/login-with-token-params`, { schema: S.tokenParams }, async (request) => loginWithTokenParams(deps, await scopeOf(request, ctx), request.body));
  app.get(`${SSO_PREFIX}/sso/connections`, { schema: S.connections }, async (request) => myConnections(deps, await memberScopeOf(request, ctx)));
  app.delete(`${SSO_PREFIX}/sso/connections/:idpConnectionId`, { schema: S.disconnect }, async (request) =>
    disconnect(deps, await memberScopeOf(request, ctx), request.params.idpConnectionId),
  );
  app.get(`${SSO_PREFIX}/sso/providers`, { schema: S.providers }, async (request) => listProviders(await scopeOf(request, ctx)));
  app.post(`${SSO_PREFIX}/sso/connect/:idpConnectionId`, { schema: S.connect }, (request, reply) =>
    startConnect(deps, request, reply, (idp, session, r) => beginAtProvider(ctx, { id: session.siteId }, idp, session, r)),
  );
};
