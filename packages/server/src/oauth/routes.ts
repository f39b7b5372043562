import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { OAuthError } from '../http/errors.js';
import type { RateLimiter } from '../security/rate-limit.js';
import { perIpLimit } from '../security/rate-limit-hook.js';
import { grants } from './grants.js';
import { readTokenRequest } from './token-request.js';

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** Token requests per IP and minute; `VITRINE_TOKEN_RATE_LIMIT=0` turns the limit off (benchmarks). */
function tokenRateLimit(): number {
  const raw = process.env.VITRINE_TOKEN_RATE_LIMIT;
  const n = raw === undefined ? 600 : Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : 600;
}

export function registerOAuthRoutes(app: FastifyInstance, ctx: AppContext, limiter: Pick<RateLimiter, 'hit'>): void {
  const perMinute = tokenRateLimit();
  const preHandler = perMinute > 0 ? perIpLimit(limiter, { name: 'token', limit: perMinute, windowSeconds: 60, style: 'oauth' }) : undefined;
  app.post('/oauth2/token', { bodyLimit: 16 * 1024, ...(preHandler ? { preHandler } : {}) }, async (request, reply) => {
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
