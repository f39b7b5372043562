import { describe, expect, it } from 'vitest';
import { workSlots } from './work-slots.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('work slots (concurrency/work-slots.ts)', () => {
  it('runs at most `size` at once, the others in the order they came, and frees a slot when work fails', async () => {
    const slots = workSlots(2);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const work = (i: number) =>
      slots.run(async () => {
        started.push(i);
        most = Math.max(most, ++now);
        await pause(15);
        now--;
        if (i === 1) throw new Error('work failed');
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(work));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([0, 'failed', 2, 3, 4, 5]);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });
});
