/**
 * The JSON routes' side of a flow call: the scope from the request's access token or API key. The
 * hosted pages build theirs from the redirect session instead (sign-in/authorize.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Caller } from '../http/caller.js';
import { appError } from '../errors/catalogue.js';
import { resolveCaller } from '../http/resolve-caller.js';
import { cameThroughTrustedProxy, clientIp } from '../security/index.js';
import type { CallOrigin, FlowScope, MemberCaller } from './flow.js';

/**
 * The site a request acts on follows from its access token (visitor or member) or from a site API key
 * (docs/design.md §1.4). Flows that may arrive without a token (recovery links) pass a fallback client id.
 */
export async function scopeOf(
  request: FastifyRequest,
  ctx: AppContext,
  fallbackClientId?: unknown,
): Promise<FlowScope> {
  // These flows are how a shopper gets back in: a token whose session ended elsewhere is a signed-out caller.
  const caller = await resolveCaller(request, ctx, { endedSession: 'signed-out' });
  let siteId: string | undefined = caller.siteId;
  if (!siteId && fallbackClientId !== undefined) siteId = ctx.sites.findClient(fallbackClientId)?.site.id;
  const site = siteId ? ctx.sites.get(siteId) : undefined;
  if (!site)
    throw appError('UNAUTHORIZED', {
      description: 'Send a visitor or member access token (Authorization header) so the site is known',
    });
  return {
    caller,
    site,
    visitorId: caller.kind === 'visitor' ? caller.visitorId : undefined,
    ip: clientIp(request),
    headers: request.headers,
    viaTrustedProxy: cameThroughTrustedProxy(request),
  };
}

/** The origin alone, for flows whose site follows from their input (a recovery token). */
export const originOfRequest = (request: FastifyRequest): CallOrigin => ({ ip: clientIp(request) });

/**
 * A route's JSON body as an object: nothing (no body) is `{}`. For routes whose schema does not describe
 * a body (a non-object body is the application error these routes have always answered).
 */
export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const b = request.body;
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw appError('INVALID_ARGUMENT');
  return b as Record<string, unknown>;
}

/** The signed-in member's own calls: a member token whose session is live, or a 401. */
export async function memberScopeOf(
  request: FastifyRequest,
  ctx: AppContext,
): Promise<CallOrigin & { caller: MemberCaller }> {
  const caller = await resolveCaller(request, ctx);
  if (caller.kind !== 'member') throw appError('UNAUTHORIZED');
  return { caller, ip: clientIp(request) };
}

/** Whoever calls (a rejected token is an error, not a downgrade): routes that check the caller themselves. */
export async function callerScopeOf(
  request: FastifyRequest,
  ctx: AppContext,
): Promise<CallOrigin & { caller: Caller }> {
  return { caller: await resolveCaller(request, ctx), ip: clientIp(request) };
}
