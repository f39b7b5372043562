import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { OAuthError } from '../errors/wire.js';
import { requestOrigin } from '../security/index.js';
import type { TokenRequest } from './token-request.js';
import type { TokenResponse } from './token-service.js';

/** One grant type of the token endpoint: validates its part of the request and returns tokens. */
export type GrantHandler = (input: TokenRequest, ctx: AppContext, request: FastifyRequest) => Promise<TokenResponse>;

/** The client a grant is for; unknown clients are `invalid_client` (RFC 6749 §5.2, 401). */
export function requireClient(ctx: AppContext, clientId: string | undefined) {
  if (!clientId) throw new OAuthError(400, 'invalid_request', 'clientId is required');
  const entry = ctx.sites.findClient(clientId);
  if (!entry) throw new OAuthError(401, 'invalid_client', 'unknown client id');
  return entry;
}

/** grant_type anonymous: a visitor's first tokens. */
export const anonymousGrant: GrantHandler = async (input, ctx) => {
  const { site, client } = requireClient(ctx, input.clientId);
  return ctx.tokens.issueVisitor(site, client);
};

/** grant_type refresh_token: visitor or member, with rotation as the client is configured. */
export const refreshTokenGrant: GrantHandler = async (input, ctx, request) => {
  const { site, client } = requireClient(ctx, input.clientId);
  if (!input.refreshToken) throw new OAuthError(400, 'invalid_request', 'refreshToken is required');
  return ctx.tokens.refresh(site, client, input.refreshToken, { events: ctx.authEvents, ...requestOrigin(request) });
};
