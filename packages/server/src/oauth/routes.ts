import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { OAuthError } from '../http/errors.js';
import { grants } from './grants.js';
import { readTokenRequest } from './token-request.js';

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

export function registerOAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/oauth2/token', { bodyLimit: 16 * 1024 }, async (request, reply) => {
    reply.headers(NO_STORE);
    const input = readTokenRequest(request.body);
    if (!input) throw new OAuthError(400, 'invalid_request', 'the body must be a JSON object or a form');
    if (!input.grantType) throw new OAuthError(400, 'invalid_request', 'grantType is required');
    const grant = grants.get(input.grantType);
    if (!grant) throw new OAuthError(400, 'unsupported_grant_type', `grant type "${input.grantType.slice(0, 40)}" is not supported`);
    return grant(input, ctx, request);
  });

  const jwks = async (_request: unknown, reply: { header(k: string, v: string): unknown }) => {
    reply.header('cache-control', 'public, max-age=300');
    return ctx.tokens.keys.jwks();
  };
  app.get('/oauth2/jwks', jwks);
  app.get('/.well-known/jwks.json', jwks);
}
