import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultHashSlots, hashSlots } from './hash-slots.js';
import { hashPassword, passwordHashing, verifyPassword } from './passwords.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('argon2id slots (security/hash-slots.ts)', () => {
  it('runs at most `size` at once, the others in the order they came, and frees a slot when work fails', async () => {
    const slots = hashSlots(2);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const work = (i: number) =>
      slots.run(async () => {
        started.push(i);
        most = Math.max(most, ++now);
        await pause(15);
        now--;
        if (i === 1) throw new Error('corrupt hash');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(work));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([0, 'failed', 2, 3, 4, 5]);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it('defaults to the cores available, at most the pool size, and takes VITRINE_PASSWORD_CONCURRENCY', () => {
    expect(defaultHashSlots({})).toBe(Math.max(1, Math.min(availableParallelism(), 4)));
    expect(defaultHashSlots({ UV_THREADPOOL_SIZE: '1' })).toBe(1);
    expect(defaultHashSlots({ UV_THREADPOOL_SIZE: '64' })).toBe(availableParallelism());
    expect(defaultHashSlots({ VITRINE_PASSWORD_CONCURRENCY: '6' })).toBe(6);
    expect(defaultHashSlots({ VITRINE_PASSWORD_CONCURRENCY: 'lots' })).toBe(defaultHashSlots({}));
  });

  it('holds every password hash and verify of the process to the slots, with the same answers', async () => {
    const stored = await hashPassword('correct horse battery staple');
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, passwordHashing.running)), 1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        verifyPassword(stored, i % 2 ? 'wrong horse' : 'correct horse battery staple'),
      ),
    );
    clearInterval(watch);
    expect(answers).toEqual([true, false, true, false, true, false]);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(defaultHashSlots());
    expect(passwordHashing.waiting).toBe(0);
  });
});
