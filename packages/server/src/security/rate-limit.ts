import { Redis } from 'ioredis';
import type { Queryable } from '../store/types.js';

/**
 * Fixed-window counters shared by every instance: in the database by default, in Redis when
 * `REDIS_URL` is set. A window opens at a key's first hit and lasts `windowSeconds`.
 */
export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window closes (0 when allowed and nothing to wait for). */
  retryAfterSeconds: number;
  /** Hits counted in the current window, this one included. */
  count: number;
}

export interface RateLimiter {
  /**
   * Counts `weight` hits (default 1; negative gives hits back) and says whether the key is still within `limit`.
   * `tx`: count inside that database transaction, so the count commits (or not) with the caller's other
   * writes and costs no commit of its own (the database limiter; Redis counts at once and ignores it).
   */
  hit(
    key: string,
    rule: { limit: number; windowSeconds: number },
    weight?: number,
    tx?: Queryable,
  ): Promise<RateLimitResult>;
  /** Current count without counting a hit. */
  peek(key: string): Promise<Peeked>;
  /**
   * `hit(key, rule)` and `peek(peekKey)` in one round trip (one statement; one Redis transaction): the
   * login throttle asks both before every password check (#11). `peekKey` must differ from `key`.
   */
  hitAndPeek(
    key: string,
    rule: { limit: number; windowSeconds: number },
    peekKey: string,
  ): Promise<{ hit: RateLimitResult; peeked: Peeked }>;
  /** Forgets the key; `tx` as for `hit`. */
  reset(key: string, tx?: Queryable): Promise<void>;
  close(): Promise<void>;
}

export interface Peeked {
  count: number;
  retryAfterSeconds: number;
}

export interface RateLimiterOptions {
  db: Queryable;
  redisUrl?: string | undefined;
  now?: () => number;
  /** Prefix of Redis keys, so tests and several servers can share one Redis. */
  prefix?: string;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const now = options.now ?? Date.now;
  return options.redisUrl
    ? redisLimiter(options.redisUrl, options.prefix ?? 'vitrine:rl:')
    : dbLimiter(options.db, now);
}

function result(count: number, limit: number, msLeft: number): RateLimitResult {
  const allowed = count <= limit;
  return { allowed, count, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(msLeft / 1000)) };
}

// One upsert: a new window starts when the stored one has ended, so concurrent hits never lose counts.
const UPSERT = `insert into rate_limits (key, count, expires_ms) values ($1, $4, $2)
         on conflict (key) do update set
           count = case when rate_limits.expires_ms <= $3 then $4 else rate_limits.count + $4 end,
           expires_ms = case when rate_limits.expires_ms <= $3 then excluded.expires_ms else rate_limits.expires_ms end
         returning count, expires_ms`;

const peeked = (count: unknown, expiresMs: unknown, t: number): Peeked =>
  count == null
    ? { count: 0, retryAfterSeconds: 0 }
    : { count: Number(count), retryAfterSeconds: Math.ceil((Number(expiresMs) - t) / 1000) };

function dbLimiter(db: Queryable, now: () => number): RateLimiter {
  let hits = 0;
  // Expired rows are harmless but would pile up; sweep now and then rather than on a timer.
  const sweep = async (tx: Queryable, t: number) => {
    if (++hits % 200 === 0) await tx.query('delete from rate_limits where expires_ms <= $1', [t]);
  };
  return {
    async hit(key, { limit, windowSeconds }, weight = 1, tx = db) {
      const t = now();
      const { rows } = await tx.query<{ count: number; expires_ms: number }>(UPSERT, [
        key,
        t + windowSeconds * 1000,
        t,
        weight,
      ]);
      await sweep(tx, t);
      const row = rows[0]!;
      return result(Number(row.count), limit, Number(row.expires_ms) - t);
    },
    async hitAndPeek(key, { limit, windowSeconds }, peekKey) {
      const t = now();
      // The peeked row is read from the statement's snapshot: a different key, so the upsert cannot touch it.
      const { rows } = await db.query<{
        count: number;
        expires_ms: number;
        peek_count: number | null;
        peek_expires_ms: number | null;
      }>(
        `with h as (${UPSERT})
         select h.count, h.expires_ms, p.count as peek_count, p.expires_ms as peek_expires_ms
         from h left join rate_limits p on p.key = $5 and p.expires_ms > $3`,
        [key, t + windowSeconds * 1000, t, 1, peekKey],
      );
      await sweep(db, t);
      const row = rows[0]!;
      return {
        hit: result(Number(row.count), limit, Number(row.expires_ms) - t),
        peeked: peeked(row.peek_count, row.peek_expires_ms, t),
      };
    },
    async peek(key) {
      const t = now();
      const { rows } = await db.query<{ count: number; expires_ms: number }>(
        'select count, expires_ms from rate_limits where key = $1 and expires_ms > $2',
        [key, t],
      );
      return peeked(rows[0]?.count, rows[0]?.expires_ms, t);
    },
    async reset(key, tx = db) {
      await tx.query('delete from rate_limits where key = $1', [key]);
    },
    async close() {},
  };
}

function redisLimiter(url: string, prefix: string): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Connection errors surface on the command promises; the event itself must not crash the process.
  redis.on('error', () => {});
  return {
    async hit(key, { limit, windowSeconds }, weight = 1) {
      const k = prefix + key;
      // SET NX opens the window with its TTL; INCR keeps the TTL. Works on every Redis since 2.6.12.
      const replies = await redis
        .multi()
        .set(k, '0', 'PX', windowSeconds * 1000, 'NX')
        .incrby(k, weight)
        .pttl(k)
        .exec();
      if (!replies) throw new Error('rate limit transaction aborted');
      const [, incr, ttl] = replies;
      if (incr?.[0] || ttl?.[0]) throw incr?.[0] ?? ttl?.[0];
      return result(Number(incr![1]), limit, Number(ttl![1]));
    },
    async hitAndPeek(key, { limit, windowSeconds }, peekKey) {
      const k = prefix + key;
      const p = prefix + peekKey;
      const replies = await redis
        .multi()
        .set(k, '0', 'PX', windowSeconds * 1000, 'NX')
        .incrby(k, 1)
        .pttl(k)
        .get(p)
        .pttl(p)
        .exec();
      if (!replies) throw new Error('rate limit transaction aborted');
      const failed = replies.find(([error]) => error);
      if (failed) throw failed[0];
      const [, [, count], [, ttl], [, peekCount], [, peekTtl]] = replies as [
        unknown,
        [null, number],
        [null, number],
        [null, string | null],
        [null, number],
      ];
      return {
        hit: result(Number(count), limit, Number(ttl)),
        peeked: { count: Number(peekCount ?? 0), retryAfterSeconds: peekTtl > 0 ? Math.ceil(peekTtl / 1000) : 0 },
      };
    },
    async peek(key) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      return { count: Number(count ?? 0), retryAfterSeconds: ttl > 0 ? Math.ceil(ttl / 1000) : 0 };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
