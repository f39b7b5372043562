import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { OAuthError } from '../errors/wire.js';
import { type RateLimiter, perIpLimit } from '../security/index.js';
import { authorizationCodeGrant } from './code-grant.js';
import { authorizedClientGrant } from './external-grant.js';
import { anonymousGrant, refreshTokenGrant, type GrantHandler } from './grants.js';
import { JwksSchema, TokenRequestBody, TokenResponseSchema } from './schemas.js';
import { readTokenRequest } from './token-request.js';
import { oauthSchemaErrorFormatter } from '../http/schemas/schema-errors.js';

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** Token requests per IP and minute; `VITRINE_TOKEN_RATE_LIMIT=0` turns the limit off (benchmarks). */
function tokenRateLimit(): number {
  const raw = process.env.VITRINE_TOKEN_RATE_LIMIT;
  const n = raw === undefined ? 600 : Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : 600;
}

/**
 * The token endpoint and the signing keys it publishes. The plugin owns its grant types: a new grant is
 * one more entry here, not a registration from elsewhere.
 */
export const tokenRoutes: FastifyPluginAsync<{ ctx: AppContext; limiter: Pick<RateLimiter, 'hit'> }> = async (
  app,
  { ctx, limiter },
) => {
  const grants = new Map<string, GrantHandler>([
    ['anonymous', anonymousGrant],
    ['refresh_token', refreshTokenGrant],
    ['authorization_code', authorizationCodeGrant],
    ['authorized_client', authorizedClientGrant],
  ]);
  const perMinute = tokenRateLimit();
  const preHandler =
    perMinute > 0
      ? perIpLimit(limiter, { name: 'token', limit: perMinute, windowSeconds: 60, style: 'oauth' })
      : undefined;
  const schema = {
    summary: 'Issue tokens (anonymous, refresh_token, authorization_code, authorized_client)',
    body: TokenRequestBody,
    response: { 200: TokenResponseSchema },
  };
  // Schema failures answer RFC 6749 `invalid_request`, not the Wix envelope.
  const routeOptions = {
    bodyLimit: 16 * 1024,
    schema,
    schemaErrorFormatter: oauthSchemaErrorFormatter,
    ...(preHandler ? { preHandler } : {}),
  };
  app.withTypeProvider<TypeBoxTypeProvider>().post('/oauth2/token', routeOptions, async (request, reply) => {
    reply.headers(NO_STORE);
    const input = readTokenRequest(request.body);
    const grantType = input.grantType ?? '';
    const grant = grants.get(grantType);
    if (!grant)
      throw new OAuthError(400, 'unsupported_grant_type', `grant type "${grantType.slice(0, 40)}" is not supported`);
    try {
      const granted = await grant(input, ctx, request);
      ctx.metrics?.grant(grantType, 'success');
      return granted;
    } catch (error) {
      ctx.metrics?.grant(grantType, 'failure');
      throw error;
    }
  });

  const jwks = async (_request: unknown, reply: { header(k: string, v: string): unknown }) => {
    reply.header('cache-control', 'public, max-age=300');
    return ctx.tokens.keys.jwks();
  };
  const jwksSchema = { schema: { summary: 'The access-token signing keys (JWKS)', response: { 200: JwksSchema } } };
  app.get('/oauth2/jwks', jwksSchema, jwks);
  app.get('/.well-known/jwks.json', jwksSchema, jwks);
};
