/**
 * The data scope of an HTTP request: who calls (resolve-caller), which site, the cursor key and the per-address
 * throttle. Shared by the REST routes and GraphQL so both see exactly the same caller, site and limits.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { resolveCaller } from '../http/resolve-caller.js';
import { batchedLimiter } from '../security/batched-limit.js';
import { dataErrors } from './errors.js';
import { cursorKeyFrom } from './paging.js';
import { dataReadLimits } from './read-limits.js';
import type { DataScope } from './scope.js';
import { dataRateLimits, dataThrottle, type DataThrottle } from './throttle.js';

export interface ScopeResolver {
  scopeOf(request: FastifyRequest): Promise<DataScope>;
  throttle: DataThrottle;
}

export function scopeResolver(ctx: AppContext): ScopeResolver {
  const cursorKey = cursorKeyFrom(ctx.tokens.keys.secretFor('data-cursor'));
  const throttle = dataThrottle(batchedLimiter(ctx.limiter, { now: ctx.now }), dataRateLimits());
  const readLimits = dataReadLimits();

  async function scopeOf(request: FastifyRequest): Promise<DataScope> {
    // A member token whose session ended reads public data of its site; what needs the member answers 401.
    const caller = await resolveCaller(request, ctx, { endedSession: 'signed-out' });
    const header = request.headers['x-vitrine-site-id'];
    const siteId =
      caller.kind === 'anonymous'
        ? (caller.siteId ?? (typeof header === 'string' && header ? header : ctx.config.storefront.siteId))
        : caller.siteId;
    if (!siteId) throw dataErrors.noSite('Name the site in the x-vitrine-site-id header when using the admin key');
    const site = ctx.sites.get(siteId);
    if (!site) throw dataErrors.noSite(`Unknown site "${siteId}"`);
    return {
      db: ctx.db,
      site,
      caller,
      now: ctx.now,
      cursorKey,
      log: ctx.log,
      throttleHeavyRead: () => throttle.heavyRead(request, caller),
      readLimits,
    };
  }
  return { scopeOf, throttle };
}
