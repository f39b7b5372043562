import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Database } from '../store/index.js';
import { createRateLimiter, type RateLimiter } from './rate-limit.js';
import { openMigratedPglite } from '../../test-support/database.js';

let db: Database;
let clock = 1_000_000;
beforeAll(async () => {
  db = await openMigratedPglite();
});
afterAll(() => db.close());

async function exercise(limiter: RateLimiter, advance: (ms: number) => Promise<void>) {
  const key = `test:${randomUUID()}`;
  const rule = { limit: 3, windowSeconds: 2 };
  // hitAndPeek: one key counted, another read, in one round trip; exact under concurrency too.
  const peeked = `${key}:peeked`;
  expect(await limiter.hitAndPeek(`${key}:pair`, rule, peeked)).toEqual({
    hit: { allowed: true, count: 1, retryAfterSeconds: 0 },
    peeked: { count: 0, retryAfterSeconds: 0 },
  });
  await limiter.hit(peeked, { limit: 1, windowSeconds: 2 });
  const both = await limiter.hitAndPeek(`${key}:pair`, rule, peeked);
  expect(both.hit).toMatchObject({ allowed: true, count: 2 });
  expect(both.peeked.count).toBe(1);
  expect(both.peeked.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  expect(both.peeked.retryAfterSeconds).toBeLessThanOrEqual(2);
  expect((await limiter.peek(peeked)).count).toBe(1);
  const many = await Promise.all(
    Array.from({ length: 12 }, () => limiter.hitAndPeek(`${key}:many`, { limit: 5, windowSeconds: 60 }, peeked)),
  );
  expect(many.filter((r) => r.hit.allowed)).toHaveLength(5);
  expect(many.map((r) => r.hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  expect(many.every((r) => r.peeked.count === 1)).toBe(true);

  for (let i = 1; i <= 3; i++) expect(await limiter.hit(key, rule)).toMatchObject({ allowed: true, count: i });
  const blocked = await limiter.hit(key, rule);
  expect(blocked.allowed).toBe(false);
  expect(blocked.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(2);
  expect((await limiter.peek(key)).count).toBe(4);
  await advance(2100);
  expect(await limiter.hit(key, rule)).toMatchObject({ allowed: true, count: 1 });
  await limiter.reset(key);
  expect((await limiter.peek(key)).count).toBe(0);
  // a negative weight gives a hit back (a successful sign-in returns its own attempt)
  await limiter.hit(key, rule);
  await limiter.hit(key, rule);
  expect(await limiter.hit(key, rule, -1)).toMatchObject({ allowed: true, count: 1 });
}

describe('rate limiter (database)', () => {
  it('counts a fixed window and reopens it', async () => {
    const limiter = createRateLimiter({ db, now: () => clock });
    await exercise(limiter, async (ms) => {
      clock += ms;
    });
  });

  it('counts concurrent hits exactly', async () => {
    const limiter = createRateLimiter({ db, now: () => clock });
    const key = `c:${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => limiter.hit(key, { limit: 10, windowSeconds: 60 })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(Math.max(...results.map((r) => r.count))).toBe(20);
  });

  it('answers a read alongside hitAndPeek in the same statement: its rows (none, one or several), the count unchanged', async () => {
    const limiter = createRateLimiter({ db, now: () => clock });
    const key = `a:${randomUUID()}`;
    const rule = { limit: 5, windowSeconds: 60 };
    const read = (words: string[]) => ({
      sql: 'select w as word, $2::int4 as n from unnest($1::text[]) with ordinality as t(w, i) order by i',
      params: [words, 7],
    });
    const none = await limiter.hitAndPeek(key, rule, `${key}:peek`, read([]));
    expect(none).toEqual({
      hit: { allowed: true, count: 1, retryAfterSeconds: 0 },
      peeked: { count: 0, retryAfterSeconds: 0 },
      alongside: [],
    });
    await limiter.hit(`${key}:peek`, rule);
    const two = await limiter.hitAndPeek(key, rule, `${key}:peek`, read(['x', 'y']));
    expect(two.hit).toMatchObject({ allowed: true, count: 2 }); // two rows read: still one hit
    expect(two.peeked.count).toBe(1);
    expect(two.alongside).toEqual([
      { word: 'x', n: 7 },
      { word: 'y', n: 7 },
    ]);
    expect((await limiter.peek(key)).count).toBe(2);
  });

  it('two limiters on one database share counters (instances behind a balancer)', async () => {
    const a = createRateLimiter({ db, now: () => clock });
    const b = createRateLimiter({ db, now: () => clock });
    const key = `s:${randomUUID()}`;
    await a.hit(key, { limit: 1, windowSeconds: 60 });
    expect((await b.hit(key, { limit: 1, windowSeconds: 60 })).allowed).toBe(false);
  });
});

describe('rate limiter (database) inside a transaction', () => {
  it("counts and resets with the caller's transaction: kept on commit, undone on rollback", async () => {
    const limiter = createRateLimiter({ db, now: () => clock });
    const rule = { limit: 5, windowSeconds: 60 };
    const kept = `tx:${randomUUID()}`;
    await limiter.hit(kept, rule);
    await db.transaction(async (tx) => {
      await limiter.reset(kept, tx);
      expect(await limiter.hit(kept, rule, 1, tx)).toMatchObject({ count: 1 });
      await limiter.hit(kept, rule, 1, tx);
    });
    expect((await limiter.peek(kept)).count).toBe(2);

    const undone = `tx:${randomUUID()}`;
    await limiter.hit(undone, rule);
    await expect(
      db.transaction(async (tx) => {
        await limiter.reset(undone, tx);
        await limiter.hit(`${undone}:other`, rule, 1, tx);
        throw new Error('the sign-in failed after all');
      }),
    ).rejects.toThrow('the sign-in failed after all');
    expect((await limiter.peek(undone)).count).toBe(1);
    expect((await limiter.peek(`${undone}:other`)).count).toBe(0);
  });
});

describe.runIf(process.env.REDIS_URL)('rate limiter (redis)', () => {
  it('counts a fixed window and reopens it', async () => {
    const limiter = createRateLimiter({ db, redisUrl: process.env.REDIS_URL, prefix: `vitrine-test:${randomUUID()}:` });
    try {
      await exercise(limiter, (ms) => new Promise((r) => setTimeout(r, ms)));
    } finally {
      await limiter.close();
    }
  });

  it('two instances share counters through Redis, also under concurrency', async () => {
    const prefix = `vitrine-test:${randomUUID()}:`;
    const a = createRateLimiter({ db, redisUrl: process.env.REDIS_URL, prefix });
    const b = createRateLimiter({ db, redisUrl: process.env.REDIS_URL, prefix });
    try {
      const rule = { limit: 10, windowSeconds: 60 };
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit('shared', rule)));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      expect((await a.peek('shared')).count).toBe(20);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
