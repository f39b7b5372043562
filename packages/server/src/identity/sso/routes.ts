import type { FastifyInstance } from 'fastify';
import type { IdentityDeps } from '../common.js';
import { beginAtProvider, continueWithSessionToken, providerCallback, startProviderLogin } from './browser-flow.js';
import { listProviders, startConnect } from './connect.js';
import { SSO_PREFIX } from './buttons.js';
import { disconnect, myConnections } from './connections.js';
import { loginWithTokenParams } from './token-flow.js';

/**
 * Sign in with external OpenID Connect providers (issue #15, wire-contract §6.1). The authentication
 * family has one path set (§1.2: its alias is the same path), so each route is mounted once.
 */
export function registerSsoRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  const scope = { ctx: deps.ctx, deps };
  app.get(`${SSO_PREFIX}/sso/login/:tenantId/:idpConnectionId`, (request, reply) => startProviderLogin(scope, request, reply));
  app.get(`${SSO_PREFIX}/sso/callback`, (request, reply) => providerCallback(scope, request, reply));
  app.post(`${SSO_PREFIX}/sso/callback`, { bodyLimit: 64 * 1024 }, (request, reply) => providerCallback(scope, request, reply));
  app.get(`${SSO_PREFIX}/callback`, (request, reply) => continueWithSessionToken(scope, request, reply));
  app.post(`${SSO_PREFIX}/sso/login-with-token-params`, (request) => loginWithTokenParams(deps, request));
  app.get(`${SSO_PREFIX}/sso/connections`, (request) => myConnections(deps, request));
  app.delete(`${SSO_PREFIX}/sso/connections/:idpConnectionId`, (request) => disconnect(deps, request));
  app.get(`${SSO_PREFIX}/sso/providers`, (request) => listProviders(deps, request));
  app.post(`${SSO_PREFIX}/sso/connect/:idpConnectionId`, (request, reply) =>
    startConnect(deps, request, reply, (idp, session, r) => beginAtProvider(deps.ctx, { id: session.siteId }, idp, session, r)),
  );
}
