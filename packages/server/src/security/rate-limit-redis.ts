/** Rate limit counters in Redis (`REDIS_URL`), loaded by security/rate-limit.ts only when Redis is set. */
import { Redis } from 'ioredis';
import { result, type RateLimiter } from './rate-limit-result.js';

export function redisLimiter(url: string, prefix: string): RateLimiter {
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
