import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/types.js';
import { startTestServer } from '../../test-support/server.js';
import { batchedLimiter } from './batched-limit.js';
import { createRateLimiter, type RateLimiter } from './rate-limit.js';
import { openMigratedPglite } from '../../test-support/database.js';

let db: Database;
beforeAll(async () => {
  db = await openMigratedPglite();
});
afterAll(() => db.close());

const rule = { limit: 10, windowSeconds: 60 };
const storedCount = async (key: string) =>
  (await db.query<{ count: number }>('select count from rate_limits where key = $1', [key])).rows[0]?.count;

/** The shared limiter with a count of its round trips (what batching saves). */
function counted(limiter: RateLimiter): RateLimiter & { calls: number } {
  const wrapper = {
    ...limiter,
    calls: 0,
    hit: (...args: Parameters<RateLimiter['hit']>) => (wrapper.calls++, limiter.hit(...args)),
  };
  return wrapper;
}

/** `total` hits on `key`, spread round-robin over the instances with `concurrency` in flight: how many were allowed. */
async function admitted(
  instances: Pick<RateLimiter, 'hit'>[],
  key: string,
  limit: number,
  total: number,
  concurrency = 8,
): Promise<number> {
  let next = 0;
  let allowed = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      if ((await instances[i % instances.length]!.hit(key, { limit, windowSeconds: 60 })).allowed) allowed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return allowed;
}

describe('batched per-IP limiter', () => {
  it('refuses past the limit with the count and a Retry-After', async () => {
    let t = 1_000_000;
    const limiter = batchedLimiter(createRateLimiter({ db, now: () => t }), { now: () => t });
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await limiter.hit('ip:a', rule));
    expect(results.slice(0, 10).every((r) => r.allowed)).toBe(true);
    expect(results[10]).toMatchObject({ allowed: false, count: 11 });
    expect(results[10]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[11]!.allowed).toBe(false);
    t += 61_000;
    expect((await limiter.hit('ip:a', rule)).allowed).toBe(true);
  });

  it('reaches the shared store in growing chunks, not once per hit', async () => {
    const shared = counted(createRateLimiter({ db }));
    const limiter = batchedLimiter(shared);
    for (let i = 0; i < 400; i++)
      expect((await limiter.hit('ip:busy', { limit: 1000, windowSeconds: 60 })).allowed).toBe(true);
    // Chunks of 1, 2, 4, 8, 16 (31 hits), then 19 of 20 (limit / 50): 24 round trips for 400 hits.
    expect(shared.calls).toBe(24);
    expect(await storedCount('ip:busy')).toBeLessThanOrEqual(400 + 20);
  });

  it('adds up the hits of two instances sharing one store', async () => {
    const t = 5_000_000;
    const a = batchedLimiter(createRateLimiter({ db, now: () => t }), { now: () => t });
    const b = batchedLimiter(createRateLimiter({ db, now: () => t }), { now: () => t });
    for (let i = 0; i < 6; i++) await a.hit('ip:b', rule);
    for (let i = 0; i < 3; i++) await b.hit('ip:b', rule);
    await a.hit('ip:b', rule);
    const last = await b.hit('ip:b', rule);
    // 6 + 3 + 1 + 1 hits in all: the second instance sees everyone's total.
    expect(last).toMatchObject({ allowed: false, count: 11 });
  });

  it('holds the limit within 10 % across two instances on one database, under concurrency (audit F-18)', async () => {
    const a = batchedLimiter(createRateLimiter({ db }));
    const b = batchedLimiter(createRateLimiter({ db }));
    const allowed = await admitted([a, b], `ip:two:${randomUUID()}`, 600, 900);
    expect(allowed).toBeGreaterThanOrEqual(540);
    expect(allowed).toBeLessThanOrEqual(600);
  });

  it('is exact for one instance, whatever the concurrency', async () => {
    expect(await admitted([batchedLimiter(createRateLimiter({ db }))], `ip:one:${randomUUID()}`, 600, 700, 16)).toBe(
      600,
    );
  });
});

describe('batched per-IP limiter on the test server database (PostgreSQL with VITRINE_TEST_DATABASE_URL)', () => {
  it('holds the limit within 10 % across two instances (audit F-18)', async () => {
    const server = await startTestServer();
    try {
      const instances = [0, 1].map(() => batchedLimiter(createRateLimiter({ db: server.ctx.db })));
      const allowed = await admitted(instances, `ip:pg:${randomUUID()}`, 600, 900);
      expect(allowed).toBeGreaterThanOrEqual(540);
      expect(allowed).toBeLessThanOrEqual(600);
    } finally {
      await server.close();
    }
  });
});

describe.runIf(process.env.REDIS_URL)('batched per-IP limiter (redis)', () => {
  it('holds the limit within 10 % across two instances sharing one Redis (audit F-18)', async () => {
    const prefix = `vitrine-test:${randomUUID()}:`;
    const sharedA = createRateLimiter({ db, redisUrl: process.env.REDIS_URL, prefix });
    const sharedB = createRateLimiter({ db, redisUrl: process.env.REDIS_URL, prefix });
    try {
      const allowed = await admitted([batchedLimiter(sharedA), batchedLimiter(sharedB)], 'ip:two', 600, 900);
      expect(allowed).toBeGreaterThanOrEqual(540);
      expect(allowed).toBeLessThanOrEqual(600);
    } finally {
      await sharedA.close();
      await sharedB.close();
    }
  });
});
