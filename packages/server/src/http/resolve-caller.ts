import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Caller } from './caller.js';
import { appError } from '../errors/catalogue.js';
import { noteKeyUse } from './key-use.js';

/** Splits `Authorization` into the access token and, after a comma, an API key (docs/wire-format.md §1.3). */
export function parseAuthorization(header: string | undefined): {
  token: string | undefined;
  apiKey: string | undefined;
} {
  if (!header) return { token: undefined, apiKey: undefined };
  const value = header.replace(/^Bearer\s+/i, '').trim();
  const comma = value.indexOf(',');
  if (comma === -1) return { token: value || undefined, apiKey: undefined };
  return { token: value.slice(0, comma).trim() || undefined, apiKey: value.slice(comma + 1).trim() || undefined };
}

const invalidToken = (why: string) => appError('INVALID_TOKEN', { description: why });
export const sessionEnded = () => invalidToken('The session has ended; sign in again');

export interface ResolveOptions {
  /**
   * What a member token whose session has ended (logout elsewhere, password change, block…) stands for.
   * `reject` (the default, for routes that need the member): 401. `signed-out` (routes that need no
   * member: sign-in, registration, recovery, redirect sessions, public data): a signed-out caller of the
   * token's site. The `@wix/sdk` client never renews on a 401, so a 401 on the way back in would lock
   * the shopper out until the access token expires.
   */
  endedSession?: 'reject' | 'signed-out';
}

/**
 * Who is calling: an API key (site key or the server's admin key) wins over the access token;
 * a member token counts only while its session is active, so logout and revocation take effect at once.
 * A forged, expired or foreign credential is a 401, never a silent downgrade to anonymous.
 */
export async function resolveCaller(
  request: FastifyRequest,
  ctx: AppContext,
  options: ResolveOptions = {},
): Promise<Caller> {
  const { token, apiKey } = parseAuthorization(request.headers.authorization);
  const keyCandidate = apiKey ?? (token && !token.includes('.') ? token : undefined);
  if (keyCandidate) {
    const siteHeader = request.headers['x-vitrine-site-id'];
    const requestedSite = typeof siteHeader === 'string' ? siteHeader : undefined;
    if (ctx.apiKeys.isAdminKey(keyCandidate)) {
      if (requestedSite && !ctx.sites.get(requestedSite))
        throw appError('UNKNOWN_SITE', { description: `Unknown site "${requestedSite}"`, status: 400 });
      const siteId = requestedSite ?? (ctx.sites.sites.length === 1 ? ctx.sites.sites[0]!.id : undefined);
      // The admin API names its site in `siteId` (query or body): the use is filed under that site, so
      // with several sites it still shows in that site's audit log (not only under the server-wide "*").
      noteKeyUse(ctx, request, { kind: 'admin', siteId: siteId ?? namedSite(ctx, request), keyName: 'admin' });
      return { kind: 'admin', siteId, keyName: 'admin' };
    }
    const match = await ctx.apiKeys.matchSiteKey(keyCandidate);
    if (match) {
      noteKeyUse(ctx, request, { kind: 'site', siteId: match.siteId, keyName: match.keyName });
      return { kind: 'admin', siteId: match.siteId, keyName: match.keyName };
    }
    if (apiKey) throw appError('INVALID_API_KEY');
  }
  if (!token) return { kind: 'anonymous' };
  const verified = await ctx.tokens.verify(token);
  if (!verified.ok)
    throw invalidToken(
      verified.reason === 'expired' ? 'The access token has expired' : 'The access token is not valid',
    );
  const c = verified.claims;
  // The audience is the client the token was issued to; it must still be a client of the token's site
  // (a token of a removed or moved client is refused, and `aud` cannot disagree with `client_id`).
  if (c.aud !== c.client_id || ctx.sites.findClient(c.client_id)?.site.id !== c.site)
    throw invalidToken('The access token is not valid');
  if (c.role === 'visitor') return { kind: 'visitor', siteId: c.site, clientId: c.client_id, visitorId: c.sub };
  if (c.sid && (await ctx.tokens.isSessionActive(c.site, c.sid))) {
    return { kind: 'member', siteId: c.site, clientId: c.client_id, memberId: c.sub, sessionId: c.sid };
  }
  if (options.endedSession === 'signed-out')
    return { kind: 'anonymous', siteId: c.site, clientId: c.client_id, endedSession: true };
  throw sessionEnded();
}

/** A known site named by the request's `siteId` (query, then body), or undefined. */
function namedSite(ctx: AppContext, request: FastifyRequest): string | undefined {
  for (const source of [request.query, request.body]) {
    const value = source && typeof source === 'object' ? (source as Record<string, unknown>).siteId : undefined;
    if (typeof value === 'string' && ctx.sites.get(value)) return value;
  }
  return undefined;
}
