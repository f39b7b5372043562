import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Caller } from './caller.js';
import { ApplicationError } from './errors.js';

/** Splits `Authorization` into the access token and, after a comma, an API key (wire-contract §1.3). */
export function parseAuthorization(header: string | undefined): { token: string | undefined; apiKey: string | undefined } {
  if (!header) return { token: undefined, apiKey: undefined };
  const value = header.replace(/^Bearer\s+/i, '').trim();
  const comma = value.indexOf(',');
  if (comma === -1) return { token: value || undefined, apiKey: undefined };
  return { token: value.slice(0, comma).trim() || undefined, apiKey: value.slice(comma + 1).trim() || undefined };
}

const invalidToken = (why: string) => new ApplicationError(401, 'INVALID_TOKEN', why);

/**
 * Who is calling: an API key (site key or the server's admin key) wins over the access token;
 * a member token counts only while its session is active, so logout and revocation take effect at once.
 * A present but invalid credential is a 401, never a silent downgrade to anonymous.
 */
export async function resolveCaller(request: FastifyRequest, ctx: AppContext): Promise<Caller> {
  const { token, apiKey } = parseAuthorization(request.headers.authorization);
  const keyCandidate = apiKey ?? (token && !token.includes('.') ? token : undefined);
  if (keyCandidate) {
    const siteHeader = request.headers['x-vitrine-site-id'];
    const requestedSite = typeof siteHeader === 'string' ? siteHeader : undefined;
    if (ctx.apiKeys.isAdminKey(keyCandidate)) {
      if (requestedSite && !ctx.sites.get(requestedSite)) throw new ApplicationError(400, 'UNKNOWN_SITE', `Unknown site "${requestedSite}"`);
      return { kind: 'admin', siteId: requestedSite ?? (ctx.sites.sites.length === 1 ? ctx.sites.sites[0]!.id : undefined), keyName: 'admin' };
    }
    const match = ctx.apiKeys.findSiteKey(keyCandidate);
    if (match) return { kind: 'admin', siteId: match.siteId, keyName: match.keyName };
    if (apiKey) throw new ApplicationError(401, 'INVALID_API_KEY', 'The API key is not valid');
  }
  if (!token) return { kind: 'anonymous' };
  const verified = await ctx.tokens.verify(token);
  if (!verified.ok) throw invalidToken(verified.reason === 'expired' ? 'The access token has expired' : 'The access token is not valid');
  const c = verified.claims;
  if (c.role === 'visitor') return { kind: 'visitor', siteId: c.site, clientId: c.client_id, visitorId: c.sub };
  if (!c.sid || !(await ctx.tokens.isSessionActive(c.site, c.sid))) throw invalidToken('The session has ended; sign in again');
  return { kind: 'member', siteId: c.site, clientId: c.client_id, memberId: c.sub, sessionId: c.sid };
}
