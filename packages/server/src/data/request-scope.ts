/**
 * The data scope of an HTTP request: who calls (resolve-caller), which site, the cursor key and the per-address
 * throttle. Shared by the REST routes and GraphQL so both see exactly the same caller, site and limits.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Caller } from '../http/caller.js';
import { resolveCaller } from '../http/resolve-caller.js';
import type { Database } from '../store/types.js';
import { dataErrors } from './errors.js';
import { cursorKeyFrom } from './paging.js';
import { dataReadLimits } from './read-limits.js';
import type { DataScope } from './scope.js';
import type { ModuleCollection } from './module-collections.js';
import { dataThrottleOf, type DataThrottle } from './throttle.js';

export interface ScopeResolver {
  scopeOf(request: FastifyRequest): Promise<DataScope>;
  throttle: DataThrottle;
}

/**
 * Who a caller is for read-your-writes (store/read-replica.ts): the member, visitor or key; an anonymous
 * caller by address, the only thing that ties their write to their next read.
 */
export function readerOf(caller: Caller, ip: string): string {
  if (caller.kind === 'member') return `member:${caller.siteId}:${caller.memberId}`;
  if (caller.kind === 'visitor') return `visitor:${caller.siteId}:${caller.visitorId}`;
  if (caller.kind === 'admin') return `key:${caller.siteId ?? '*'}:${caller.keyName}`;
  return `ip:${ip}`;
}

/** The database of a caller's data: reads routed to the replica when there is one (DATABASE_READ_URL). */
export function dataDatabase(ctx: AppContext, caller: Caller, ip: string): Database {
  return ctx.reads ? ctx.reads.forCaller(readerOf(caller, ip)) : ctx.db;
}

/** `modules`: the collections modules serve through the data service (module-collections.ts), if any. */
export function scopeResolver(ctx: AppContext, modules?: readonly ModuleCollection[]): ScopeResolver {
  const cursorKey = cursorKeyFrom(ctx.tokens.keys.secretFor('data-cursor'));
  const throttle = dataThrottleOf(ctx);
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
      db: dataDatabase(ctx, caller, request.ip),
      site,
      caller,
      now: ctx.now,
      cursorKey,
      log: ctx.log,
      throttleHeavyRead: () => throttle.heavyRead(request, caller),
      readLimits,
      modules,
    };
  }
  return { scopeOf, throttle };
}
