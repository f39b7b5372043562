/**
 * Per-address rate limits of the data API (F-4): every write, and every heavy read (filters with at least
 * HEAVY_QUERY_OPERANDS operands, or query-referenced over as many items). Ordinary reads are never counted,
 * and counts go through the batched limiter (in memory, flushed to the shared store at most once a second per
 * address), so the read path pays no database round trip for them. Callers with a site API key or the admin
 * key are the shop's own backend and are not limited.
 *
 * `VITRINE_DATA_WRITE_RATE_LIMIT` (writes per address and minute, default 300) and
 * `VITRINE_DATA_QUERY_RATE_LIMIT` (heavy reads per address and minute, default 120); 0 turns a limit off.
 */
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../http/caller.js';
import type { ApplicationError } from '../errors/wire.js';
import { appError } from '../errors/catalogue.js';
import type { AppContext } from '../context.js';
import { batchedLimiter, clientIp, type RateLimiter } from '../security/index.js';
import { HEAVY_QUERY_OPERANDS } from './filter/limits.js';
import type { DataScope } from './scope.js';

export const DEFAULT_WRITES_PER_MINUTE = 300;
const WRITE_PATHS = new Set([
  '/items',
  '/items/update',
  '/items/save',
  '/items/patch',
  '/items/remove',
  '/items/truncate',
  '/items/replace-references',
]);

/** Whether a POST path of the data API (without its prefix) changes data. */
export function isWritePath(path: string): boolean {
  return WRITE_PATHS.has(path) || path.startsWith('/bulk/');
}

export const DEFAULT_HEAVY_READS_PER_MINUTE = 120;

export interface DataRateLimits {
  writesPerMinute: number;
  heavyReadsPerMinute: number;
}

function perMinute(raw: string | undefined, fallback: number): number {
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

export function dataRateLimits(env: NodeJS.ProcessEnv = process.env): DataRateLimits {
  return {
    writesPerMinute: perMinute(env.VITRINE_DATA_WRITE_RATE_LIMIT, DEFAULT_WRITES_PER_MINUTE),
    heavyReadsPerMinute: perMinute(env.VITRINE_DATA_QUERY_RATE_LIMIT, DEFAULT_HEAVY_READS_PER_MINUTE),
  };
}

export interface DataThrottle {
  /** Counts one write by the caller's address; throws 429 `WD_TOO_MANY_REQUESTS` over the limit. */
  write(request: FastifyRequest, caller: Caller): Promise<void>;
  /**
   * Counts one heavy read by the caller's address; throws 429 over the limit. Only the caller's kind is read
   * (keys are not counted), so other APIs with their own caller type share this budget (the Members API's queries).
   */
  heavyRead(request: FastifyRequest, caller: Pick<Caller, 'kind'>): Promise<void>;
}

function tooMany(retryAfterSeconds: number, what: string): ApplicationError {
  const error = appError('WD_TOO_MANY_REQUESTS', {
    description: `Too many ${what} from this address; try again in ${retryAfterSeconds} s.`,
    data: { retryAfterSeconds },
  });
  error.headers['retry-after'] = String(retryAfterSeconds);
  return error;
}

export function dataThrottle(limiter: Pick<RateLimiter, 'hit'>, limits: DataRateLimits): DataThrottle {
  const check = async (
    request: FastifyRequest,
    caller: Pick<Caller, 'kind'>,
    name: string,
    limit: number,
    what: string,
  ) => {
    if (limit === 0 || caller.kind === 'admin') return;
    const result = await limiter.hit(`ip:${name}:${clientIp(request)}`, { limit, windowSeconds: 60 });
    if (!result.allowed) throw tooMany(result.retryAfterSeconds, what);
  };
  return {
    write: (request, caller) => check(request, caller, 'data-write', limits.writesPerMinute, 'data writes'),
    heavyRead: (request, caller) =>
      check(request, caller, 'data-heavy-read', limits.heavyReadsPerMinute, 'heavy data queries'),
  };
}

/** Charges a read whose filters carry `operands` operands when that makes it heavy; ordinary reads return at once. */
export async function admitRead(scope: DataScope, operands: number): Promise<void> {
  if (operands >= HEAVY_QUERY_OPERANDS) await scope.throttleHeavyRead?.();
}

const shared = new WeakMap<object, DataThrottle>();

/**
 * The app's one data throttle: the data API, the catalog's product search, the sitemap's product files and the
 * Members API's queries count in the same per-address budget through the same batched limiter (one reservation per
 * address serves them all), with the limits read from the environment once per app.
 */
export function dataThrottleOf(ctx: Pick<AppContext, 'limiter' | 'now'>): DataThrottle {
  let throttle = shared.get(ctx.limiter);
  if (!throttle) {
    throttle = dataThrottle(batchedLimiter(ctx.limiter, { now: ctx.now }), dataRateLimits());
    shared.set(ctx.limiter, throttle);
  }
  return throttle;
}
