import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultHashSlots } from './hash-slots.js';
import { hashPassword, passwordHashing, verifyPassword } from './passwords.js';

describe('argon2id slots (security/hash-slots.ts)', () => {
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
