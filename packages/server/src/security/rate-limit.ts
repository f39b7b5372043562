import { deferWrite, shiftPlaceholders } from '../store/deferred-writes.js';
import type { Queryable, Row } from '../store/types.js';
import { type Peeked, type RateLimiter, result } from './rate-limit-result.js';

export type { AlongsideRead, Peeked, RateLimiter, RateLimitResult } from './rate-limit-result.js';

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
    ? lazyRedisLimiter(options.redisUrl, options.prefix ?? 'vitrine:rl:')
    : dbLimiter(options.db, now);
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

const OWN_COLUMNS = ['rl_count', 'rl_expires_ms', 'rl_peek_count', 'rl_peek_expires_ms', 'alongside_row'];
/** An alongside read's row without the columns `hitAndPeek` adds. */
function withoutOwnColumns(row: Row): Row {
  const read = { ...row };
  for (const column of OWN_COLUMNS) delete read[column];
  return read;
}

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
    async hitAndPeek(key, { limit, windowSeconds }, peekKey, alongside) {
      const t = now();
      // The peeked row is read from the statement's snapshot: a different key, so the upsert cannot touch it.
      // The alongside read joins as rows of its own (none: one row of nulls, told apart by `alongside_row`).
      const { rows } = await db.query<Row>(
        `with h as (${UPSERT})
         select h.count as rl_count, h.expires_ms as rl_expires_ms, p.count as rl_peek_count,
           p.expires_ms as rl_peek_expires_ms${alongside ? ', a.*' : ''}
         from h left join rate_limits p on p.key = $5 and p.expires_ms > $3${
           alongside
             ? ` left join (select true as alongside_row, x.* from (${shiftPlaceholders(alongside.sql, 5)}) x) a on true`
             : ''
         }`,
        [key, t + windowSeconds * 1000, t, 1, peekKey, ...(alongside?.params ?? [])],
      );
      await sweep(db, t);
      const row = rows[0]!;
      return {
        hit: result(Number(row.rl_count), limit, Number(row.rl_expires_ms) - t),
        peeked: peeked(row.rl_peek_count, row.rl_peek_expires_ms, t),
        ...(alongside && {
          alongside: rows.filter((r) => r.alongside_row === true).map(withoutOwnColumns),
        }),
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
      // Nobody reads its answer: inside a sign-in's transaction it goes out with the session's other writes.
      await deferWrite(tx, { sql: 'delete from rate_limits where key = $1', params: [key] });
    },
    async close() {},
  };
}

/**
 * The Redis limiter, its module (and ioredis) loaded at the first start with `REDIS_URL`: a server without
 * Redis never holds the client's code in memory. Each call waits for the same one-time load.
 */
function lazyRedisLimiter(url: string, prefix: string): RateLimiter {
  const ready = import('./rate-limit-redis.js').then((module) => module.redisLimiter(url, prefix));
  ready.catch(() => {}); // surfaced on the first call instead
  return {
    hit: async (...args) => (await ready).hit(...args),
    hitAndPeek: async (...args) => (await ready).hitAndPeek(...args),
    peek: async (key) => (await ready).peek(key),
    reset: async (...args) => (await ready).reset(...args),
    close: async () => (await ready).close(),
  };
}
