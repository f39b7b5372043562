import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../store/migrate.js';
import { openDatabase } from '../store/open.js';
import type { Database } from '../store/types.js';
import { batchedLimiter } from './batched-limit.js';
import { createRateLimiter } from './rate-limit.js';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({});
  await migrate(db);
});
afterAll(() => db.close());

const rule = { limit: 10, windowSeconds: 60 };
const storedCount = async (key: string) => (await db.query<{ count: number }>('select count from rate_limits where key = $1', [key])).rows[0]?.count;

describe('batched per-IP limiter', () => {
  it('writes to the shared counter once per interval, yet refuses past the limit', async () => {
    let t = 1_000_000;
    const limiter = batchedLimiter(createRateLimiter({ db, now: () => t }), { flushMs: 1000, now: () => t });
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await limiter.hit('ip:a', rule));
    expect(results.slice(0, 10).every((r) => r.allowed)).toBe(true);
    expect(results[10]).toMatchObject({ allowed: false, count: 11 });
    expect(results[10]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(await storedCount('ip:a')).toBe(1); // only the first hit has been flushed
    t += 1000;
    await limiter.hit('ip:a', rule);
    expect(await storedCount('ip:a')).toBe(13);
  });

  it('adds up the hits of two instances sharing one store', async () => {
    let t = 5_000_000;
    const a = batchedLimiter(createRateLimiter({ db, now: () => t }), { flushMs: 1000, now: () => t });
    const b = batchedLimiter(createRateLimiter({ db, now: () => t }), { flushMs: 1000, now: () => t });
    for (let i = 0; i < 6; i++) await a.hit('ip:b', rule);
    for (let i = 0; i < 3; i++) await b.hit('ip:b', rule);
    t += 1000;
    await a.hit('ip:b', rule);
    const last = await b.hit('ip:b', rule);
    // 6 + 3 + 1 + 1 hits in all: the second instance now sees everyone's total.
    expect(last).toMatchObject({ allowed: false, count: 11 });
  });
});
